import { footprintCells, footprintElevation } from '../../grid/battlefield';
import { emptyRecord } from '../../lib/ownRecord';
import { isBloodied, maxHp } from '../../rules/health';
import type { CellData } from '../../schema/cell';
import type { MapData } from '../../schema/map';
import type { DiffPart, TableDiff, TokenChange } from '../../schema/tableDiff';
import { DIFF_PARTS } from '../../schema/tableDiff';
import type { TurnOrder } from '../../schema/turnOrder';
import type { CombatantState } from '../../table/docLayout';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';

/**
 * What the walk back has taken back so far: per token its square and combatant state, the turn
 * order, and per square its destructible HP and height. Only what some diff named is here.
 */
interface Reverted {
  readonly tokens: Map<string, { cell: CellData; state: Record<string, unknown> | null }>;
  turn: TurnOrder | null | undefined;
  readonly terrainHp: Map<string, number | null>;
  readonly heights: Map<string, number>;
}

/**
 * How each part of a diff is taken back (`before` written over what is there). Interrupt offers
 * are prompts in the panels, never drawn on the map: a past moment leaves them out.
 */
const REVERT: {
  readonly [P in DiffPart]-?: (part: TableDiff[P], into: Reverted, now: RoomSnapshot) => void;
} = {
  tokens: (tokens, into, now) => tokens.forEach((change) => revertToken(change, into, now)),
  terrain: (terrain, into) => {
    for (const c of terrain) {
      into.terrainHp.set(`${c.x},${c.y}`, c.destructibleHp.before);
      if (c.height) into.heights.set(`${c.x},${c.y}`, c.height.before);
    }
  },
  turn: (turn, into) => {
    if (turn) into.turn = turn.before;
  },
  offers: () => {},
};

function revertToken(change: TokenChange, into: Reverted, now: RoomSnapshot): void {
  const token = now.tokensById[change.tokenId];
  // A token gone from the room since (or never sent to this reader) is not drawn.
  if (!token) return;
  const was = into.tokens.get(token.id) ?? {
    cell: { x: token.cell.x, y: token.cell.y },
    state: token.state ? { ...token.state } : null,
  };
  if (change.cell) was.cell = { x: change.cell.before.x, y: change.cell.before.y };
  if (change.state && was.state) {
    const { before, after } = change.state as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    // A field the change added (absent before) goes away again.
    for (const key of Object.keys(after)) if (!(key in before)) delete was.state[key];
    Object.assign(was.state, before);
  }
  into.tokens.set(token.id, was);
}

/**
 * The room as it stood before log entry `k` (an index into `now.log`): `now` with the diffs of
 * entries k, k+1, … taken back, newest first. A diff holds each value before and after, so what a
 * token shows is the `before` of the oldest of those entries that changed it. Entries without a
 * diff (a GM's note, a roll waiting for Apply) move nothing; a change nobody logged (a GM's edit
 * by hand) is not taken back. `k` at or past the log's end is `now` itself. Tokens that joined
 * later still stand where they are; tokens removed since are not there. Pure: `now` is not touched.
 */
export function tableBefore(now: RoomSnapshot, k: number): RoomSnapshot {
  const log = now.log;
  if (k >= log.length) return now;
  const into: Reverted = { tokens: new Map(), turn: undefined, terrainHp: new Map(), heights: new Map() };
  for (let i = log.length - 1; i >= Math.max(0, k); i--) {
    const diff = log[i]!.diff;
    if (!diff) continue;
    for (const part of DIFF_PARTS) if (diff[part] !== undefined) REVERT[part](diff[part] as never, into, now);
  }
  const map = now.map && into.heights.size ? withHeights(now.map, into.heights) : now.map;
  const tokens = now.tokens.map((t) => pastToken(t, into.tokens.get(t.id), map, map !== now.map));
  const tokensById = emptyRecord<TokenView>();
  for (const t of tokens) tokensById[t.id] = t;
  const destructibleHp = emptyRecord<number>();
  Object.assign(destructibleHp, now.destructibleHp);
  for (const [key, hp] of into.terrainHp) {
    if (hp === null) delete destructibleHp[key];
    else destructibleHp[key] = hp;
  }
  return {
    ...now,
    map,
    destructibleHp: into.terrainHp.size ? destructibleHp : now.destructibleHp,
    tokens,
    tokensById,
    turn: into.turn === undefined ? now.turn : into.turn,
  };
}

/** The state after log entry `j`: the room before entry j + 1. */
export const tableAfter = (now: RoomSnapshot, j: number): RoomSnapshot => tableBefore(now, j + 1);

function pastToken(
  t: TokenView,
  was: { cell: CellData; state: Record<string, unknown> | null } | undefined,
  map: MapData | null,
  mapChanged: boolean,
): TokenView {
  // HP this reader does not receive is in no diff either: its bloodied ring is today's, so a past
  // moment does not show it.
  const ring = t.hpHidden ? { bloodied: false, bloodiedTold: false } : {};
  if (!was) {
    if (!mapChanged && !t.hpHidden) return t;
    return { ...t, ...ring, elevation: map ? footprintElevation(map, t.cell, t.size) : t.elevation };
  }
  const state = was.state as CombatantState | null;
  const full = state && t.statBlock && !t.hpHidden ? { ...state, statBlock: t.statBlock } : null;
  return {
    ...t,
    cell: was.cell,
    footprint: footprintCells(was.cell, t.size).map((c) => ({ x: c.x, y: c.y })),
    elevation: map ? footprintElevation(map, was.cell, t.size) : t.elevation,
    state,
    maxHp: full ? maxHp(full) : t.maxHp,
    bloodied: full ? isBloodied(full) : t.bloodied,
    ...ring,
  };
}

/** The map with some squares' heights as they were (terrain lowered by damage since). */
function withHeights(map: MapData, heights: ReadonlyMap<string, number>): MapData {
  const rows = map.heights.map((row) => row.split(''));
  for (const [key, h] of heights) {
    const [x, y] = key.split(',').map(Number) as [number, number];
    if (rows[y]?.[x] !== undefined) rows[y]![x] = String(h);
  }
  return { ...map, heights: rows.map((r) => r.join('')) };
}
