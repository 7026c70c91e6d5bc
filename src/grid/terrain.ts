import type { MapData, SpaceType } from '../schema/map';
import { spaceTypeOfCode } from '../schema/map';

/** Space types as small integers for the typed-array grids (index = y * width + x). */
export const SPACE = { ground: 0, difficult: 1, dangerous: 2, impassable: 3, edge: 4 } as const;
const SPACE_NAMES: readonly SpaceType[] = ['ground', 'difficult', 'dangerous', 'impassable', 'edge'];

/**
 * A map unpacked into flat typed arrays once, so movement and sight loops never parse strings.
 * Treat as read-only; it is cached per map object.
 */
export interface Terrain {
  readonly width: number;
  readonly height: number;
  /** SPACE code per square. */
  readonly type: Uint8Array;
  /** Terrain height 0–3 per square (0 = level ground). */
  readonly level: Uint8Array;
  /** 1 where the square is destructible terrain. */
  readonly destructible: Uint8Array;
}

const cache = new WeakMap<MapData, Terrain>();

/** The unpacked grids of a validated map (cached: maps are treated as immutable values). */
export function terrainOf(map: MapData): Terrain {
  const hit = cache.get(map);
  if (hit) return hit;
  const { width, height } = map;
  const type = new Uint8Array(width * height);
  const level = new Uint8Array(width * height);
  const destructible = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = map.cells[y] ?? '';
    const levels = map.heights[y] ?? '';
    for (let x = 0; x < width; x++) {
      const name = spaceTypeOfCode(row[x] ?? '.') ?? 'ground';
      type[y * width + x] = SPACE[name];
      level[y * width + x] = Number(levels[x] ?? '0') || 0;
    }
  }
  for (const c of map.destructible) destructible[c.y * width + c.x] = 1;
  // docs/rules.md "Doors": a closed door blocks sight and movement like an impassable square; an
  // open one is the square as painted.
  for (const d of map.doors ?? []) {
    if (d.closed && d.x < width && d.y < height) {
      type[d.y * width + d.x] = SPACE.impassable;
      level[d.y * width + d.x] = 0;
    }
  }
  const terrain: Terrain = { width, height, type, level, destructible };
  cache.set(map, terrain);
  return terrain;
}

export function inBounds(t: { width: number; height: number }, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < t.width && y < t.height;
}

/** Rulebook space type of one square (off the map reads as impassable). */
export function spaceTypeAt(map: MapData, x: number, y: number): SpaceType {
  const t = terrainOf(map);
  if (!inBounds(t, x, y)) return 'impassable';
  return SPACE_NAMES[t.type[y * t.width + x]!]!;
}

/** Terrain height 0–3 of one square (0 off the map). */
export function heightAt(map: MapData, x: number, y: number): number {
  const t = terrainOf(map);
  return inBounds(t, x, y) ? t.level[y * t.width + x]! : 0;
}

const runsCache = new WeakMap<Terrain, Int16Array>();

/**
 * For every impassable square, the run of impassable squares it belongs to along its row and its
 * column: [rowStartX, rowEndX, colStartY, colEndY] at index 4 * square. Line of sight tests a
 * whole wall run at once instead of tracing line after line into the same wall.
 */
export function impassableRuns(t: Terrain): Int16Array {
  const hit = runsCache.get(t);
  if (hit) return hit;
  const { width, height, type } = t;
  const runs = new Int16Array(4 * width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width;) {
      if (type[y * width + x] !== SPACE.impassable) {
        x++;
        continue;
      }
      let end = x;
      while (end + 1 < width && type[y * width + end + 1] === SPACE.impassable) end++;
      for (let k = x; k <= end; k++) {
        runs[4 * (y * width + k)] = x;
        runs[4 * (y * width + k) + 1] = end;
      }
      x = end + 1;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height;) {
      if (type[y * width + x] !== SPACE.impassable) {
        y++;
        continue;
      }
      let end = y;
      while (end + 1 < height && type[(end + 1) * width + x] === SPACE.impassable) end++;
      for (let k = y; k <= end; k++) {
        runs[4 * (k * width + x) + 2] = y;
        runs[4 * (k * width + x) + 3] = end;
      }
      y = end + 1;
    }
  }
  runsCache.set(t, runs);
  return runs;
}
