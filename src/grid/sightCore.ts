import type { CellData } from '../schema/cell';
import { SPACE, impassableRuns } from './terrain';
import type { Terrain } from './terrain';
import { segmentTouchesRect, traceLine } from './traceLine';

/**
 * The engine behind line of sight (rules and pictures: docs/rules.md "Line of sight"):
 * judges one viewer/target pair with no allocation, for `sightBetween` and `sightTable`.
 */

/** A footprint that looks or is looked at: north-west square and Size. Elevation comes from the map. */
export interface Footprint {
  cell: CellData;
  size: number;
}

export type SightBlockReason =
  | 'impassable'
  | 'taller-terrain-next-to-viewer'
  | 'taller-terrain-next-to-target'
  /** Only with `tallTerrainBlocksSight: 'anywhere'`: terrain rising above both characters. */
  | 'taller-terrain-between';

/** How sight is judged (room setting `tallTerrainBlocksSight`; left out = the rules as written). */
export interface SightOptions {
  tallTerrainBlocksSight?: 'adjacent-only' | 'anywhere';
}

/**
 * Why terrain square of height `h` blocks the line between the pair, or null. Squares under either
 * footprint never block. `dV`/`dT` are its ring distances to viewer and target.
 */
export function tallTerrainReason(
  h: number,
  dV: number,
  dT: number,
  viewerTop: number,
  targetTop: number,
  anywhere: boolean,
): SightBlockReason | null {
  if (h === 0 || dV === 0 || dT === 0) return null;
  if (dV === 1 && h > viewerTop) return 'taller-terrain-next-to-viewer';
  if (dT === 1 && h > targetTop) return 'taller-terrain-next-to-target';
  if (anywhere && h > viewerTop && h > targetTop) return 'taller-terrain-between';
  return null;
}

/** Chebyshev distance from square (x, y) to a footprint: 0 inside, 1 adjacent. */
export function ringDistance(f: Footprint, x: number, y: number): number {
  const gx = Math.max(0, f.cell.x - x, x - (f.cell.x + f.size - 1));
  const gy = Math.max(0, f.cell.y - y, y - (f.cell.y + f.size - 1));
  return Math.max(gx, gy);
}

