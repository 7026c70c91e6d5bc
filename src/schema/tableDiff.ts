import { z } from 'zod';
import { CellSchema } from './cell';
import { InterruptOffersSchema } from './interruptOffer';
import { CombatantFieldsSchema } from './combatant';
import { atMost, boundedList, boundedText, MAX_ID_CHARS, MAX_MAP_SIDE, MAX_STAT, MAX_TOKENS } from './limits';
import { TurnOrderSchema } from './turnOrder';

/**
 * ONE shape for every change a resolution makes to the table (docs/table.md "Outcomes and
 * diffs"): applied at once, held on a pending result until Apply, written by `apply-result`, and
 * taken back by the GM's "Undo this application". Each part holds its value before and after;
 * applying writes `after`, reversing writes `before`, and a diff is stale when a `before` no
 * longer holds (src/table/tableDiff.ts).
 */

/** One token's change: only the combatant-state fields that changed, and/or its square. */
export const TokenChangeSchema = z.object({
  tokenId: boundedText(MAX_ID_CHARS).min(1),
  /** Changed combatant-state fields (top-level keys), with their values before and after. */
  state: z.object({ before: CombatantFieldsSchema, after: CombatantFieldsSchema }).optional(),
  /** The token's north-west square before and after (moves, pushes, edge saves). */
  cell: z.object({ before: CellSchema, after: CellSchema }).optional(),
});
export type TokenChange = z.infer<typeof TokenChangeSchema>;

/** Remaining HP of one destructible square ("Destructible terrain"); null = not destructible. */
const TerrainHp = z.number().int().min(0).max(MAX_STAT, atMost(MAX_STAT, '')).nullable();

/** A square's terrain height (0–3), for terrain lowered by damage. */
const Height = z.number().int().min(0).max(3, 'a terrain height is at most 3');

/**
 * One terrain square's change, keyed by its position: its destructible HP and, when damage
 * lowered it, its height (map, sight and reach follow the height; absent = height unchanged).
 */
export const TerrainChangeSchema = CellSchema.extend({
  destructibleHp: z.object({ before: TerrainHp, after: TerrainHp }),
  height: z.object({ before: Height, after: Height }).optional(),
});
export type TerrainChange = z.infer<typeof TerrainChangeSchema>;

/**
 * One character's pending interrupt offers before and after (docs/table.md "Interrupt offers").
 * `gmOnly`: kept in the secrets doc (a foe's, or any character no player commands), and never on
 * a public log line, so a foe's abilities never reach players.
 */
export const OfferChangeSchema = z.object({
  tokenId: boundedText(MAX_ID_CHARS).min(1),
  gmOnly: z.boolean(),
  before: InterruptOffersSchema,
  after: InterruptOffersSchema,
});
export type OfferChange = z.infer<typeof OfferChangeSchema>;

export const TableDiffSchema = z.object({
  tokens: boundedList(TokenChangeSchema, MAX_TOKENS * 2, 'changed tokens').default([]),
  terrain: boundedList(TerrainChangeSchema, MAX_MAP_SIDE * MAX_MAP_SIDE, 'changed squares').default([]),
  /** The turn order before and after (absent = unchanged; null = not in combat). */
  turn: z.object({ before: TurnOrderSchema.nullable(), after: TurnOrderSchema.nullable() }).optional(),
  /** Interrupt offers made, used, declined or lapsed (absent = none changed). */
  offers: boundedList(OfferChangeSchema, MAX_TOKENS * 2, 'changed offers').optional(),
});
export type TableDiff = z.infer<typeof TableDiffSchema>;

export const EMPTY_DIFF: TableDiff = { tokens: [], terrain: [] };

/** The parts of a diff. Each function that treats them one by one maps every part (below, and
 * `splitPending`, `diffFor`, the log's `withoutHidden`), so a new part does not compile until each
 * says what becomes of it. */
export type DiffPart = keyof TableDiff;

/** Whether each part changes nothing. */
const EMPTY_PART: { readonly [P in DiffPart]-?: (part: TableDiff[P]) => boolean } = {
  tokens: (tokens) => tokens.length === 0,
  terrain: (terrain) => terrain.length === 0,
  turn: (turn) => turn === undefined,
  offers: (offers) => !offers?.length,
};

/** Every part, in declaration order (the keys of a mapped part table). */
export const DIFF_PARTS = Object.keys(EMPTY_PART) as readonly DiffPart[];

/** True when the diff changes nothing. */
export function isEmptyDiff(diff: TableDiff): boolean {
  return DIFF_PARTS.every((part) => EMPTY_PART[part](diff[part] as never));
}

/**
 * A diff built part by part from a mapped part table's answers (`undefined`: the part is absent).
 * The casts stay here: TypeScript cannot tie `table[part]` to `diff[part]` for a `part` it only
 * knows as the union.
 */
export function diffByParts(value: (part: DiffPart) => unknown): TableDiff {
  const out: Record<string, unknown> = { tokens: [], terrain: [] };
  for (const part of DIFF_PARTS) {
    const v = value(part);
    if (v !== undefined) out[part] = v;
  }
  return out as TableDiff;
}
