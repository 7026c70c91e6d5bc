import type { CellData } from '../schema/cell';

/** Orthogonal steps, in the order positions at the same distance are tried. */
const STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/**
 * The position nearest to `from` (in orthogonal steps, breadth-first) inside a `width`×`height`
 * map where `fits` holds, or null when none does. Used to put a character somewhere sensible:
 * seeding onto an occupied square, a successful edge save.
 */
export function nearestPosition(
  width: number,
  height: number,
  from: CellData,
  fits: (at: CellData) => boolean,
): CellData | null {
  const seen = new Set<string>([`${from.x},${from.y}`]);
  const queue: CellData[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    if (fits(c)) return c;
    for (const [dx, dy] of STEPS) {
      const n = { x: c.x + dx, y: c.y + dy };
      const key = `${n.x},${n.y}`;
      if (n.x < 0 || n.y < 0 || n.x >= width || n.y >= height || seen.has(key)) continue;
      seen.add(key);
      queue.push(n);
    }
  }
  return null;
}
