import type { MapData } from '../schema/map';
import type { Footprint, SightOptions } from './sightCore';
import { BLOCKED, elevationIn, judgePair } from './sightCore';
import { litFromPoint } from './pointShadow';
import { SPACE, terrainOf } from './terrain';
import type { Terrain } from './terrain';
import { segmentTouchesRect } from './traceLine';

/**
 * `blockLevel` of a square that blocks every line whatever the target: an impassable square, or
 * terrain taller than the viewer next to it.
 */
const ALWAYS = 255;

/**
 * State of one `visibleSquares` call for `markLit`, the callback of every sweep (module-level so
 * no closure is made per call; visibleSquares is synchronous and never re-entered).
 */
const sweep = {
  t: null as unknown as Terrain,
  seen: null as unknown as Uint8Array,
  /** Per square: its group of targets (1, 2, …: one blocking set each), 0 when no sweep judges it. */
  group: null as unknown as Uint8Array,
  /** The group being swept, and the viewer's sight point it is swept from (half squares). */
  current: 0,
  ax: 0,
  ay: 0,
  /** The viewer's footprint as plain numbers (callers pass objects of many shapes). */
  vx: 0,
  vy: 0,
  size: 0,
};

/**
 * Sight point (bx, by) has a segment from the swept viewer point that no square of the group's
 * blocking set touches. Each target owning the point (the square it is the centre of, or the up to
 * four squares it is a corner of) is seen, unless the segment touches terrain next to that target
 * taller than it: the one part of `judgePair`'s blocks that depends on the target alone.
 */
function markLit(bx: number, by: number): void {
  const s = sweep;
  if (bx & 1) {
    markTarget(s, (bx - 1) >> 1, (by - 1) >> 1, bx, by);
    return;
  }
  const i = bx >> 1;
  const j = by >> 1;
  markTarget(s, i - 1, j - 1, bx, by);
  markTarget(s, i, j - 1, bx, by);
  markTarget(s, i - 1, j, bx, by);
  markTarget(s, i, j, bx, by);
}

function markTarget(s: typeof sweep, x: number, y: number, bx: number, by: number): void {
  const t = s.t;
  const w = t.width;
  if (x < 0 || y < 0 || x >= w || y >= t.height) return;
  const k = y * w + x;
  if (s.seen[k] === 1 || s.group[k] !== s.current) return;
  const top = t.level[k]! + 1;
  for (let qy = y - 1; qy <= y + 1; qy++) {
    if (qy < 0 || qy >= t.height) continue;
    for (let qx = x - 1; qx <= x + 1; qx++) {
      if (qx < 0 || qx >= w || t.level[qy * w + qx]! <= top) continue;
      // Terrain under the viewer never blocks (tallTerrainReason).
      if (qx >= s.vx && qx < s.vx + s.size && qy >= s.vy && qy < s.vy + s.size) continue;
      if (segmentTouchesRect(s.ax, s.ay, bx, by, qx, qy, qx, qy)) return;
    }
  }
  s.seen[k] = 1;
}

/** A Size 1 target on a square, reused by `pairSees` (judgePair reads it, keeps nothing). */
const pairTarget: Footprint = { cell: { x: 0, y: 0 }, size: 1 };

/** Whether judgePair finds a line from `viewer` to a Size 1 character on (x, y). */
function pairSees(t: Terrain, viewer: Footprint, x: number, y: number, options: SightOptions): boolean {
  (pairTarget.cell as { x: number; y: number }).x = x;
  (pairTarget.cell as { x: number; y: number }).y = y;
  return judgePair(t, viewer, pairTarget, options, false) !== BLOCKED;
}

/** judgePair for every square of the box, for viewers the sweeps do not handle. */
function judgeEach(
  t: Terrain,
  viewer: Footprint,
  options: SightOptions,
  seen: Uint8Array,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * t.width + x;
      if (t.type[k] !== SPACE.impassable && pairSees(t, viewer, x, y, options)) seen[k] = 1;
    }
  }
}

// Per-call grids, reused while the map size stays the same.
let blockLevel = new Uint8Array(0);
let groupOf = new Uint8Array(0);

/**
 * The squares of the box seen from a viewer standing on the map, on no impassable square: the
 * sweeps for targets two or more squares away, judgePair for the rest.
 */
