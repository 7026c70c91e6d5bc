import { z } from 'zod';
import { CellSchema } from '../cell';
import { OutcomeId, SaveRollSchema } from '../rollRecord';
import { Id, tokenOutcome } from './common';

/** Who may come back after an edge removed them, and when ("Edges"). */
const Returns = z.enum(['start-of-next-turn', 'gm-discretion', 'never']);

/**
 * "Edges": a character removed by an edge comes back into play near where it left (a PC's player
 * at the start of its next turn; the GM for foes other than mobs).
 */
export const ReturnToPlayIntentSchema = z.object({
  kind: z.literal('return-to-play'),
  tokenId: Id,
});

/** Back in play after an edge removed it ("Edges"): from the square it left, to where it stands. */
export const ReturnToPlayOutcomeSchema = tokenOutcome('return-to-play').extend({
  from: CellSchema,
  cell: CellSchema,
});

/** An edge save on its own log line (a character ending a turn on an edge space). */
export const EdgeSaveOutcomeSchema = z.object({
  kind: z.literal('edge-save'),
  combatantId: OutcomeId,
  roll: SaveRollSchema,
  /** Success: moved to the closest non-edge space (src/grid closestNonEdgePosition). */
  result: z.enum(['moves-to-closest-safe-space', 'removed-from-play']),
  returns: Returns,
});

/** An end-of-turn edge save with where the character went ("Edges"). */
export const EdgeSaveResultSchema = z.object({
  tokenId: OutcomeId,
  roll: SaveRollSchema,
  /** Closest free non-edge position on a success; null = none (removed). */
  to: CellSchema.nullable(),
  removed: z.boolean(),
  returns: Returns,
});
