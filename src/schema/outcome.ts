import { z } from 'zod';
import { ChatRollSchema } from './chat';
import { AssetHashSchema } from './asset';
import { CellSchema } from './cell';
import { JsonValueSchema } from './json';
import {
  boundedList,
  boundedText,
  MAX_LIST_ITEMS,
  MAX_NAME_CHARS,
  MAX_TEXT_CHARS,
  MAX_TOKENS,
} from './limits';
import { MovementDamageSchema, MovementEventSchema, PathSchema } from './movementRecord';
import {
  Amount,
  AttackOutcomeSchema,
  DamageApplicationSchema,
  DamageRollSchema,
  EffectOutcomeSchema,
  OutcomeId,
  SaveRollSchema,
  StatusSaveSchema,
} from './rollRecord';
import { TurnOrderSchema } from './turnOrder';

/**
 * Every outcome the server writes, one kind each (docs/table.md "Adding an ability outcome"): what
 * an intent answers and what its log entry keeps, with every die and modifier so the log can
 * explain any number. State changes are NOT here: they are the entry's table diff
 * (src/schema/tableDiff.ts). Views switch on `kind`; a new kind makes the compiler point at them.
 */

const Name = boundedText(MAX_NAME_CHARS);
const Cells = (what: string) => boundedList(CellSchema, MAX_TOKENS * 8, what);
const token = <K extends string>(kind: K) => z.object({ kind: z.literal(kind), tokenId: OutcomeId });

/**
 * Forced movement (push, pull, shove: src/grid/forcedMove.ts) of one character, by an ability
 * (inside its attack / area / effect outcome, `forced`) or by the GM (`force-move`, on its own).
 */
