import type { CellData } from '../schema/cell';
import type { Battlefield } from './battlefield';
import { footprintDistance, occupancyGrid } from './battlefield';
import type { Cell } from './cell';
import { checkPath } from './checkPath';
import { FLAG_DIFFICULT, FLAG_ENGAGED, movementModel, positionFlags } from './movementModel';
import type { Occupant } from './occupant';
import type { FootprintAt } from './range';
import { heightBonusBetween } from './range';
import { pathTo, reach } from './reach';
import { terrainOf } from './terrain';

/** What a ruler holds (the presence `ruler`): from a square or a token, through waypoints, to a square. */
export interface RulerPoints {
  readonly from: CellData;
  readonly waypoints: readonly CellData[];
  readonly to: CellData;
  /** The ruler starts on this character: distances from its footprint, and its movement. */
  readonly tokenId?: string;
}

/** A character's move along the ruler, as the move preview and the server's check charge it. */
export interface RulerMove {
  /** Footprint positions (north-west squares) after the start, through every waypoint. */
  readonly path: readonly Cell[];
  readonly cost: number;
  /** Extra movement, by cause (rulebook: Movement): levels climbed, difficult and engaged spaces left. */
  readonly climbing: number;
  readonly difficult: number;
  readonly engaged: number;
  /** Movement left this turn, when known. */
  readonly budget: number | undefined;
  /** Whether the cost fits what is left (undefined when the budget is unknown). */
  readonly fits: boolean | undefined;
  /** Why the character cannot go this way (then path and costs are empty). */
  readonly blocked?: string;
}

export interface RulerMeasure {
  /** Squares from the start's footprint to the end's, diagonals counting 1 (the attack range count). */
  readonly range: number;
  /** With waypoints: the legs' distances added up. */
  readonly along: number | undefined;
  /** From a character: how much further its ranged attacks reach at the end (rulebook: Height advantage). */
  readonly heightBonus: number | undefined;
  /** From a character whose move can be measured; undefined for a square or when the end is someone else's. */
  readonly move: RulerMove | undefined;
}

/** Generous enough to cross any map (every step costs at most 1 + 1 + 1 + 3). */
const searchBudget = (bf: Battlefield): number => 6 * (bf.map.width + bf.map.height);

/**
 * Measures a ruler with the rules attacks and moves use: the range (footprint edges, diagonals 1,
 * `footprintDistance`), the height bonus (`heightBonusBetween`, as `heightRangeBonus`), and for a
 * character with `budget` given the cheapest move through the waypoints (`reach`/`pathTo` per
 * leg, priced by `checkPath`, the server's move check). Viewers run it on their own battlefield.
 */
export function measureRuler(
  bf: Battlefield,
  ruler: RulerPoints,
  opts: { budget?: number } = {},
): RulerMeasure {
  const mover = ruler.tokenId ? bf.occupants.find((o) => o.id === ruler.tokenId) : undefined;
  const start: FootprintAt = mover ?? { cell: ruler.from, size: 1 };
  const end = footprintOn(bf, ruler.to);
  const range = footprintDistance(start.cell, start.size, end.cell, end.size);
  let along: number | undefined;
  if (ruler.waypoints.length) {
    const stops: FootprintAt[] = [start, ...ruler.waypoints.map((c) => ({ cell: c, size: 1 })), end];
    along = 0;
    for (let i = 1; i < stops.length; i++) {
      const a = stops[i - 1]!;
      const b = stops[i]!;
      along += footprintDistance(a.cell, a.size, b.cell, b.size);
    }
  }
  const heightBonus = mover ? heightBonusBetween(bf, mover, end) : undefined;
  return { range, along, heightBonus, move: mover ? measureMove(bf, mover, ruler, opts.budget) : undefined };
}

/** The character standing on a square, if any. */
function occupantOn(bf: Battlefield, c: CellData): Occupant | undefined {
  const t = terrainOf(bf.map);
  if (c.x < 0 || c.y < 0 || c.x >= t.width || c.y >= t.height) return undefined;
  const who = occupancyGrid(bf)[c.y * t.width + c.x]!;
  return who ? bf.occupants[who - 1] : undefined;
}

/** The footprint standing on a square: a character's, or the square itself. */
function footprintOn(bf: Battlefield, c: CellData): FootprintAt {
  return occupantOn(bf, c) ?? { cell: c, size: 1 };
}

