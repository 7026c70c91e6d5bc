import { z } from 'zod';
import { AbilityBonusSchema } from './abilityBonus';
import { CellSchema, SideSchema } from './cell';
import { StatBlockSchema } from './statBlock';
import { BlightIdSchema } from './status';
import {
  atMost,
  boundedList,
  boundedRecord,
  boundedText,
  MAX_ID_CHARS,
  MAX_LIST_ITEMS,
  MAX_NAME_CHARS,
  MAX_STAT,
} from './limits';

/** A counter or pool: 0..MAX_STAT × 10 (HP and vigor are multiples of Health, up to MAX_STAT). */
const Amount = z
  .number()
  .int()
  .min(0)
  .max(MAX_STAT * 10, atMost(MAX_STAT * 10, ''));
/** Uses per ability name (the no-repeats rule, X/turn, X/round, interrupts). */
const UsesByName = boundedRecord(Amount, MAX_LIST_ITEMS, 'ability names');

/** A status on a combatant; `ongoing` ones cannot be saved off (e.g. from the bearer's own ability). */
export const AppliedStatusSchema = z.object({
  id: boundedText(MAX_ID_CHARS).min(1),
  ongoing: z.boolean().default(false),
  /** Who or what applied it, for the log. */
  source: boundedText(MAX_NAME_CHARS).optional(),
});
export type AppliedStatus = z.infer<typeof AppliedStatusSchema>;

/** What a combatant has spent on its current turn; reset at the start of its turn. */
export const TurnUsageSchema = z.object({
  /** Actions spent of the two per turn. */
  actionsUsed: z.number().int().min(0).max(2).default(0),
  /** Squares of the standard move already used. */
  movementUsed: Amount.default(0),
  /** The standard move is gone (spent by a 2-actions-and-move ability). */
  moveSpent: z.boolean().default(false),
  /** Times each action/ability (by name) was used this turn — the no-repeats rule. */
  used: UsesByName.default({}),
});
export type TurnUsage = z.infer<typeof TurnUsageSchema>;

/** Nothing spent yet: a new combatant, the start of its turn, the end of combat. */
export function emptyTurnUsage(): TurnUsage {
  return { actionsUsed: 0, movementUsed: 0, moveSpent: false, used: {} };
}

/**
 * The character's last move this turn, kept so its player may take it back before acting
 * (docs/rules/movement.md#taking-back-a-move): where it went, what it cost, and fingerprints of the
 * character's state right after it (anything that changes them since ends the chance).
 */
export const LastMoveSchema = z.object({
  /** TurnOrder.turnSerial of the turn the move was made in. */
  turnSerial: z.number().int().min(0),
  from: CellSchema,
  to: CellSchema,
  /** Dangerous terrain or a fall hurt the mover: such a move stands. */
  dealtDamage: z.boolean(),
  /** What the move spent, to give back: the turn's usage and the round's counts before it. */
  before: z.object({ turn: TurnUsageSchema, usedThisRound: UsesByName }),
  /** Short hashes (docs: `moveFingerprints`) of the action economy and of the rest, after the move. */
  actedMark: z.string().max(16),
  stateMark: z.string().max(16),
});
export type LastMove = z.infer<typeof LastMoveSchema>;

/** A combatant's live state in an encounter, beside its stat block. Position lives on its token. */
export const CombatantSchema = z.object({
  id: boundedText(MAX_ID_CHARS).min(1),
  /** Display name ("Goblin 2"); defaults to the stat block's. */
  name: boundedText(MAX_NAME_CHARS).min(1),
  side: SideSchema,
  statBlock: StatBlockSchema,
  hp: Amount,
  vigor: Amount.default(0),
  /** 0..3; a fourth wound kills a PC instead. */
  wounds: z.number().int().min(0).max(3).default(0),
  statuses: boundedList(AppliedStatusSchema, MAX_LIST_ITEMS, 'statuses').default([]),
  /** Distinct blight kinds, at most four. */
  blights: z
    .array(BlightIdSchema)
    .max(4)
    .refine((list) => new Set(list).size === list.length, 'blights must be distinct')
    .default([]),
  incapacitated: z.boolean().default(false),
  defeated: z.boolean().default(false),
  dead: z.boolean().default(false),
  surrendered: z.boolean().default(false),
  /** Chose (or was forced into) a slow turn this round. */
  slowTurn: z.boolean().default(false),
  turn: TurnUsageSchema.default(emptyTurnUsage),
  /** Uses per ability name this round (for X/round limits). */
  usedThisRound: UsesByName.default({}),
  /** Used an attack-tag ability or basic attack this round. */
  attackedThisRound: z.boolean().default(false),
  /** Interrupt uses per ability name since the start of this combatant's last turn. */
  interruptsSinceTurn: UsesByName.default({}),
  /** Per interrupt name, the turn serial (TurnOrder.turnSerial) it was last used in: once per any turn. */
  interruptLastTurn: boundedRecord(z.number().int().min(0), MAX_LIST_ITEMS, 'interrupt names').default({}),
  elixirs: Amount.default(2),
  /** The move its player may still take back (null once none can be). */
  lastMove: LastMoveSchema.nullable().default(null),
  /** Resolve built up this combat ("Limit Breaks"); Limit Breaks spend it (docs/rules.md). */
  resolve: Amount.default(0),
  /** "Your next ability" bonuses waiting, oldest first; the next ability used takes them all. */
  nextAbility: boundedList(AbilityBonusSchema, MAX_LIST_ITEMS, 'next-ability bonuses').default([]),
  /**
   * The bonus of the ability being used now (its next-ability bonuses plus a slow-turn bonus),
   * set when the ability is paid for and read by every roll of that ability; null = none.
   */
  abilityBonus: AbilityBonusSchema.nullable().default(null),
  /** Removed from play by an edge: where it left the battlefield ("Edges"); null = in play. */
  removedFromPlay: z
    .object({ cell: CellSchema, returns: z.enum(['start-of-next-turn', 'gm-discretion', 'never']) })
    .nullable()
    .default(null),
});
export type Combatant = z.infer<typeof CombatantSchema>;
export type CombatantInput = z.input<typeof CombatantSchema>;

/**
 * A combatant's live state as a room stores it: everything but the stat block, which is kept
 * apart so the GM can keep a foe's numbers secret while its HP bar stays public.
 */
export const CombatantStateSchema = CombatantSchema.omit({ statBlock: true });
export type CombatantState = z.infer<typeof CombatantStateSchema>;

/**
 * Some fields of a combatant state, each validated by its own schema and none filled in by a
 * default: what a diff or a pending result says changed (src/schema/tableDiff.ts). Unknown keys
 * are dropped, so a field a later version removed cannot be written back.
 */
export const CombatantFieldsSchema: z.ZodType<Partial<CombatantState>> = z.object(
  Object.fromEntries(
    Object.entries(CombatantStateSchema.shape).map(([key, schema]) => [
      key,
      (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
    ]),
  ),
) as unknown as z.ZodType<Partial<CombatantState>>;
