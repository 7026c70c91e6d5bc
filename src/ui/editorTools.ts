/**
 * Map editor tools as pure functions over cell coordinates: which cells a brush stroke, a
 * rectangle or a flood fill touches. The editor then writes those cells with one table writer
 * call (one transaction = one undo step).
 */
export interface CellXY {
  readonly x: number;
  readonly y: number;
}

export type EditorTool = 'brush' | 'rect' | 'fill';

/** Square brush of side `2 * radius + 1` centred on `c`, clipped to the map. */
export function brushCells(c: CellXY, radius: number, width: number, height: number): CellXY[] {
  const out: CellXY[] = [];
  for (let y = c.y - radius; y <= c.y + radius; y++) {
    for (let x = c.x - radius; x <= c.x + radius; x++) {
      if (x >= 0 && y >= 0 && x < width && y < height) out.push({ x, y });
    }
  }
  return out;
}

/** Every cell of the rectangle spanned by two corners (either order), clipped to the map. */
export function rectCells(a: CellXY, b: CellXY, width: number, height: number): CellXY[] {
  const x0 = Math.max(0, Math.min(a.x, b.x));
  const x1 = Math.min(width - 1, Math.max(a.x, b.x));
  const y0 = Math.max(0, Math.min(a.y, b.y));
  const y1 = Math.min(height - 1, Math.max(a.y, b.y));
  const out: CellXY[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push({ x, y });
  return out;
}

/**
 * Flood fill: the 4-connected region of cells around `start` whose `key` equals start's key
 * (e.g. "same space type and height"). Orthogonal only, like ICON movement.
 */
export function fillCells(
  start: CellXY,
  width: number,
  height: number,
  key: (x: number, y: number) => string,
): CellXY[] {
  if (start.x < 0 || start.y < 0 || start.x >= width || start.y >= height) return [];
  const target = key(start.x, start.y);
  const seen = new Uint8Array(width * height);
  const out: CellXY[] = [];
  const stack: number[] = [start.y * width + start.x];
  seen[start.y * width + start.x] = 1;
  while (stack.length) {
    const i = stack.pop() as number;
    const x = i % width;
    const y = (i - x) / width;
    out.push({ x, y });
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (seen[j] || key(nx, ny) !== target) continue;
      seen[j] = 1;
      stack.push(j);
    }
  }
  return out.sort((p, q) => p.y - q.y || p.x - q.x);
}

/** Cells of a straight stroke from a to b (so a fast brush drag leaves no gaps). Bresenham. */
export function strokeCells(a: CellXY, b: CellXY): CellXY[] {
  const out: CellXY[] = [];
  let x = a.x;
  let y = a.y;
  const dx = Math.abs(b.x - a.x);
  const dy = -Math.abs(b.y - a.y);
  const sx = a.x < b.x ? 1 : -1;
  const sy = a.y < b.y ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push({ x, y });
    if (x === b.x && y === b.y) break;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
  return out;
}
