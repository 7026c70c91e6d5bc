import type { CellData } from '../schema/cell';
import type { MapData } from '../schema/map';
import type { Battlefield } from './battlefield';
import { occupantById } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import { SPACE, impassableRuns, terrainOf } from './terrain';
import type { Terrain } from './terrain';
import { segmentTouchesRect, traceLine } from './traceLine';

/** A footprint that looks or is looked at: north-west square and Size. Elevation comes from the map. */
export interface Footprint {
  cell: CellData;
  size: number;
}

export type SightBlockReason =
  'impassable' | 'taller-terrain-next-to-viewer' | 'taller-terrain-next-to-target';

export interface SightResult {
  /** Some sight line is clear. */
  visible: boolean;
  /** Every clear line passes through terrain that gives the TARGET cover (ranged damage halved). */
  cover: boolean;
  /** Terrain squares giving that cover on the line shown. */
  coverCells: Cell[];
  /** When not visible: the first block on the centre-to-centre line (all of them: `sightBlockers`). */
  blockedBy: { cell: Cell; reason: SightBlockReason }[];
  /** The line to draw, in squares (x 3.5 = middle of column 3): a clear one if any, else centre to centre. */
  line: { from: { x: number; y: number }; to: { x: number; y: number } };
}

/** Chebyshev distance from square (x, y) to a footprint: 0 inside, 1 adjacent. */
function ringDistance(f: Footprint, x: number, y: number): number {
  const gx = Math.max(0, f.cell.x - x, x - (f.cell.x + f.size - 1));
  const gy = Math.max(0, f.cell.y - y, y - (f.cell.y + f.size - 1));
  return Math.max(gx, gy);
}

/** Highest terrain under a footprint (see battlefield.ts footprintElevation), from the unpacked grid. */
function elevationIn(t: Terrain, f: Footprint): number {
  let best = 0;
  for (let y = f.cell.y; y < f.cell.y + f.size && y < t.height; y++) {
    for (let x = f.cell.x; x < f.cell.x + f.size && x < t.width; x++)
      best = Math.max(best, t.level[y * t.width + x]!);
  }
  return best;
}

/** Does the ring of squares around `f` hold terrain exactly as tall (relative) as f's Size? */
function hasCoverRing(t: Terrain, f: Footprint, elevation: number): boolean {
  for (let y = f.cell.y - 1; y <= f.cell.y + f.size; y++) {
    for (let x = f.cell.x - 1; x <= f.cell.x + f.size; x++) {
      if (x < 0 || y < 0 || x >= t.width || y >= t.height || ringDistance(f, x, y) !== 1) continue;
      if (t.level[y * t.width + x]! - elevation === f.size) return true;
    }
  }
  return false;
}

const CLEAR = 0;
const COVER = 1;
const BLOCKED = 2;
// Local copies: hot loops should not go through module export bindings.
const IMPASSABLE = SPACE.impassable;
const trace = traceLine;
const touchesRect = segmentTouchesRect;

/**
 * Working state of the pair being judged. sightBetween is synchronous and never re-entered, so one
 * shared scratch object saves creating a closure and arrays per pair (it runs ~2,500 times for an
 * all-pairs table).
 */
const pair = {
  t: null as unknown as Terrain,
  runs: null as unknown as Int16Array,
  viewer: null as unknown as Footprint,
  target: null as unknown as Footprint,
  eV: 0,
  eT: 0,
  coverPossible: false,
  verdict: CLEAR,
  /** Blocks found by earlier lines of this pair, as rectangles x0, y0, x1, y1. */
  blockers: [] as number[],
  /** First block met by the first (centre-to-centre) line: x, y, reason; -1 = none yet. */
  firstX: -1,
  firstY: -1,
  firstReason: 'impassable' as SightBlockReason,
};

/**
 * Classifies one square touched by the current line: sets `pair.verdict`, returns true to stop at
 * a block. An impassable square brings its whole row and column run of impassable squares into
 * `pair.blockers`, so later lines into the same wall are settled by one rectangle test.
 */
