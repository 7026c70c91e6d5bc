import { z } from 'zod';
import { CellSchema } from '../cell';
import { boundedList, MAX_LIST_ITEMS } from '../limits';
import { MovementDamageSchema, MovementEventSchema } from '../movementRecord';
import { Amount, OutcomeId } from '../rollRecord';
import { Id, tokenOutcome } from './common';

/** Standard move, Run (1 action, half Speed rounded up) or Dash (2 actions, ignores engagement). */
export const MoveIntentSchema = z.object({
  kind: z.literal('move'),
  tokenId: Id,
  /** Squares entered in order, not including the start square; orthogonal steps only. */
  path: z.array(CellSchema).min(1).max(200),
  mode: z.enum(['move', 'run', 'dash']).default('move'),
});

export const MoveOutcomeSchema = z.object({
  kind: z.literal('move'),
  tokenId: OutcomeId,
  mode: z.enum(['move', 'run', 'dash']),
  from: CellSchema,
  to: CellSchema,
  cost: Amount,
  /** Squares available; null out of combat (nobody counts). */
  budget: Amount.nullable(),
  events: boundedList(MovementEventSchema, MAX_LIST_ITEMS * 8, 'movement events'),
  damage: boundedList(MovementDamageSchema, MAX_LIST_ITEMS * 8, 'movement damage'),
});

/** Take back the character's last move this turn, before it acts (docs/rules/movement.md#taking-back-a-move). */
export const UndoMoveIntentSchema = z.object({
  kind: z.literal('undo-move'),
  tokenId: Id,
});

/** The token goes from `from` back to `to`, with the movement and actions the move cost. */
export const UndoMoveOutcomeSchema = tokenOutcome('undo-move').extend({
  from: CellSchema,
  to: CellSchema,
  movementBack: Amount,
  actionsBack: Amount,
});
