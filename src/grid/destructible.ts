import type { CellData } from '../schema/cell';
import type { MapData } from '../schema/map';
import { terrainOf } from './terrain';

/** Rulebook (Destructible terrain): 10 HP per height level; attacks against it hit automatically. */
export const DESTRUCTIBLE_HP_PER_LEVEL = 10;

/** Full HP of a destructible terrain square, or null if the square is not destructible. */
export function destructibleMaxHp(map: MapData, at: CellData): number | null {
  const t = terrainOf(map);
  if (at.x >= t.width || at.y >= t.height) return null;
  const i = at.y * t.width + at.x;
  return t.destructible[i] ? t.level[i]! * DESTRUCTIBLE_HP_PER_LEVEL : null;
}

/**
 * Height left after `damage` total damage to terrain of `height` levels: each full 10 HP lost
 * removes one level (interpretation, docs/rules.md "Destructible terrain"), so 25 damage
 * to height 3 leaves height 1 (5 HP left rounds up to one level).
 */
export function heightAfterDamage(height: number, damage: number): number {
  const hpLeft = Math.max(0, height * DESTRUCTIBLE_HP_PER_LEVEL - Math.max(0, damage));
  return Math.ceil(hpLeft / DESTRUCTIBLE_HP_PER_LEVEL);
}

/**
 * A new map with the square's terrain lowered to `height` (0 = destroyed: plain ground, and no
 * longer listed as destructible). The input map is not changed.
 */
export function withTerrainHeight(map: MapData, at: CellData, height: number): MapData {
  const row = map.heights[at.y];
  if (row === undefined || at.x >= map.width) throw new RangeError(`(${at.x},${at.y}) is outside the map`);
  const heights = map.heights.slice();
  heights[at.y] = row.slice(0, at.x) + String(height) + row.slice(at.x + 1);
  const destructible =
    height > 0 ? map.destructible : map.destructible.filter((c) => c.x !== at.x || c.y !== at.y);
  return { ...map, heights, destructible };
}