function judge(x: number, y: number): boolean {
  const p = pair;
  const t = p.t;
  if (x < 0 || y < 0 || x >= t.width || y >= t.height) return false;
  const i = y * t.width + x;
  if (t.type[i] === IMPASSABLE) {
    p.verdict = BLOCKED;
    const runs = p.runs;
    const rowStart = runs[4 * i]!;
    const rowEnd = runs[4 * i + 1]!;
    const colStart = runs[4 * i + 2]!;
    const colEnd = runs[4 * i + 3]!;
    // A run of one is the square itself and lies inside the other run: keep what adds area.
    if (rowEnd > rowStart || colEnd === colStart) p.blockers.push(rowStart, y, rowEnd, y);
    if (colEnd > colStart) p.blockers.push(x, colStart, x, colEnd);
    if (p.firstX < 0) {
      p.firstX = x;
      p.firstY = y;
      p.firstReason = 'impassable';
    }
    return true;
  }
  const h = t.level[i]!;
  if (h === 0) return false;
  const dV = ringDistance(p.viewer, x, y);
  const dT = ringDistance(p.target, x, y);
  if (dV === 0 || dT === 0) return false;
  const tallForViewer = dV === 1 && h - p.eV > p.viewer.size;
  if (tallForViewer || (dT === 1 && h - p.eT > p.target.size)) {
    p.verdict = BLOCKED;
    p.blockers.push(x, y, x, y);
    if (p.firstX < 0) {
      p.firstX = x;
      p.firstY = y;
      p.firstReason = tallForViewer ? 'taller-terrain-next-to-viewer' : 'taller-terrain-next-to-target';
    }
    return true;
  }
  if (p.coverPossible && dT === 1 && h - p.eT === p.target.size) p.verdict = COVER;
  return false;
}

/** Sight point k of a footprint in half squares: square centres first (row by row), then corners. */
function pointX(f: Footprint, k: number): number {
  const s = f.size;
  return k < s * s ? 2 * f.cell.x + 2 * (k % s) + 1 : 2 * f.cell.x + 2 * ((k - s * s) % (s + 1));
}
function pointY(f: Footprint, k: number): number {
  const s = f.size;
  return k < s * s
    ? 2 * f.cell.y + 2 * Math.floor(k / s) + 1
    : 2 * f.cell.y + 2 * Math.floor((k - s * s) / (s + 1));
}

/**
 * Line of sight and cover between two footprints (rulebook: Height advantage, cover, and ranged
 * attacks; The battlefield). A character is as tall as its Size. Symmetric: a line may join ANY
 * sight point of one footprint (square centres and corners) to any of the other; sight exists if
 * one such line touches no blocking square. Blocking: impassable squares anywhere; terrain next
 * to either character that rises more than that character's Size above its elevation. Cover:
 * terrain next to the TARGET rising exactly its Size above it, touched by the line; the attacker
 * picks the best line, so the target has cover only if every clear line touches such terrain.
 * Squares under either footprint never block. See docs/rules-geometry.md "Line of sight".
 */