/** Highest terrain under a footprint (docs/rules.md "Elevation"), from the unpacked grid; `footprintElevation` reads a map through it. */
export function elevationIn(t: Terrain, f: Footprint): number {
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

/** Verdicts of `judgePair`. */
export const CLEAR = 0;
export const COVER = 1;
export const BLOCKED = 2;
// Local copies: hot loops should not go through module export bindings.
export const IMPASSABLE = SPACE.impassable;
export const trace = traceLine;
const touchesRect = segmentTouchesRect;

/**
 * Working state of the pair being judged. sightBetween is synchronous and never re-entered, so one
 * shared scratch object saves creating a closure and arrays per pair (it runs ~2,500 times for an
 * all-pairs table).
 */
export const pair = {
  t: null as unknown as Terrain,
  runs: null as unknown as Int16Array,
  viewer: null as unknown as Footprint,
  target: null as unknown as Footprint,
  eV: 0,
  eT: 0,
  /** Room setting tallTerrainBlocksSight is 'anywhere'. */
  anywhere: false,
  coverPossible: false,
  verdict: CLEAR,
  /** Blocks found by earlier lines of this pair, as rectangles x0, y0, x1, y1. */
  blockers: [] as number[],
  /** First block met by the first (centre-to-centre) line: x, y, reason; -1 = none yet. */
  firstX: -1,
  firstY: -1,
  firstReason: 'impassable' as SightBlockReason,
  /** The line found: a clear one, or the first covered one (half squares). */
  lineAX: 0,
  lineAY: 0,
  lineBX: 0,
  lineBY: 0,
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
  const reason = tallTerrainReason(h, dV, dT, p.eV + p.viewer.size, p.eT + p.target.size, p.anywhere);
  if (reason !== null) {
    p.verdict = BLOCKED;
    p.blockers.push(x, y, x, y);
    if (p.firstX < 0) {
      p.firstX = x;
      p.firstY = y;
      p.firstReason = reason;
    }
    return true;
  }
  if (dV === 0 || dT === 0) return false;
  if (p.coverPossible && dT === 1 && h - p.eT === p.target.size) p.verdict = COVER;
  return false;
}

/** Sight point k of a footprint in half squares: square centres first (row by row), then corners. */
export function pointX(f: Footprint, k: number): number {
  const s = f.size;
  return k < s * s ? 2 * f.cell.x + 2 * (k % s) + 1 : 2 * f.cell.x + 2 * ((k - s * s) % (s + 1));
}
export function pointY(f: Footprint, k: number): number {
  const s = f.size;
  return k < s * s
    ? 2 * f.cell.y + 2 * Math.floor(k / s) + 1
    : 2 * f.cell.y + 2 * Math.floor((k - s * s) / (s + 1));
}

/** Sight points of a footprint into `xs`/`ys` (half squares); returns how many. */
function fillPoints(f: Footprint, xs: Int32Array, ys: Int32Array): number {
  if (f.size > MAX_SIGHT_SIZE)
    throw new RangeError(`sight is defined up to Size ${MAX_SIGHT_SIZE}, got ${f.size}`);
  let n = 0;
  for (let k = 0; k < f.size * f.size + (f.size + 1) * (f.size + 1); k++, n++) {
    xs[n] = pointX(f, k);
    ys[n] = pointY(f, k);
  }
  return n;
}

/** Largest footprint the sight scratch arrays hold (OccupantSchema allows Size ≤ 10). */
const MAX_SIGHT_SIZE = 10;
// Sight points of the pair (Size ≤ 10 → at most 100 + 121 points each).
const viewerXs = new Int32Array(221);
const viewerYs = new Int32Array(221);
const targetXs = new Int32Array(221);
const targetYs = new Int32Array(221);

/**
 * The verdict for a pair without building a result: CLEAR (a clear line without cover exists),
 * COVER (visible, every clear line gives the target cover) or BLOCKED. With `wantCover` false
 * the answer is only CLEAR or BLOCKED. The clear (or first
 * covered) line is left in `pair.line*`; the first block of the first line in `pair.first*`.
 */
export function judgePair(
  t: Terrain,
  viewer: Footprint,
  target: Footprint,
  options: SightOptions = {},
  wantCover = true,
): number {
  const p = pair;
  p.t = t;
  p.anywhere = options.tallTerrainBlocksSight === 'anywhere';
  p.runs = impassableRuns(t);
  p.viewer = viewer;
  p.target = target;
  p.eV = elevationIn(t, viewer);
  p.eT = elevationIn(t, target);
  // Without cover-height terrain around the target, COVER can never be judged. Callers that only
  // ask "visible?" (AoE placement) skip it: any clear line then settles the pair.
  p.coverPossible = wantCover && hasCoverRing(t, target, p.eT);
  p.blockers.length = 0;
  p.firstX = -1;
  const blockers = p.blockers;
  const nV = fillPoints(viewer, viewerXs, viewerYs);
  const nT = fillPoints(target, targetXs, targetYs);
  let covered = false;
  let lastHit = 0;
  for (let a = 0; a < nV; a++) {
    const ax = viewerXs[a]!;
    const ay = viewerYs[a]!;
    for (let b = 0; b < nT; b++) {
      const bx = targetXs[b]!;
      const by = targetYs[b]!;
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
      if (p.verdict === CLEAR || (p.verdict === COVER && !covered)) {
        p.lineAX = ax;
        p.lineAY = ay;
        p.lineBX = bx;
        p.lineBY = by;
      }
      if (p.verdict === CLEAR) return CLEAR;
      if (p.verdict === COVER) covered = true;
    }
  }
  return covered ? COVER : BLOCKED;
}
