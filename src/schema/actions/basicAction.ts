import { z } from 'zod';
import { boundedText, MAX_TEXT_CHARS } from '../limits';
import { Amount, DamageApplicationSchema, OutcomeId } from '../rollRecord';
import { Id, tokenOutcome } from './common';

/** Longest note on a basic action ("pull the lever"); the Act panel's input carries it. */
export const MAX_ACTION_NOTE_CHARS = 200;

/** Interact, Rescue or Whack (1 action each). */
export const BasicActionIntentSchema = z.object({
  kind: z.literal('basic-action'),
  tokenId: Id,
  action: z.enum(['interact', 'rescue', 'whack']),
  targetId: Id.optional(),
  /** What is interacted with ("pull the lever"), shown in the log. */
  note: z.string().max(MAX_ACTION_NOTE_CHARS).optional(),
});

export const InteractOutcomeSchema = tokenOutcome('interact').extend({ note: boundedText(MAX_TEXT_CHARS) });
export const RescueOutcomeSchema = tokenOutcome('rescue').extend({ targetId: OutcomeId, hp: Amount });
export const WhackOutcomeSchema = tokenOutcome('whack').extend({
  targetId: OutcomeId,
  application: DamageApplicationSchema,
});
