import { z } from 'zod';
import { boundedList, MAX_LIST_ITEMS, MAX_TOKENS } from '../limits';
import { Amount, DamageApplicationSchema, OutcomeId, StatusSaveSchema } from '../rollRecord';
import { TurnOrderSchema } from '../turnOrder';
import { Id, tokenOutcome } from './common';
import { EdgeSaveResultSchema } from './edges';

/** The side whose turn it is chooses who acts (players: one of theirs; GM: a foe). */
export const StartTurnIntentSchema = z.object({
  kind: z.literal('start-turn'),
  tokenId: Id,
  /** Take a slow turn (after all non-slow turns). */
  slow: z.boolean().default(false),
});

export const StartTurnOutcomeSchema = z.object({
  kind: z.literal('start-turn'),
  combatantId: OutcomeId,
  round: Amount,
  turnSerial: z.number().int().min(0),
  /** Blight damage at the start of the turn; null without blights. */
  blights: DamageApplicationSchema.nullable(),
  order: TurnOrderSchema,
  /** A slow turn ("starts a slow turn" in the log): the combatant says it, not the order; absent in older logs. */
  slow: z.boolean().optional(),
});

/** A character declared a slow turn: it acts after every non-slow turn. */
export const DeclareSlowOutcomeSchema = tokenOutcome('declare-slow').extend({ order: TurnOrderSchema });

export const EndTurnIntentSchema = z.object({
  kind: z.literal('end-turn'),
  tokenId: Id,
});

export const EndTurnOutcomeSchema = z.object({
  kind: z.literal('end-turn'),
  combatantId: OutcomeId,
  saves: boundedList(StatusSaveSchema, MAX_LIST_ITEMS, 'status saves'),
  order: TurnOrderSchema,
  /** The ending character's own edge save (older readers), and everyone's. */
  edge: EdgeSaveResultSchema.nullable(),
  edges: boundedList(EdgeSaveResultSchema, MAX_TOKENS, 'edge saves'),
  /** The round that began because everyone had acted; null when it did not. */
  nextRound: Amount.nullable(),
});

/** Start combat (resets turn order) or end it (clears blights, statuses stay per the rules). */
export const CombatIntentSchema = z.object({
  kind: z.enum(['start-combat', 'end-combat']),
});

export const StartCombatOutcomeSchema = z.object({
  kind: z.literal('start-combat'),
  order: TurnOrderSchema,
  /**
   * Hidden foes left out of the turn order until revealed: only in the GM's answer, never on
   * the public log line (the count alone would tell players foes are waiting).
   */
  hiddenLeftOut: Amount.optional(),
});

export const EndCombatOutcomeSchema = z.object({ kind: z.literal('end-combat'), round: Amount });
