import type { CellData } from '../schema/cell';

/**
 * A grid square inside `src/grid/`: column x (0 = west), row y (0 = north). Branded so a pixel
 * position can never be passed where a square is meant; only this folder converts between them.
 */
export type Cell = CellData & { readonly __brand: 'Cell' };
/** A position on the renderer's world plane, in pixels (x east, y south). */
export type WorldPoint = { readonly x: number; readonly y: number; readonly __brand: 'WorldPoint' };

/** Side of one square on the world plane, in pixels. */
export const CELL_SIZE_PX = 64;

/** Brands a square (no bounds check: a map decides what is inside). */
export function cell(x: number, y: number): Cell {
  return { x, y } as Cell;
}

/** Stable string key "x,y" for maps and sets. */
export function cellKey(c: CellData): string {
  return `${c.x},${c.y}`;
}

export function sameCell(a: CellData, b: CellData): boolean {
  return a.x === b.x && a.y === b.y;
}

/** World position of the square's north-west corner. */
export function cellToWorld(c: CellData): WorldPoint {
  return { x: c.x * CELL_SIZE_PX, y: c.y * CELL_SIZE_PX } as WorldPoint;
}

/** World position of the square's centre (tokens and labels anchor here). */
export function cellCenterToWorld(c: CellData): WorldPoint {
  return { x: (c.x + 0.5) * CELL_SIZE_PX, y: (c.y + 0.5) * CELL_SIZE_PX } as WorldPoint;
}

/** The square under a world point; null west or north of the map (the map checks east/south). */
export function worldToCell(p: { x: number; y: number }): Cell | null {
  const x = Math.floor(p.x / CELL_SIZE_PX);
  const y = Math.floor(p.y / CELL_SIZE_PX);
  return x < 0 || y < 0 ? null : cell(x, y);
}

export function worldPoint(x: number, y: number): WorldPoint {
  return { x, y } as WorldPoint;
}

/** The four orthogonal steps, in a fixed order (north, east, south, west). */
export const ORTHOGONAL_STEPS = [
  { dx: 0, dy: -1, name: 'north' },
  { dx: 1, dy: 0, name: 'east' },
  { dx: 0, dy: 1, name: 'south' },
  { dx: -1, dy: 0, name: 'west' },
] as const;
export type Direction = (typeof ORTHOGONAL_STEPS)[number]['name'];
