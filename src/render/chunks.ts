/**
 * Static terrain is drawn and cached in square chunks of cells so a painted cell redraws one
 * chunk, and chunks outside the camera are culled (hidden) instead of drawn.
 */
export const CHUNK_CELLS = 16;

export interface ChunkId {
  readonly cx: number;
  readonly cy: number;
}

/** Cell rectangle in cells, half-open: x0 ≤ x < x1. */
export interface CellRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export function chunkKey(c: ChunkId): string {
  return `${c.cx},${c.cy}`;
}

export function chunkOfCell(x: number, y: number, size = CHUNK_CELLS): ChunkId {
  return { cx: Math.floor(x / size), cy: Math.floor(y / size) };
}

/** Every chunk covering a width×height map, row by row. */
export function chunksOfMap(width: number, height: number, size = CHUNK_CELLS): ChunkId[] {
  const out: ChunkId[] = [];
  for (let cy = 0; cy * size < height; cy++) {
    for (let cx = 0; cx * size < width; cx++) out.push({ cx, cy });
  }
  return out;
}

/** The cells a chunk covers, clipped to the map. */
export function chunkCells(c: ChunkId, width: number, height: number, size = CHUNK_CELLS): CellRect {
  return {
    x0: c.cx * size,
    y0: c.cy * size,
    x1: Math.min(width, (c.cx + 1) * size),
    y1: Math.min(height, (c.cy + 1) * size),
  };
}

/** Keys of the chunks touched by the given row-major cell indices. */
export function dirtyChunkKeys(indices: Iterable<number>, width: number, size = CHUNK_CELLS): Set<string> {
  const keys = new Set<string>();
  for (const i of indices) keys.add(chunkKey(chunkOfCell(i % width, Math.floor(i / width), size)));
  return keys;
}

/**
 * Chunks that intersect a world-pixel rectangle (the camera), given the cell size in pixels.
 * `margin` cells of slack avoid popping at the screen border while panning.
 */
export function visibleChunkKeys(
  view: { x: number; y: number; width: number; height: number },
  cellPx: number,
  mapWidth: number,
  mapHeight: number,
  margin = 1,
  size = CHUNK_CELLS,
): Set<string> {
  const x0 = Math.max(0, Math.floor(view.x / cellPx) - margin);
  const y0 = Math.max(0, Math.floor(view.y / cellPx) - margin);
  const x1 = Math.min(mapWidth - 1, Math.floor((view.x + view.width) / cellPx) + margin);
  const y1 = Math.min(mapHeight - 1, Math.floor((view.y + view.height) / cellPx) + margin);
  const keys = new Set<string>();
  if (x1 < x0 || y1 < y0) return keys;
  const a = chunkOfCell(x0, y0, size);
  const b = chunkOfCell(x1, y1, size);
  for (let cy = a.cy; cy <= b.cy; cy++) {
    for (let cx = a.cx; cx <= b.cx; cx++) keys.add(chunkKey({ cx, cy }));
  }
  return keys;
}