export function sightBetween(map: MapData, viewer: Footprint, target: Footprint): SightResult {
  const t = terrainOf(map);
  const p = pair;
  p.t = t;
  p.runs = impassableRuns(t);
  p.viewer = viewer;
  p.target = target;
  p.eV = elevationIn(t, viewer);
  p.eT = elevationIn(t, target);
  // Without cover-height terrain around the target, COVER can never be judged.
  p.coverPossible = hasCoverRing(t, target, p.eT);
  p.blockers.length = 0;
  p.firstX = -1;
  const blockers = p.blockers;
  const nV = viewer.size * viewer.size + (viewer.size + 1) * (viewer.size + 1);
  const nT = target.size * target.size + (target.size + 1) * (target.size + 1);
  let coverLine: [number, number, number, number] | null = null;
  let lastHit = 0;
  for (let a = 0; a < nV; a++) {
    const ax = pointX(viewer, a);
    const ay = pointY(viewer, a);
    for (let b = 0; b < nT; b++) {
      const bx = pointX(target, b);
      const by = pointY(target, b);
      // The block that stopped the previous line is the likeliest to stop this one: try it first.
      let known = false;
      const count = blockers.length;
      for (let n = 0; n < count && !known; n += 4) {
        const k = (lastHit + n) % count;
        if (touchesRect(ax, ay, bx, by, blockers[k]!, blockers[k + 1]!, blockers[k + 2]!, blockers[k + 3]!)) {
          known = true;
          lastHit = k;
        }
      }
      if (known) continue;
      p.verdict = CLEAR;
      trace(ax, ay, bx, by, judge);
      if (p.verdict === CLEAR) return result(true, false, [], [], [ax, ay, bx, by]);
      if (p.verdict === COVER && !coverLine) coverLine = [ax, ay, bx, by];
    }
  }
  if (coverLine) {
    const [ax, ay, bx, by] = coverLine;
    const { eT } = p;
    const cells: Cell[] = [];
    trace(ax, ay, bx, by, (x, y) => {
      if (x < 0 || y < 0 || x >= t.width || y >= t.height) return false;
      const h = t.level[y * t.width + x]!;
      if (
        h > 0 &&
        ringDistance(target, x, y) === 1 &&
        ringDistance(viewer, x, y) !== 0 &&
        h - eT === target.size
      ) {
        cells.push(cell(x, y));
      }
      return false;
    });
    return result(true, true, cells, [], coverLine);
  }
  // Not visible: the first line traced (centre to centre) explains it with its first block.
  const line = [pointX(viewer, 0), pointY(viewer, 0), pointX(target, 0), pointY(target, 0)];
  const blockedBy = p.firstX >= 0 ? [{ cell: cell(p.firstX, p.firstY), reason: p.firstReason }] : [];
  return result(false, false, [], blockedBy, line);
}

/**
 * Everything that blocks the centre-to-centre line between two footprints, in order from the
 * viewer (for the UI's line-of-sight tool; sightBetween reports only the first).
 */
export function sightBlockers(
  map: MapData,
  viewer: Footprint,
  target: Footprint,
): { cell: Cell; reason: SightBlockReason }[] {
  const t = terrainOf(map);
  const eV = elevationIn(t, viewer);
  const eT = elevationIn(t, target);
  const found: { cell: Cell; reason: SightBlockReason }[] = [];
  trace(pointX(viewer, 0), pointY(viewer, 0), pointX(target, 0), pointY(target, 0), (x, y) => {
    if (x < 0 || y < 0 || x >= t.width || y >= t.height) return false;
    const i = y * t.width + x;
    const h = t.level[i]!;
    const dV = ringDistance(viewer, x, y);
    const dT = ringDistance(target, x, y);
    if (t.type[i] === IMPASSABLE) found.push({ cell: cell(x, y), reason: 'impassable' });
    else if (h > 0 && dV === 1 && dT !== 0 && h - eV > viewer.size) {
      found.push({ cell: cell(x, y), reason: 'taller-terrain-next-to-viewer' });
    } else if (h > 0 && dT === 1 && dV !== 0 && h - eT > target.size) {
      found.push({ cell: cell(x, y), reason: 'taller-terrain-next-to-target' });
    }
    return false;
  });
  return found;
}

function result(
  visible: boolean,
  cover: boolean,
  coverCells: Cell[],
  blockedBy: SightResult['blockedBy'],
  [ax, ay, bx, by]: readonly number[],
): SightResult {
  return {
    visible,
    cover,
    coverCells,
    blockedBy,
    line: { from: { x: ax! / 2, y: ay! / 2 }, to: { x: bx! / 2, y: by! / 2 } },
  };
}

/** Line of sight between two characters on the battlefield (viewer → target; visibility is symmetric). */
export function lineOfSight(bf: Battlefield, viewerId: string, targetId: string): SightResult {
  const v = occupantById(bf, viewerId);
  const t = occupantById(bf, targetId);
  return sightBetween(bf.map, v, t);
}

/** GM planning tool: sight from one square to another, as if a Size 1 character stood on each. */
export function lineOfSightBetweenCells(map: MapData, from: CellData, to: CellData): SightResult {
  return sightBetween(map, { cell: from, size: 1 }, { cell: to, size: 1 });
}
