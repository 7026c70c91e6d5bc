/**
 * Which map squares a wall segment marks (docs/rules.md "Walls from imported maps"). Points are
 * in grid units from the map's top-left corner: square (x, y) spans [x, x+1] × [y, y+1].
 *
 * - A square is marked when the segment passes through its interior.
 * - A segment lying along a grid line marks ONE side only: the square below a horizontal line,
 *   the square to the right of a vertical one (none when that square is off the map: the map's
 *   own border already stops movement and sight).
 * - Touching a square's corner, or ending on its edge, marks nothing.
 *
 * Movement takes orthogonal steps only and sight is blocked by squares that merely touch at a
 * corner (docs/rules.md "Movement", "Line of sight"), so a diagonal wall whose squares meet only
 * at corners still leaves no way through; no extra squares are added.
 */

export interface WallPoint {
  readonly x: number;
  readonly y: number;
}

/** Coordinates are snapped to this many steps per square, so 2.9999999 from a float export is 3. */
const SNAP = 1e6;
const snap = (v: number) => Math.round(v * SNAP) / SNAP;

/**
 * Squares (as y * width + x) marked by the segment a → b on a `width` × `height` map, in the order
 * the segment meets them (duplicates possible at the joints of a polyline; callers use a set).
 */
export function wallSquares(a: WallPoint, b: WallPoint, width: number, height: number): number[] {
  const x1 = snap(a.x);
  const y1 = snap(a.y);
  const x2 = snap(b.x);
  const y2 = snap(b.y);
  const dx = x2 - x1;
  const dy = y2 - y1;
  if (dx === 0 && dy === 0) return [];
  // Parameters where the segment crosses a vertical or horizontal grid line, plus its ends.
  const cuts = [0, 1];
  const crossings = (from: number, delta: number) => {
    if (delta === 0) return;
    const lo = Math.min(from, from + delta);
    const hi = Math.max(from, from + delta);
    for (let k = Math.ceil(lo); k <= Math.floor(hi); k++) {
      const t = (k - from) / delta;
      if (t > 0 && t < 1) cuts.push(t);
    }
  };
  crossings(x1, dx);
  crossings(y1, dy);
  cuts.sort((p, q) => p - q);
  const out: number[] = [];
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) out.push(y * width + x);
  };
  for (let i = 1; i < cuts.length; i++) {
    const t0 = cuts[i - 1]!;
    const t1 = cuts[i]!;
    if (t1 - t0 < 1e-12) continue;
    // The middle of a piece between two crossings lies inside exactly one square, unless the
    // whole segment runs along a grid line.
    const t = (t0 + t1) / 2;
    const mx = snap(x1 + dx * t);
    const my = snap(y1 + dy * t);
    if (dy === 0 && Number.isInteger(y1)) mark(Math.floor(mx), y1);
    else if (dx === 0 && Number.isInteger(x1)) mark(x1, Math.floor(my));
    else mark(Math.floor(mx), Math.floor(my));
  }
  return out;
}

/** Every square a polyline (consecutive points joined) marks, as a set of y * width + x. */
export function polylineSquares(
  points: readonly WallPoint[],
  width: number,
  height: number,
  into: Set<number> = new Set(),
): Set<number> {
  for (let i = 1; i < points.length; i++) {
    for (const square of wallSquares(points[i - 1]!, points[i]!, width, height)) into.add(square);
  }
  return into;
}