function measureMove(
  bf: Battlefield,
  mover: Occupant,
  ruler: RulerPoints,
  budget: number | undefined,
): RulerMove | undefined {
  const none = (blocked: string): RulerMove => ({
    path: [],
    cost: 0,
    climbing: 0,
    difficult: 0,
    engaged: 0,
    budget,
    fits: undefined,
    blocked,
  });
  // Measuring to someone else: the range is the answer, nobody moves onto their square.
  const other = occupantOn(bf, ruler.to);
  if (other && other.id !== mover.id) return undefined;
  const path: Cell[] = [];
  let here: CellData = mover.cell;
  for (const stop of [...ruler.waypoints, ruler.to]) {
    if (stop.x === here.x && stop.y === here.y) continue;
    // Each leg starts where the last one ended: the same search the move preview runs, from there.
    const leg = { ...bf, occupants: bf.occupants.map((o) => (o.id === mover.id ? { ...o, cell: here } : o)) };
    const r = reach(leg, mover.id, { budget: searchBudget(bf) });
    const p = pathTo(leg, r, stop);
    if (!p) return none('no way there');
    path.push(...p.path);
    here = stop;
  }
  if (path.length === 0) return undefined;
  // Priced by the server's own check, so the ruler never promises a move the server refuses.
  const check = checkPath(bf, mover.id, path, { budget: budget ?? Number.MAX_SAFE_INTEGER });
  if (!check.ok && check.cost === undefined) return none(check.reason);
  const cost = check.ok ? check.cost : check.cost!;
  return {
    path,
    cost,
    ...extras(bf, mover.id, path),
    budget,
    fits: budget === undefined ? undefined : cost <= budget,
  };
}

/**
 * What each step adds beyond its 1, by cause, read from the same movement model `stepCost` uses
 * (the unit tests pin steps + extras = the checked cost).
 */
function extras(
  bf: Battlefield,
  moverId: string,
  path: readonly Cell[],
): { climbing: number; difficult: number; engaged: number } {
  const m = movementModel(bf, moverId, false);
  const w = m.box.width;
  let { x, y } = m.mover.cell;
  let flags = positionFlags(m, x, y);
  let climbing = 0;
  let difficult = 0;
  let engaged = 0;
  for (const to of path) {
    const toFlags = positionFlags(m, to.x, to.y);
    if (flags & FLAG_ENGAGED) engaged++;
    if (flags & FLAG_DIFFICULT) difficult++;
    const climb = m.elevation[to.y * w + to.x]! - m.elevation[y * w + x]!;
    if (climb > 0 && !m.flying) climbing += climb;
    x = to.x;
    y = to.y;
    flags = toFlags;
  }
  return { climbing, difficult, engaged };
}

const squares = (n: number): string => `${n} square${n === 1 ? '' : 's'}`;

/** The ruler's label in plain words, one line per fact ("6 squares", "9 movement: climbing 2; …"). */
export function rulerLines(m: RulerMeasure): string[] {
  let first = squares(m.range);
  if (m.along !== undefined) first += ` (${m.along} along the waypoints)`;
  if (m.heightBonus)
    first += `; a ranged attack from ${m.heightBonus} level${m.heightBonus === 1 ? '' : 's'} up reaches ${m.heightBonus} further`;
  const lines = [first];
  const mv = m.move;
  if (!mv) return lines;
  if (mv.blocked) return [...lines, mv.blocked];
  const why = (
    [
      ['climbing', mv.climbing],
      ['difficult', mv.difficult],
      ['engaged', mv.engaged],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([w, n]) => `${w} ${n}`)
    .join(', ');
  let move = `${mv.cost} movement${why ? `: ${why}` : ''}`;
  if (mv.budget !== undefined)
    move += mv.fits
      ? `; fits the ${mv.budget} left this turn`
      : `; more than the ${mv.budget} left this turn`;
  return [...lines, move];
}

/** The few words drawn beside your own ruler's end ("2 squares · 6 movement"); the readout says the rest. */
export function rulerShortLabel(m: RulerMeasure): string {
  const parts = [squares(m.range)];
  if (m.move && !m.move.blocked)
    parts.push(`${m.move.cost} movement${m.move.fits === false ? ' (too far)' : ''}`);
  return parts.join(' · ');
}
