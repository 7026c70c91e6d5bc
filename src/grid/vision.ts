import type { MapData } from '../schema/map';
import type { Footprint, SightOptions } from './sightCore';
import { BLOCKED, judgePair } from './sightCore';
import { SPACE, terrainOf } from './terrain';

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
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (t.type[k] === SPACE.impassable) continue;
      target.cell = { x, y };
      if (judgePair(t, viewer, target, options, false) !== BLOCKED) seen[k] = 1;
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