function sweepSquares(
  t: Terrain,
  viewer: Footprint,
  options: SightOptions,
  seen: Uint8Array,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  const { width, height, type, level } = t;
  if (blockLevel.length !== width * height) {
    blockLevel = new Uint8Array(width * height);
    groupOf = new Uint8Array(width * height);
  }
  const anywhere = options.tallTerrainBlocksSight === 'anywhere';
  const { x: vx, y: vy } = viewer.cell;
  const size = viewer.size;
  const viewerTop = elevationIn(t, viewer) + size;
  // blockLevel: the highest target class (target height + 1) the square blocks lines for. Terrain
  // blocks only when taller than the viewer: next to it always, elsewhere (with 'anywhere') when
  // also taller than the target, i.e. for classes up to its height - 1.
  const levelPresent = [false, false, false, false];
  // Squares beside or under the viewer (ring distance ≤ 1).
  const nx0 = vx - 1;
  const nx1 = vx + size;
  const ny0 = vy - 1;
  const ny1 = vy + size;
  for (let y = 0; y < height; y++) {
    const nearRow = y >= ny0 && y <= ny1;
    for (let x = 0, k = y * width; x < width; x++, k++) {
      let b = 0;
      if (type[k] === SPACE.impassable) b = ALWAYS;
      else if (level[k]! > viewerTop) {
        if (nearRow && x >= nx0 && x <= nx1) {
          // Under the viewer: never blocks.
          if (x === nx0 || x === nx1 || y === ny0 || y === ny1) b = ALWAYS;
        } else if (anywhere) {
          b = level[k]! - 1;
          levelPresent[b] = true;
        }
      }
      blockLevel[k] = b;
    }
  }
  // Groups of target classes 1–4 that share one blocking set: a new set starts at class c when
  // some square blocks for classes up to c - 1 only.
  const classGroup = [0, 1, 1, 1, 1];
  const threshold = [0, 1];
  for (let c = 2; c <= 4; c++) {
    if (levelPresent[c - 1]) threshold.push(c);
    classGroup[c] = threshold.length - 1;
  }
  const targets = [0, 0, 0, 0, 0];
  groupOf.fill(0);
  for (let y = y0; y <= y1; y++) {
    const nearRow = y >= ny0 && y <= ny1;
    for (let x = x0, k = y * width + x0; x <= x1; x++, k++) {
      if (type[k] === SPACE.impassable) continue;
      if (nearRow && x >= nx0 && x <= nx1) {
        // Beside or under the viewer: the target may itself be the viewer's tall neighbour.
        if (pairSees(t, viewer, x, y, options)) seen[k] = 1;
        continue;
      }
      const g = classGroup[level[k]! + 1]!;
      groupOf[k] = g;
      targets[g]!++;
    }
  }
  const s = sweep;
  s.t = t;
  s.seen = seen;
  s.group = groupOf;
  s.vx = vx;
  s.vy = vy;
  s.size = size;
  for (let g = 1; g < threshold.length; g++) {
    if (targets[g] === 0) continue;
    s.current = g;
    // The viewer's sight points as judgePair takes them: square centres, then corners.
    for (let p = 0; p < size * size + (size + 1) * (size + 1); p++) {
      const centre = p < size * size;
      const q = centre ? p : p - size * size;
      const n = centre ? size : size + 1;
      s.ax = 2 * (vx + (q % n)) + (centre ? 1 : 0);
      s.ay = 2 * (vy + Math.floor(q / n)) + (centre ? 1 : 0);
      litFromPoint(s.ax, s.ay, width, height, blockLevel, threshold[g]!, markLit);
    }
  }
}

/**
 * What one character sees (vision and fog of war, docs/ui.md "Vision"): per map square, 1 when a
 * Size 1 character standing there would be in its sight by the attacks' own line of sight
 * (`judgePair`: impassable squares, terrain taller than either character next to it, the room's
 * `tallTerrainBlocksSight`), within `range` squares (left out: unlimited). A wall is seen when a
 * square beside it is (its face is what blocks the view); nobody stands inside one, so the line
 * to it is never traced.
 *
 * The answer is judgePair's, square for square (tests/grid/vision.test.ts holds them equal), but
 * found by shadowcasting instead of judging ~10,000 pairs. For a target T more than one square
 * from the viewer, judgePair's blocks split in two: a set that depends only on the target's
 * height (impassable squares, terrain taller than the viewer next to it, and with 'anywhere'
 * terrain taller than both) and the terrain next to T taller than T. So, per group of targets
 * with the same set, an exact sweep from each of the viewer's sight points (`litFromPoint`) finds
 * the target points reached past the set, and each such line is checked against the target's own
 * tall neighbours. T is seen exactly when one line passes both. Targets next to or under the
 * viewer (where terrain next to the viewer may be the target itself) are left to judgePair.
 */
