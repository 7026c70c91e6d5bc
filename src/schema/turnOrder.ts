import { z } from 'zod';
import { SideSchema } from './cell';
import { boundedList, boundedText, MAX_ID_CHARS, MAX_TOKENS } from './limits';

/**
 * Where an encounter is in ICON's turn order ("Turn order"). Which combatants are slow, defeated or
 * still to act is read from the combatants themselves; this only keeps what they cannot tell.
 */
export const TurnOrderSchema = z.object({
  round: z.number().int().min(1),
  /** Increases by one at every turn start; interrupts remember it for "once during any turn". */
  turnSerial: z.number().int().min(0),
  /** The side that starts this round (round 1: a player character goes first). */
  roundStartSide: SideSchema,
  /** Side of the last completed turn this round; null before the first. */
  lastSide: SideSchema.nullable(),
  /** Whose turn it is; null between turns (the side up chooses who goes next). */
  currentId: boundedText(MAX_ID_CHARS).nullable(),
  /** Combatant ids that have taken their turn this round. */
  acted: boundedList(boundedText(MAX_ID_CHARS), MAX_TOKENS * 2, 'combatant ids'),
});
export type TurnOrder = z.infer<typeof TurnOrderSchema>;
