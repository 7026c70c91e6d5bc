import { z } from 'zod';
import { DamageTypeSchema } from './ability';
import { CellSchema } from './cell';
import { RollModifierSchema } from './modifier';
import { BlightIdSchema } from './status';
import { MAX_JSON_STRING_CHARS } from './json';
import { LenientOutcomeSchema } from './outcome';
import { Direction8Schema, ForcedMoveKindSchema, MAX_FORCED_SQUARES } from './forcedMove';
import { atMost } from './limits';
import { CharacterSheetSchema } from './characterSheet';
import { AssetHashSchema } from './asset';
import {
  ChatIntentSchema,
  ClearDrawingsIntentSchema,
  DrawIntentSchema,
  EraseDrawingIntentSchema,
  RollIntentSchema,
} from './talkIntents';

const Id = z.string().min(1).max(64);

/** Standard move, Run (1 action, half Speed rounded up) or Dash (2 actions, ignores engagement). */
export const MoveIntentSchema = z.object({
  kind: z.literal('move'),
  tokenId: Id,
  /** Squares entered in order, not including the start square; orthogonal steps only. */
  path: z.array(CellSchema).min(1).max(200),
  mode: z.enum(['move', 'run', 'dash']).default('move'),
});

/** The basic attacks every PC has, besides the attack abilities of its stat block. */
export const BASIC_ATTACK_IDS = ['basic-melee', 'basic-ranged', 'basic-heavy'] as const;

/** Take back the character's last move this turn, before it acts (docs/rules/movement.md#taking-back-a-move). */
export const UndoMoveIntentSchema = z.object({
  kind: z.literal('undo-move'),
  tokenId: Id,
});

/** The way a shove goes, when the ability shoves (the user picks it; push and pull need none). */
const ShoveDirection = { direction: Direction8Schema.optional() };

/**
 * A single-target attack: a basic attack or an ability with the attack tag, against a character
 * (`targetId`) or a destructible terrain square (`targetCell`, docs/rules.md "Destructible terrain").
 */
export const AttackIntentSchema = z.object({
  kind: z.literal('attack'),
  attackerId: Id,
  targetId: Id.optional(),
  targetCell: CellSchema.optional(),
  abilityId: Id,
  ...ShoveDirection,
  /** Extra boons/curses the GM grants (source 'gm'); refused from players. */
  modifiers: z.array(RollModifierSchema).max(10).default([]),
});

const DirectionSchema = z.enum(['north', 'east', 'south', 'west']);

/**
 * Where one shape of an area pattern is put (the grid's ShapePlacement): Line by its first square
 * and direction, Blast/Close blast by centre, Arc square by square, Cross by centre (when ranged).
 */
export const ShapePlacementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('line'), start: CellSchema, direction: DirectionSchema }),
  z.object({ kind: z.literal('blast'), center: CellSchema }),
  z.object({ kind: z.literal('close-blast'), center: CellSchema }),
  z.object({ kind: z.literal('arc'), squares: z.array(CellSchema).min(1).max(60) }),
  z.object({ kind: z.literal('cross'), center: CellSchema.optional() }),
]);

/** An area ability placed on the map (Line, Blast, Close blast, Arc, Cross, combined). */
export const AreaIntentSchema = z.object({
  kind: z.literal('area'),
  casterId: Id,
  abilityId: Id,
  placement: z.object({ primary: ShapePlacementSchema, secondary: ShapePlacementSchema.optional() }),
  /** For a Cross with no listed range: which tied square is the attack space (attacker's choice). */
  attackSpace: CellSchema.optional(),
  modifiers: z.array(RollModifierSchema).max(10).default([]),
  ...ShoveDirection,
});

/**
 * A non-attack, non-area ability whose effect component simply happens, on one character (no
 * target = the user). `targetSave`: the ability's text says its effect relies on a save, so the
 * target saves first and a success avoids it.
 */
export const EffectIntentSchema = z.object({
  kind: z.literal('effect'),
  userId: Id,
  abilityId: Id,
  targetId: Id.optional(),
  targetSave: z.boolean().default(false),
  ...ShoveDirection,
});

/** End-of-turn save against one status. */
export const SaveIntentSchema = z.object({
  kind: z.literal('save'),
  tokenId: Id,
  statusId: Id,
});

/** The side whose turn it is chooses who acts (players: one of theirs; GM: a foe). */
export const StartTurnIntentSchema = z.object({
  kind: z.literal('start-turn'),
  tokenId: Id,
  /** Take a slow turn (after all non-slow turns). */
  slow: z.boolean().default(false),
});

export const EndTurnIntentSchema = z.object({
  kind: z.literal('end-turn'),
  tokenId: Id,
});

/** Interact, Rescue or Whack (1 action each). */
/** Longest note on a basic action ("pull the lever"); the Act panel's input carries it. */
export const MAX_ACTION_NOTE_CHARS = 200;

export const BasicActionIntentSchema = z.object({
  kind: z.literal('basic-action'),
  tokenId: Id,
  action: z.enum(['interact', 'rescue', 'whack']),
  targetId: Id.optional(),
  /** What is interacted with ("pull the lever"), shown in the log. */
  note: z.string().max(MAX_ACTION_NOTE_CHARS).optional(),
});