export function visibleSquares(
  map: MapData,
  viewer: Footprint,
  options: SightOptions & { range?: number } = {},
): Uint8Array {
  const t = terrainOf(map);
  const { width, height, type } = t;
  const seen = new Uint8Array(width * height);
  const range = options.range ?? Infinity;
  const x0 = Math.max(0, viewer.cell.x - range);
  const y0 = Math.max(0, viewer.cell.y - range);
  const x1 = Math.min(width - 1, viewer.cell.x + viewer.size - 1 + range);
  const y1 = Math.min(height - 1, viewer.cell.y + viewer.size - 1 + range);
  const { x: vx, y: vy } = viewer.cell;
  const size = viewer.size;
  let sweepable =
    Number.isInteger(size) &&
    size >= 1 &&
    size <= 10 &&
    vx >= 0 &&
    vy >= 0 &&
    vx + size <= width &&
    vy + size <= height;
  for (let y = vy; sweepable && y < vy + size; y++)
    for (let x = vx; x < vx + size; x++) if (type[y * width + x] === SPACE.impassable) sweepable = false;
  if (!sweepable) judgeEach(t, viewer, options, seen, x0, y0, x1, y1);
  else sweepSquares(t, viewer, options, seen, x0, y0, x1, y1);
  // Walls beside a seen square are seen too (a wall marked seen here is no "seen square": the
  // test asks for a square that is not a wall).
  for (let y = y0; y <= y1; y++) {
    for (let x = x0, k = y * width + x0; x <= x1; x++, k++) {
      if (type[k] !== SPACE.impassable) continue;
      search: for (let ny = y - 1; ny <= y + 1; ny++) {
        if (ny < 0 || ny >= height) continue;
        for (let nx = x - 1; nx <= x + 1; nx++) {
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (seen[n] === 1 && type[n] !== SPACE.impassable) {
            seen[k] = 1;
            break search;
          }
        }
      }
    }
  }
  return seen;
}
/** Whether any square of a footprint is among `seen` (a character is seen when part of it is). */
export function seesFootprint(seen: Uint8Array, width: number, f: Footprint): boolean {
  for (let dy = 0; dy < f.size; dy++)
    for (let dx = 0; dx < f.size; dx++) if (seen[(f.cell.y + dy) * width + f.cell.x + dx] === 1) return true;
  return false;
}

/**
 * Whether `visibleSquares(map, viewer, options)` (unlimited range) marks square (x, y), asked for
 * one square: judgePair for it, or for a wall, for the squares beside it that are not walls. A
 * handful of pair tests instead of the whole map's sweep when only a few characters matter (is
 * this foe in sight?).
 */
export function seesSquare(
  t: Terrain,
  viewer: Footprint,
  x: number,
  y: number,
  options: SightOptions,
): boolean {
  const { width, height, type } = t;
  if (x < 0 || y < 0 || x >= width || y >= height) return false;
  if (type[y * width + x] !== SPACE.impassable) return pairSees(t, viewer, x, y, options);
  for (let ny = y - 1; ny <= y + 1; ny++)
    for (let nx = x - 1; nx <= x + 1; nx++) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= height || type[ny * width + nx] === SPACE.impassable)
        continue;
      if (pairSees(t, viewer, nx, ny, options)) return true;
    }
  return false;
}

/**
 * Each viewer's sight, kept until the viewer moves or the map changes: a foe's move changes no
 * square anyone sees (sight ignores characters), so it costs only a look-up per player
 * (`seesFootprint`); a party character's move recomputes that character alone.
 */
export class SightCache {
  private readonly entries = new Map<string, { key: string; seen: Uint8Array }>();
  private map: MapData | null = null;

  /** The squares `id`, standing on `viewer`, sees. */
  get(
    map: MapData,
    id: string,
    viewer: Footprint,
    options: SightOptions & { range?: number } = {},
  ): Uint8Array {
    const key = `${viewer.cell.x},${viewer.cell.y},${viewer.size},${options.range ?? ''},${options.tallTerrainBlocksSight ?? ''}`;
    const known = this.entries.get(id);
    if (known && known.key === key && this.map === map) return known.seen;
    if (this.map !== map) {
      this.entries.clear();
      this.map = map;
    }
    const seen = visibleSquares(map, viewer, options);
    this.entries.set(id, { key, seen });
    return seen;
  }

  /**
   * Whether `id`, standing on `viewer`, sees any square of `f`: from its kept squares when they
   * are known for this spot, else by pair tests (`seesSquare`) without computing the rest.
   */
  sees(map: MapData, id: string, viewer: Footprint, f: Footprint, options: SightOptions = {}): boolean {
    // Unlimited range only: the key of a sight kept without one.
    const key = `${viewer.cell.x},${viewer.cell.y},${viewer.size},,${options.tallTerrainBlocksSight ?? ''}`;
    const known = this.entries.get(id);
    if (known && known.key === key && this.map === map) return seesFootprint(known.seen, map.width, f);
    const t = terrainOf(map);
    for (let dy = 0; dy < f.size; dy++)
      for (let dx = 0; dx < f.size; dx++)
        if (seesSquare(t, viewer, f.cell.x + dx, f.cell.y + dy, options)) return true;
    return false;
  }

  /** The union of what `viewers` see (a player's characters, or the whole party sharing sight). */
  union(
    map: MapData,
    viewers: readonly { id: string; cell: Footprint['cell']; size: number }[],
    options: SightOptions & { range?: number } = {},
  ): Uint8Array {
    const all = new Uint8Array(map.width * map.height);
    for (const v of viewers) {
      const seen = this.get(map, v.id, v, options);
      for (let k = 0; k < all.length; k++) all[k]! |= seen[k]!;
    }
    return all;
  }
}
