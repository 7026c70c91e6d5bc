import { z } from 'zod';
import { OutcomeId, SaveRollSchema } from '../rollRecord';
import { Id, tokenOutcome } from './common';

/** End-of-turn save against one status. */
export const SaveIntentSchema = z.object({
  kind: z.literal('save'),
  tokenId: Id,
  statusId: Id,
});

export const SaveOutcomeSchema = tokenOutcome('save').extend({
  statusId: OutcomeId,
  roll: SaveRollSchema,
  ended: z.boolean(),
});
