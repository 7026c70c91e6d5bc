import { z } from 'zod';
import { Amount, OutcomeId } from '../rollRecord';
import { Id, Name } from './common';

/**
 * Writes a pending result (room setting `applyResults: 'on-confirm'`): the GM or the owner of the
 * entry's actor. `damageOverride` (GM only) replaces the rolled damage before armor and vigor.
 */
export const ApplyResultIntentSchema = z.object({
  kind: z.literal('apply-result'),
  logId: Id,
  damageOverride: z.number().int().min(0).max(999).optional(),
});

export const ApplyResultOutcomeSchema = z.object({
  kind: z.literal('apply-result'),
  logId: OutcomeId,
  override: z.object({ original: Amount, value: Amount, by: Name }).nullable(),
});

/** Drops a pending result: the dice stay in the log, nothing changes (GM only). */
export const DiscardResultIntentSchema = z.object({
  kind: z.literal('discard-result'),
  logId: Id,
});

export const DiscardResultOutcomeSchema = z.object({ kind: z.literal('discard-result'), logId: OutcomeId });
