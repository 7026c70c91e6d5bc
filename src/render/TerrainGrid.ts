/**
 * The renderer's own view of the battlefield floor: flat row-major arrays so a chunk can be
 * redrawn without touching the document. Built from a map by `src/ui/snapshotToScene.ts`.
 */
export type SpaceKind = 'ground' | 'difficult' | 'dangerous' | 'impassable' | 'edge';

export const SPACE_KINDS: readonly SpaceKind[] = ['ground', 'difficult', 'dangerous', 'impassable', 'edge'];

export interface TerrainGrid {
  readonly width: number;
  readonly height: number;
  /** Row-major, index = y * width + x. */
  readonly space: readonly SpaceKind[];
  /** Terrain height 0..3 per space (0 = plain floor), row-major. */
  readonly heights: readonly number[];
  /** Destructible terrain: index → current HP (10 HP per height level when undamaged). */
  readonly destructible: ReadonlyMap<number, number>;
  /** Doors: index → true while closed (drawn as a door leaf across the square, open swung aside). */
  readonly doors?: ReadonlyMap<number, boolean>;
}

export function terrainIndex(grid: { width: number }, x: number, y: number): number {
  return y * grid.width + x;
}

export function inGrid(grid: { width: number; height: number }, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height;
}

/** Height at (x, y); outside the map counts as 0 so borders draw like a drop to the floor. */
export function heightAt(grid: TerrainGrid, x: number, y: number): number {
  return inGrid(grid, x, y) ? (grid.heights[terrainIndex(grid, x, y)] ?? 0) : 0;
}

/** Cells (as indices) whose space or height differ between two grids of the same size. */
export function changedCells(a: TerrainGrid, b: TerrainGrid): number[] {
  if (a.width !== b.width || a.height !== b.height) {
    return Array.from({ length: b.width * b.height }, (_, i) => i);
  }
  const out: number[] = [];
  for (let i = 0; i < b.space.length; i++) {
    if (
      a.space[i] !== b.space[i] ||
      a.heights[i] !== b.heights[i] ||
      a.destructible.get(i) !== b.destructible.get(i) ||
      a.doors?.get(i) !== b.doors?.get(i)
    ) {
      out.push(i);
    }
  }
  return out;
}
