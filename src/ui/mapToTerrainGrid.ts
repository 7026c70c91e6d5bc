import type { MapData } from '../schema/map';
import { spaceTypeOfCode } from '../schema/map';
import type { TerrainGrid } from '../render/TerrainGrid';

/** HP of undamaged destructible terrain: 10 per height level (rulebook: Destructible terrain). */
export const DESTRUCTIBLE_HP_PER_LEVEL = 10;

/**
 * Map file/document rows → the renderer's flat arrays. `hpLeft` (cell key "x,y" → remaining HP,
 * from the room) shows destructible terrain that has been hit; missing keys are undamaged.
 */
export function mapToTerrainGrid(map: MapData, hpLeft?: Readonly<Record<string, number>>): TerrainGrid {
  const n = map.width * map.height;
  const space = new Array<TerrainGrid['space'][number]>(n);
  const heights = new Array<number>(n);
  for (let y = 0; y < map.height; y++) {
    const row = map.cells[y] ?? '';
    const hrow = map.heights[y] ?? '';
    for (let x = 0; x < map.width; x++) {
      const i = y * map.width + x;
      space[i] = spaceTypeOfCode(row[x] ?? '.') ?? 'ground';
      heights[i] = Number(hrow[x] ?? '0') || 0;
    }
  }
  const destructible = new Map<number, number>();
  for (const c of map.destructible) {
    const i = c.y * map.width + c.x;
    const full = (heights[i] ?? 0) * DESTRUCTIBLE_HP_PER_LEVEL;
    destructible.set(i, Math.max(0, hpLeft?.[`${c.x},${c.y}`] ?? full));
  }
  const doors = new Map<number, boolean>();
  for (const d of map.doors ?? []) doors.set(d.y * map.width + d.x, d.closed);
  return {
    width: map.width,
    height: map.height,
    space,
    heights,
    destructible,
    ...(doors.size ? { doors } : {}),
  };
}
