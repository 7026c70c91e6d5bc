import { z } from 'zod';
import { CellSchema } from '../cell';
import { ForcedMoveKindSchema, MAX_FORCED_SQUARES } from '../forcedMove';
import { atMost, boundedList, boundedText, MAX_LIST_ITEMS, MAX_TEXT_CHARS, MAX_TOKENS } from '../limits';
import { MovementDamageSchema, MovementEventSchema, PathSchema } from '../movementRecord';
import { Amount, OutcomeId } from '../rollRecord';
import { Id, ShoveDirection } from './common';
import { SwapPlacesOutcomeSchema } from './swapPlaces';

/**
 * The GM moves a character by force (push / pull / shove N), by the same rules and with the same
 * damage as an ability's (docs/table.md "Forced movement"); the GM's drag stays a free placement.
 * Push and pull go away from / toward `sourceId` (a token) or `sourceCell` (a square).
 */
export const ForceMoveIntentSchema = z.object({
  kind: z.literal('force-move'),
  tokenId: Id,
  move: ForcedMoveKindSchema,
  squares: z
    .number()
    .int()
    .min(1, 'a forced move is at least 1 square')
    .max(MAX_FORCED_SQUARES, atMost(MAX_FORCED_SQUARES, 'squares for a forced move')),
  sourceId: Id.optional(),
  sourceCell: CellSchema.optional(),
  ...ShoveDirection,
});

/**
 * Forced movement (push, pull, shove: src/grid/forcedMove.ts) of one character, by an ability
 * (inside its attack / area / effect outcome, `forced`) or by the GM (`force-move`, on its own).
 */
export const ForcedMoveOutcomeSchema = z.object({
  kind: z.literal('forced-move'),
  move: ForcedMoveKindSchema,
  /** Who caused it (the ability's user; 'gm' for the GM's intent), and who moved. */
  sourceId: OutcomeId,
  tokenId: OutcomeId,
  direction: boundedText(20),
  requested: Amount,
  moved: Amount,
  from: CellSchema,
  to: CellSchema,
  path: PathSchema,
  /** Why it stopped short (or 'complete'), as the grid names it. */
  stop: boundedText(40),
  /** The sentence the log shows ("Ruin Drake is pushed 2 squares west and falls 2 levels: 2 damage"). */
  text: boundedText(MAX_TEXT_CHARS),
  events: boundedList(MovementEventSchema, MAX_LIST_ITEMS * 8, 'movement events'),
  damage: boundedList(MovementDamageSchema, MAX_LIST_ITEMS * 8, 'movement damage'),
});
export type ForcedMoveOutcome = z.infer<typeof ForcedMoveOutcomeSchema>;

/**
 * A character an ability's component would move that stays where it is (out of the fight, nowhere
 * to go, a swap that cannot be made): the sentence says why.
 */
export const NotMovedOutcomeSchema = z.object({
  kind: z.literal('not-moved'),
  tokenId: OutcomeId,
  text: boundedText(MAX_TEXT_CHARS),
});

/** A character an ability moved: pushed, pulled or shoved, swapped with its user, or not moved. */
export const AbilityMoveOutcomeSchema = z.discriminatedUnion('kind', [
  ForcedMoveOutcomeSchema,
  SwapPlacesOutcomeSchema,
  NotMovedOutcomeSchema,
]);
export type AbilityMoveOutcome = z.infer<typeof AbilityMoveOutcomeSchema>;

/** The moves an ability caused, in order (absent in entries written before forced movement). */
export const Forced = {
  forced: boundedList(AbilityMoveOutcomeSchema, MAX_TOKENS * 2, 'forced moves').optional(),
};
