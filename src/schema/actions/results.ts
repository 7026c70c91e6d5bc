import { z } from 'zod';
import { CellSchema } from '../cell';
import { boundedList, boundedText, MAX_TEXT_CHARS, MAX_TOKENS } from '../limits';
import { Amount, OutcomeId } from '../rollRecord';
import { Id, Name } from './common';

/**
 * The settled line's words, quoted by the line that applies or discards it ("Mia applies: <its
 * summary>"), and the players' twin when they read another: the sentence its action said then.
 */
const SettledLineSchema = z.object({
  summary: boundedText(MAX_TEXT_CHARS),
  redacted: boundedText(MAX_TEXT_CHARS).optional(),
});

/** What an applied result changed on one character: HP and vigor, the square it was moved to. */
const AppliedChangeSchema = z.object({
  tokenId: OutcomeId,
  health: z.object({ hpBefore: Amount, hpAfter: Amount, vigorBefore: Amount, vigorAfter: Amount }).optional(),
  to: CellSchema.optional(),
});

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
  // The log line is narrated from these (src/table/intents/applyResultIntent.ts); absent in older logs.
  /** Who applied it. */
  by: Name.optional(),
  line: SettledLineSchema.optional(),
  changes: boundedList(AppliedChangeSchema, MAX_TOKENS * 2, 'changed tokens').optional(),
  /** Characters who surrendered since the roll: left out of the result. */
  surrendered: boundedList(OutcomeId, MAX_TOKENS * 2, 'characters').optional(),
});

/** Drops a pending result: the dice stay in the log, nothing changes (GM only). */
export const DiscardResultIntentSchema = z.object({
  kind: z.literal('discard-result'),
  logId: Id,
});

export const DiscardResultOutcomeSchema = z.object({
  kind: z.literal('discard-result'),
  logId: OutcomeId,
  /** Who discarded it, and its words (the log line is narrated from them); absent in older logs. */
  by: Name.optional(),
  line: SettledLineSchema.optional(),
});