export const ForcedMoveOutcomeSchema = z.object({
  kind: z.literal('forced-move'),
  move: z.enum(['push', 'pull', 'shove']),
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

/** The forced moves an ability caused (absent in entries written before forced movement). */
const Forced = { forced: boundedList(ForcedMoveOutcomeSchema, MAX_TOKENS, 'forced moves').optional() };

/** One destructible square hit ("Destructible terrain"): HP and height before and after. */
export const TerrainHitSchema = CellSchema.extend({
  damage: Amount,
  hpBefore: Amount,
  hpAfter: Amount,
  heightBefore: Amount,
  heightAfter: Amount,
  destroyed: z.boolean(),
});
export type TerrainHit = z.infer<typeof TerrainHitSchema>;
const TerrainHits = boundedList(TerrainHitSchema, MAX_TOKENS * 8, 'damaged squares');

/**
 * An attack on destructible terrain (attack intent with `targetCell`): it hits automatically and
 * the rolled damage lowers the square a level per 10 HP (docs/rules.md "Destructible terrain").
 */
export const TerrainDamageOutcomeSchema = z.object({
  kind: z.literal('terrain-damage'),
  sourceId: OutcomeId,
  ability: Name.optional(),
  damage: DamageRollSchema.nullable().optional(),
  squares: TerrainHits,
});

export const AttackResultSchema = AttackOutcomeSchema.extend({
  /** Squares between the footprints, and the range after the height bonus. */
  distance: Amount,
  effectiveRange: Amount,
  ...Forced,
});

/** An area ability ("Area of effect"): the pattern placed, the attack part, the area effects. */
export const AreaOutcomeSchema = z.object({
  kind: z.literal('area'),
  ability: Name,
  casterId: OutcomeId,
  pattern: Name,
  attackSpace: CellSchema.nullable(),
  areaSpaces: Cells('area squares'),
  affected: boundedList(
    z.object({ id: OutcomeId, inAttackSpace: z.boolean(), cover: z.boolean(), lineOfSight: z.boolean() }),
    MAX_TOKENS,
    'affected characters',
  ),
  attack: AttackOutcomeSchema.nullable(),
  areaEffects: boundedList(EffectOutcomeSchema, MAX_TOKENS, 'area effects'),
  ...Forced,
  /** Destructible squares in the area that took damage (absent in older entries). */
  terrain: TerrainHits.optional(),
});

/** A non-attack ability on one character; `save` when the effect relies on one. */
export const EffectAbilityOutcomeSchema = z.object({
  kind: z.literal('effect'),
  ability: Name,
  userId: OutcomeId,
  targetId: OutcomeId,
  interrupt: z.boolean(),
  save: SaveRollSchema.nullable(),
  effect: EffectOutcomeSchema.nullable(),
  ...Forced,
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

/** An end-of-turn edge save with where the character went ("Edges"). */
export const EdgeSaveResultSchema = z.object({
  tokenId: OutcomeId,
  roll: SaveRollSchema,
  /** Closest free non-edge position on a success; null = none (removed). */
  to: CellSchema.nullable(),
  removed: z.boolean(),
  returns: z.enum(['start-of-next-turn', 'gm-discretion', 'never']),
});

const BLIGHT_FIELDS = { tokenId: OutcomeId, blightId: OutcomeId };

/** The one union: add a kind here, and the compiler lists every view that must show it. */
export const OutcomeSchema = z.discriminatedUnion('kind', [
  AttackResultSchema,
  AreaOutcomeSchema,
  EffectAbilityOutcomeSchema,
  MoveOutcomeSchema,
  ForcedMoveOutcomeSchema,
  TerrainDamageOutcomeSchema,
  // Taking back a move (docs/rules/movement.md#taking-back-a-move): the token goes from `from` back to `to`.
  token('undo-move').extend({ from: CellSchema, to: CellSchema, movementBack: Amount, actionsBack: Amount }),
  token('interact').extend({ note: boundedText(MAX_TEXT_CHARS) }),
  token('rescue').extend({ targetId: OutcomeId, hp: Amount }),
  token('whack').extend({ targetId: OutcomeId, application: DamageApplicationSchema }),
  token('save').extend({ statusId: OutcomeId, roll: SaveRollSchema, ended: z.boolean() }),
  z.object({
    kind: z.literal('edge-save'),
    combatantId: OutcomeId,
    roll: SaveRollSchema,
    result: z.enum(['moves-to-closest-safe-space', 'removed-from-play']),
    returns: z.enum(['start-of-next-turn', 'gm-discretion', 'never']),
  }),
  token('drink-elixir').extend({ healed: Amount, hp: Amount }),
  token('surrender'),
  z.object({
    kind: z.literal('apply-result'),
    logId: OutcomeId,
    override: z.object({ original: Amount, value: Amount, by: Name }).nullable(),
  }),
  z.object({ kind: z.literal('discard-result'), logId: OutcomeId }),
  token('adjust-hp').extend({ amount: Amount, hpBefore: Amount, hpAfter: Amount }),
  token('add-status').extend({ statusId: OutcomeId }),
  token('remove-status').extend({ statusId: OutcomeId }),
  z.object({ kind: z.literal('add-blight'), ...BLIGHT_FIELDS }),
  z.object({ kind: z.literal('remove-blight'), ...BLIGHT_FIELDS }),
  token('reveal'),
  token('hide'),
  z.object({
    kind: z.literal('start-combat'),
    order: TurnOrderSchema,
    /**
     * Hidden foes left out of the turn order until revealed: only in the GM's answer, never on
     * the public log line (the count alone would tell players foes are waiting).
     */
    hiddenLeftOut: Amount.optional(),
  }),
  z.object({ kind: z.literal('end-combat'), round: Amount }),
  z.object({
    kind: z.literal('start-turn'),
    combatantId: OutcomeId,
    round: Amount,
    turnSerial: z.number().int().min(0),
    /** Blight damage at the start of the turn; null without blights. */
    blights: DamageApplicationSchema.nullable(),
    order: TurnOrderSchema,
  }),
  token('declare-slow').extend({ order: TurnOrderSchema }),
  z.object({
    kind: z.literal('end-turn'),
    combatantId: OutcomeId,
    saves: boundedList(StatusSaveSchema, MAX_LIST_ITEMS, 'status saves'),
    order: TurnOrderSchema,
    /** The ending character's own edge save (older readers), and everyone's. */
    edge: EdgeSaveResultSchema.nullable(),
    edges: boundedList(EdgeSaveResultSchema, MAX_TOKENS, 'edge saves'),
    /** The round that began because everyone had acted; null when it did not. */
    nextRound: Amount.nullable(),
  }),
  z.object({ kind: z.literal('chat'), from: Name, text: boundedText(MAX_TEXT_CHARS) }),
  /** A roll made in chat, as stored on its chat line. */
  z.object({ kind: z.literal('roll'), from: Name, roll: ChatRollSchema }),
  /** A drawing added (its id) or drawings erased (how many). */
  z.object({ kind: z.literal('draw'), drawingId: OutcomeId }),
  z.object({ kind: z.literal('erase-drawings'), count: Amount }),
  /** Back in play after an edge removed it ("Edges"): from the square it left, to where it stands. */
  token('return-to-play').extend({ from: CellSchema, cell: CellSchema }),
  /** Between fights: wounds each PC recovered; elixirs every PC now has. */
  z.object({
    kind: z.literal('interlude'),
    healed: boundedList(z.object({ tokenId: OutcomeId, wounds: Amount }), MAX_TOKENS, 'characters'),
  }),
  z.object({ kind: z.literal('new-expedition'), elixirs: Amount }),
  /** An interrupt offer the GM made (a free-text trigger confirmed) or its owner declined. */
  token('interrupt-offer').extend({ ability: Name, action: z.enum(['offer', 'decline']) }),
  /** A character sheet edited: what changed, in words ("Guard 1 active", "notes"). */
  token('edit-sheet').extend({
    changes: boundedList(boundedText(MAX_TEXT_CHARS), MAX_LIST_ITEMS, 'changes'),
  }),
  /** A token's portrait set (an image of the room, by content hash) or removed (null). */
  token('set-portrait').extend({ portrait: AssetHashSchema.nullable() }),
]);
export type Outcome = z.infer<typeof OutcomeSchema>;
export type OutcomeKind = Outcome['kind'];
export type OutcomeOf<K extends OutcomeKind> = Extract<Outcome, { kind: K }>;
export const OUTCOME_KINDS = OutcomeSchema.options.map((o) => o.shape.kind.value) as OutcomeKind[];

/**
 * What players receive instead when a stat block the GM keeps hidden is involved (docs/table.md
 * "Foes with hidden stats"): the kind, the attack verdict, the applied entry's id; nothing else.
 */
export const RedactedOutcomeSchema = z.object({
  kind: z.enum(OUTCOME_KINDS as [OutcomeKind, ...OutcomeKind[]]),
  result: z.enum(['hit', 'miss', 'critical']).optional(),
  logId: OutcomeId.optional(),
  redacted: z.literal(true),
});
export type RedactedOutcome = z.infer<typeof RedactedOutcomeSchema>;

/** An outcome as stored in the log and sent in an intent's answer. */
export const StoredOutcomeSchema = z.union([RedactedOutcomeSchema, OutcomeSchema]);
export type StoredOutcome = z.infer<typeof StoredOutcomeSchema>;

/**
 * A stored or received outcome, read leniently: bounded JSON first (src/schema/json.ts, refused
 * past the bound), then the union; a value of an older shape (rooms from earlier versions) reads
 * as absent instead of failing its whole log entry. Writers parse strictly with OutcomeSchema.
 */
export const LenientOutcomeSchema = JsonValueSchema.transform(
  (value): StoredOutcome | undefined => StoredOutcomeSchema.safeParse(value).data,
);

/** The full outcome, or null for a redacted one (the view then shows the entry's text). */
export function fullOutcome(outcome: StoredOutcome | undefined): Outcome | null {
  return outcome && !('redacted' in outcome) ? outcome : null;
}

/** Narrows a stored outcome to one kind (null when absent, redacted or another kind). */
export function outcomeOf<K extends OutcomeKind>(
  outcome: StoredOutcome | undefined,
  kind: K,
): OutcomeOf<K> | null {
  const full = fullOutcome(outcome);
  return full?.kind === kind ? (full as OutcomeOf<K>) : null;
}