/** Drink an elixir (out of combat: heals half of max HP) or surrender (defeated, no wound). */
export const RecoveryIntentSchema = z.object({
  kind: z.enum(['drink-elixir', 'surrender']),
  tokenId: Id,
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

/** Drops a pending result: the dice stay in the log, nothing changes (GM only). */
export const DiscardResultIntentSchema = z.object({
  kind: z.literal('discard-result'),
  logId: Id,
});

// --- GM only -------------------------------------------------------------------------------

/** The GM's manual damage or healing (positive = damage), bypassing dice. */
export const AdjustHpIntentSchema = z.object({
  kind: z.literal('adjust-hp'),
  tokenId: Id,
  amount: z.number().int().min(-999).max(999),
  reason: z.string().max(200).default('GM adjustment'),
  /**
   * Damage through the rules (a positive amount): armor (unless `pierce`), resistance, vigor and
   * defeat, as an attack's damage of this type. Without it the amount comes straight off HP.
   */
  damageType: DamageTypeSchema.optional(),
  pierce: z.boolean().default(false),
});

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

/** Add or remove a status from the room's catalog (the GM, or the character's own player). */
export const StatusIntentSchema = z.object({
  kind: z.enum(['add-status', 'remove-status']),
  tokenId: Id,
  statusId: Id,
});

/** Add or remove a blight (burning, frostbite, poisoned, electrified): the GM only. */
export const BlightIntentSchema = z.object({
  kind: z.enum(['add-blight', 'remove-blight']),
  tokenId: Id,
  blightId: BlightIdSchema,
});

/** Move a token between the secrets doc (hidden) and the public doc (revealed). */
export const VisibilityIntentSchema = z.object({
  kind: z.enum(['reveal', 'hide']),
  tokenId: Id,
  /**
   * Reveal only: the token appears but its stat block stays in the secrets doc, so players never
   * receive its Defense, abilities or other stats (docs/table.md "Foes with hidden stats").
   */
  keepStatsHidden: z.boolean().default(false),
});

/** Start combat (resets turn order) or end it (clears blights, statuses stay per the rules). */
export const CombatIntentSchema = z.object({
  kind: z.enum(['start-combat', 'end-combat']),
});

/**
 * "Edges": a character removed by an edge comes back into play near where it left (a PC's player
 * at the start of its next turn; the GM for foes other than mobs).
 */
export const ReturnToPlayIntentSchema = z.object({
  kind: z.literal('return-to-play'),
  tokenId: Id,
});

/** Between fights (GM only): an interlude heals wounds; a new expedition refills elixirs. */
export const BetweenFightsIntentSchema = z.object({
  kind: z.enum(['interlude', 'new-expedition']),
});

/**
 * Interrupt offers (docs/table.md "Interrupt offers"): the GM `offer`s an interrupt whose trigger
 * happened (a free-text trigger, or one the table cannot see); its owner or the GM `decline`s one.
 */
export const InterruptOfferIntentSchema = z.object({
  kind: z.literal('interrupt-offer'),
  tokenId: Id,
  /** The ability's name or slug. */
  abilityId: Id,
  action: z.enum(['offer', 'decline']),
});

/**
 * A character's sheet, replaced whole (docs/table.md "Character sheets"): its owner or the GM;
 * a player changes only their choices (current job, active abilities, talents, notes, name), the
 * GM anything. The stat block is derived from the new sheet. `name` renames the character.
 */
export const EditSheetIntentSchema = z.object({
  kind: z.literal('edit-sheet'),
  tokenId: Id,
  sheet: CharacterSheetSchema,
  name: z.string().trim().min(1, 'a name is needed').max(80, atMost(80, 'characters')).optional(),
});

/**
 * A token's portrait (docs/table.md "Portraits"): an image uploaded to this room (its content
 * hash), or null to remove it. The owner of a character or the GM; the image must be the room's.
 */
export const SetPortraitIntentSchema = z.object({
  kind: z.literal('set-portrait'),
  tokenId: Id,
  portrait: AssetHashSchema.nullable(),
});

/**
 * Everything a client can ask the server to do. Players send intents; the server checks
 * permission and legality, rolls the dice and writes the outcome. Who may send which kind is
 * each action's `roles` (src/table/intents/actions.ts, docs/table/intents.md).
 */
export const IntentSchema = z.discriminatedUnion('kind', [
  MoveIntentSchema,
  UndoMoveIntentSchema,
  AttackIntentSchema,
  AreaIntentSchema,
  EffectIntentSchema,
  SaveIntentSchema,
  StartTurnIntentSchema,
  EndTurnIntentSchema,
  BasicActionIntentSchema,
  RecoveryIntentSchema,
  ChatIntentSchema,
  RollIntentSchema,
  DrawIntentSchema,
  EraseDrawingIntentSchema,
  ClearDrawingsIntentSchema,
  ApplyResultIntentSchema,
  DiscardResultIntentSchema,
  AdjustHpIntentSchema,
  ForceMoveIntentSchema,
  StatusIntentSchema,
  BlightIntentSchema,
  VisibilityIntentSchema,
  CombatIntentSchema,
  ReturnToPlayIntentSchema,
  BetweenFightsIntentSchema,
  InterruptOfferIntentSchema,
  EditSheetIntentSchema,
  SetPortraitIntentSchema,
]);
export type Intent = z.infer<typeof IntentSchema>;
export type IntentKind = Intent['kind'];
export type IntentOf<K extends IntentKind> = Extract<Intent, { kind: K }>;

/**
 * What the server answers: the outcome written to the log (one kind of the outcome union,
 * read leniently like the log's), or why
 * it was refused. The browser client parses every answer with it.
 */
export const IntentResultSchema = z.union([
  z.object({ ok: z.literal(true), outcome: LenientOutcomeSchema.optional() }),
  z.object({ ok: z.literal(false), reason: z.string().max(MAX_JSON_STRING_CHARS) }),
]);
export type IntentResult = z.infer<typeof IntentResultSchema>;

/**
 * Optional on every intent (beside its own fields): a random key the client picks per intent and
 * sends again when it retries, so a retried request is applied once and answers the first result.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8 to 64 letters, digits, "-" or "_"');
export const IntentKeySchema = z.object({ idempotencyKey: IdempotencyKeySchema.optional() });
