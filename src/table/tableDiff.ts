import type { CellData } from '../schema/cell';
import type { Combatant } from '../schema/combatant';
import type { DiffPart, TableDiff, TokenChange } from '../schema/tableDiff';
import { diffByParts } from '../schema/tableDiff';
import type { TurnOrder } from '../schema/turnOrder';
import type { CombatantState } from './docLayout';
import { cellKey, combatantStateOf } from './docLayout';
import type { TableState } from './snapshot';

/**
 * Pure functions over the one diff shape (src/schema/tableDiff.ts): build it from a resolution's
 * new values, check it still applies, reverse it. `writeDiff` (src/table/writers/writeDiff.ts)
 * writes one inside a transaction.
 */

/** Equal as stored plain JSON (combatant fields, cells and orders are plain data). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** What a resolution changes, as new values; `diffOf` keeps only what differs from the table. */
export interface TableChanges {
  /** New combatant states, in order (a later state of the same combatant wins). */
  combatants?: readonly (Combatant | CombatantState)[];
  /** New squares of tokens (north-west square). */
  cells?: readonly { tokenId: string; cell: CellData }[];
  /** New remaining HP of destructible squares (null = no longer destructible), and new height. */
  terrain?: readonly { x: number; y: number; hp: number | null; height?: number }[];
  /** The new turn order (null = combat over); absent = unchanged. */
  turn?: TurnOrder | null;
}

/** The diff from `state` to `changes`: per token only the fields that differ, with both values. */
export function diffOf(state: TableState, changes: TableChanges): TableDiff {
  const tokens = new Map<string, TokenChange>();
  const entry = (tokenId: string) => tokens.get(tokenId) ?? { tokenId };
  const latest = new Map<string, CombatantState>();
  for (const c of changes.combatants ?? []) latest.set(c.id, combatantStateOf(c));
  for (const [id, next] of latest) {
    const was = (state.tokensById[id]?.state ?? {}) as Record<string, unknown>;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(next)) {
      if (same(was[key], value)) continue;
      if (key in was) before[key] = was[key];
      after[key] = value;
    }
    if (Object.keys(after).length) tokens.set(id, { ...entry(id), state: { before, after } });
  }
  for (const { tokenId, cell } of changes.cells ?? []) {
    const was = state.tokensById[tokenId]?.cell;
    if (!was || same({ x: was.x, y: was.y }, { x: cell.x, y: cell.y })) continue;
    const first = tokens.get(tokenId)?.cell?.before ?? { x: was.x, y: was.y };
    tokens.set(tokenId, { ...entry(tokenId), cell: { before: first, after: { x: cell.x, y: cell.y } } });
  }
  const terrain = (changes.terrain ?? []).flatMap(({ x, y, hp, height }) => {
    const was = state.destructibleHp[cellKey(x, y)] ?? null;
    const wasHeight = Number(state.map?.heights[y]?.[x] ?? 0);
    const lowered = height !== undefined && height !== wasHeight;
    if (was === hp && !lowered) return [];
    return [
      {
        x,
        y,
        destructibleHp: { before: was, after: hp },
        ...(lowered ? { height: { before: wasHeight, after: height } } : {}),
      },
    ];
  });
  const turn =
    changes.turn !== undefined && !same(changes.turn, state.turn)
      ? { turn: { before: state.turn, after: changes.turn } }
      : {};
  return { tokens: [...tokens.values()], terrain, ...turn };
}

/** The same change undone: every `before` becomes `after`. */
export function reverseDiff(diff: TableDiff): TableDiff {
  return {
    tokens: diff.tokens.map((t) => ({
      tokenId: t.tokenId,
      ...(t.state ? { state: { before: t.state.after, after: t.state.before } } : {}),
      ...(t.cell ? { cell: { before: t.cell.after, after: t.cell.before } } : {}),
    })),
    terrain: diff.terrain.map((c) => ({
      x: c.x,
      y: c.y,
      destructibleHp: { before: c.destructibleHp.after, after: c.destructibleHp.before },
      ...(c.height ? { height: { before: c.height.after, after: c.height.before } } : {}),
    })),
    ...(diff.turn ? { turn: { before: diff.turn.after, after: diff.turn.before } } : {}),
    ...(diff.offers ? { offers: diff.offers.map((o) => ({ ...o, before: o.after, after: o.before })) } : {}),
  };
}

/** One part of a diff whose `before` no longer holds. `tokenId` null = terrain or turn order. */
export interface StalePart {
  tokenId: string | null;
  /** A combatant field, 'square', 'terrain (x,y)' or 'turn order'; null = the token is gone. */
  what: string | null;
  was: unknown;
  now: unknown;
}

/**
 * Every part of `diff` whose `before` differs from `state` (empty = it applies cleanly). Interrupt
 * offers are prompts that lapse by themselves, never a reason to refuse (docs/table.md).
 */
export function staleParts(diff: TableDiff, state: TableState): StalePart[] {
  const out: StalePart[] = [];
  for (const t of diff.tokens) {
    const token = state.tokensById[t.tokenId];
    const fields = token?.state as Record<string, unknown> | null | undefined;
    if (!token || (t.state && !fields)) {
      out.push({ tokenId: t.tokenId, what: null, was: null, now: null });
      continue;
    }
    for (const [field, was] of Object.entries(t.state?.before ?? {}))
      if (!same(fields![field], was)) out.push({ tokenId: t.tokenId, what: field, was, now: fields![field] });
    const cell = { x: token.cell.x, y: token.cell.y };
    if (t.cell && !same(cell, t.cell.before))
      out.push({ tokenId: t.tokenId, what: 'square', was: t.cell.before, now: cell });
  }
  for (const c of diff.terrain) {
    const now = state.destructibleHp[cellKey(c.x, c.y)] ?? null;
    if (now !== c.destructibleHp.before)
      out.push({ tokenId: null, what: `terrain (${c.x},${c.y})`, was: c.destructibleHp.before, now });
    const height = Number(state.map?.heights[c.y]?.[c.x] ?? 0);
    if (c.height && height !== c.height.before)
      out.push({ tokenId: null, what: `height (${c.x},${c.y})`, was: c.height.before, now: height });
  }
  if (diff.turn && !same(diff.turn.before, state.turn))
    out.push({ tokenId: null, what: 'turn order', was: diff.turn.before, now: state.turn });
  return out;
}

/** Only the parts of `diff` about the tokens `keep` accepts (terrain and turn order stay). */
export function diffFor(diff: TableDiff, keep: (tokenId: string) => boolean): TableDiff {
  return diffByParts((part) => BY_TOKEN[part](diff[part] as never, keep));
}

/** Each part of a diff narrowed to some tokens: what is about a token follows it, the rest stays. */
const BY_TOKEN: {
  readonly [P in DiffPart]-?: (part: TableDiff[P], keep: (tokenId: string) => boolean) => TableDiff[P];
} = {
  tokens: (tokens, keep) => tokens.filter((t) => keep(t.tokenId)),
  terrain: (terrain) => terrain,
  turn: (turn) => turn,
  offers: (offers, keep) => {
    const kept = offers?.filter((o) => keep(o.tokenId));
    return kept?.length ? kept : undefined;
  },
};

/** The ids of the tokens a diff changes. */
export const diffTokenIds = (diff: TableDiff): string[] => diff.tokens.map((t) => t.tokenId);
