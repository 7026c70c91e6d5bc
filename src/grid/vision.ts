import type { MapData } from '../schema/map';
import type { Footprint, SightOptions } from './sightCore';
import { BLOCKED, judgePair, pair } from './sightCore';
import { SPACE, terrainOf } from './terrain';
import type { Terrain } from './terrain';
import { segmentTouchesRect } from './traceLine';

/** Wall runs remembered between targets of one viewer (the most recent first). */
const RECENT_WALLS = 16;

/**
 * A wall run (an impassable rectangle, in squares) that no line between a Size 1 viewer at
 * (vx, vy) and a Size 1 target at (tx, ty) can pass: it touches neither square, and it touches
 * both outer edges of their hull (the segments from each of the viewer's extreme corners to the
 * same corner of the target). A convex block across both edges holds a chord that separates the
 * two squares inside their hull, so every one of judgePair's lines touches it, away from its
 * end points. Only a shortcut to BLOCKED: when it says no, judgePair decides.
 */
function wallSeparates(
  vx: number,
  vy: number,
  tx: number,
  ty: number,
  r: Int16Array | number[],
  i: number,
): boolean {
  const x0 = r[i]!;
  const y0 = r[i + 1]!;
  const x1 = r[i + 2]!;
  const y1 = r[i + 3]!;
  // Touching (or overlapping) either square: a line may meet it only at its end point.
  if (x1 + 1 >= vx && vx + 1 >= x0 && y1 + 1 >= vy && vy + 1 >= y0) return false;
  if (x1 + 1 >= tx && tx + 1 >= x0 && y1 + 1 >= ty && ty + 1 >= y0) return false;
  const dx = tx - vx;
  const dy = ty - vy;
  // The corners (offsets 0/1) extreme across the direction: n·o with n = (-dy, dx).
  let lo = Infinity;
  let hi = -Infinity;
  for (let o = 0; o < 4; o++) {
    const v = -dy * (o & 1) + dx * (o >> 1);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  for (let o = 0; o < 4; o++) {
    const v = -dy * (o & 1) + dx * (o >> 1);
    if (v !== lo && v !== hi) continue;
    const ox = o & 1;
    const oy = o >> 1;
    if (!segmentTouchesRect(2 * (vx + ox), 2 * (vy + oy), 2 * (tx + ox), 2 * (ty + oy), x0, y0, x1, y1))
      return false;
  }
  return true;
}

/** After judgePair said BLOCKED: remember the wall runs it met (tall squares depend on the target, so not those). */
function rememberWalls(t: Terrain, recent: number[]): void {
  const b = pair.blockers;
  for (let i = 0; i < b.length; i += 4) {
    if (t.type[b[i + 1]! * t.width + b[i]!] !== SPACE.impassable) continue;
    let known = false;
    for (let j = 0; j < recent.length && !known; j += 4)
      known =
        recent[j] === b[i] &&
        recent[j + 1] === b[i + 1] &&
        recent[j + 2] === b[i + 2] &&
        recent[j + 3] === b[i + 3];
    if (known) continue;
    recent.unshift(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
    if (recent.length > 4 * RECENT_WALLS) recent.length = 4 * RECENT_WALLS;
  }
}

/**
 * What one character sees (vision and fog of war, docs/ui.md "Vision"): per map square, 1 when a
 * Size 1 character standing there would be in its sight by the attacks' own line of sight
 * (`judgePair`: impassable squares, terrain taller than either character next to it, the room's
 * `tallTerrainBlocksSight`), within `range` squares (left out: unlimited). A wall is seen when a
 * square beside it is (its face is what blocks the view); nobody stands inside one, so the line
 * to it is never traced.
 */
export function visibleSquares(
  map: MapData,
  viewer: Footprint,
  options: SightOptions & { range?: number } = {},
): Uint8Array {
  const t = terrainOf(map);
  const { width, height } = t;
  const seen = new Uint8Array(width * height);
  const range = options.range ?? Infinity;
  const x0 = Math.max(0, viewer.cell.x - range);
  const y0 = Math.max(0, viewer.cell.y - range);
  const x1 = Math.min(width - 1, viewer.cell.x + viewer.size - 1 + range);
  const y1 = Math.min(height - 1, viewer.cell.y + viewer.size - 1 + range);
  const target: Footprint = { cell: { x: 0, y: 0 }, size: 1 };
  // Size 1 viewers: a wall run that blocked a neighbouring square usually blocks this one too
  // (`wallSeparates` proves it, or judgePair decides); larger viewers trace every square.
  const recent: number[] = [];
  const shortcut = viewer.size === 1;
  const { x: vx, y: vy } = viewer.cell;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (t.type[k] === SPACE.impassable) continue;
      if (shortcut) {
        let hit = -1;
        for (let i = 0; i < recent.length && hit < 0; i += 4)
          if (wallSeparates(vx, vy, x, y, recent, i)) hit = i;
        if (hit >= 0) {
          // The wall that shadows this square likely shadows the next: to the front.
          if (hit > 0) recent.unshift(...recent.splice(hit, 4));
          continue;
        }
      }
      target.cell = { x, y };
      if (judgePair(t, viewer, target, options, false) !== BLOCKED) seen[k] = 1;
      else if (shortcut) rememberWalls(t, recent);
    }
  }
  // Walls beside a seen square are seen too.
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (t.type[k] !== SPACE.impassable) continue;
      search: for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (t.type[n] !== SPACE.impassable && seen[n] === 1) {
            seen[k] = 2;
            break search;
          }
        }
      }
    }
  }
  for (let k = 0; k < seen.length; k++) if (seen[k] === 2) seen[k] = 1;
  return seen;
}

/** Whether any square of a footprint is among `seen` (a character is seen when part of it is). */
export function seesFootprint(seen: Uint8Array, width: number, f: Footprint): boolean {
  for (let dy = 0; dy < f.size; dy++)
    for (let dx = 0; dx < f.size; dx++) if (seen[(f.cell.y + dy) * width + f.cell.x + dx] === 1) return true;
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
