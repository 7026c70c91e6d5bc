/**
 * Every square a straight segment touches, for line of sight. Coordinates are in HALF squares
 * (integers): square (i, j) spans [2i, 2i+2] × [2j, 2j+2], so corners are even points and centres
 * odd ones, and all arithmetic is exact. A square counts as touched when the CLOSED square meets
 * the segment anywhere except at its two end points: grazing an edge or passing through a corner
 * touches it (docs/rules-geometry.md "Tracing a line"). The set is the same in both directions.
 *
 * `visit(x, y)` is called once per touched square, in order along the segment (the two side
 * squares of a corner crossing come before the diagonal one); returning true stops the trace and
 * makes `traceLine` return true.
 */
export function traceLine(ax: number, ay: number, bx: number, by: number, visit: (x: number, y: number) => boolean): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  if (dx === 0 && dy === 0) return false;
  if (dx === 0 || dy === 0) return traceStraight(ax, ay, bx, by, visit);
  const sx = dx > 0 ? 1 : -1;
  const sy = dy > 0 ? 1 : -1;
  const adx = dx * sx;
  const ady = dy * sy;
  let cx = sx > 0 ? Math.floor(ax / 2) : Math.ceil(ax / 2) - 1;
  let cy = sy > 0 ? Math.floor(ay / 2) : Math.ceil(ay / 2) - 1;
  // Distance (in half squares along each axis) to the next vertical / horizontal grid line.
  let tx = sx > 0 ? 2 * (cx + 1) - ax : ax - 2 * cx;
  let ty = sy > 0 ? 2 * (cy + 1) - ay : ay - 2 * cy;
  for (;;) {
    if (visit(cx, cy)) return true;
    // Crossing parameters are tx/adx and ty/ady; compare them without dividing.
    const lhs = tx * ady;
    const rhs = ty * adx;
    if (lhs < rhs) {
      if (tx >= adx) return false;
      cx += sx;
      tx += 2;
    } else if (lhs > rhs) {
      if (ty >= ady) return false;
      cy += sy;
      ty += 2;
    } else {
      if (tx >= adx) return false; // the corner is the end point (or beyond)
      if (visit(cx + sx, cy) || visit(cx, cy + sy)) return true;
      cx += sx;
      cy += sy;
      tx += 2;
      ty += 2;
    }
  }
}

/** Axis-parallel segments: along a grid line both neighbouring rows/columns are touched. */
function traceStraight(ax: number, ay: number, bx: number, by: number, visit: (x: number, y: number) => boolean): boolean {
  if (ax === bx) {
    const lo = Math.min(ay, by);
    const hi = Math.max(ay, by);
    const j0 = Math.floor(lo / 2);
    const j1 = Math.ceil(hi / 2) - 1;
    const onLine = ax % 2 === 0;
    const i = onLine ? ax / 2 : Math.floor(ax / 2);
    const step = ay < by ? 1 : -1;
    for (let j = step > 0 ? j0 : j1; step > 0 ? j <= j1 : j >= j0; j += step) {
      if (onLine ? visit(i - 1, j) || visit(i, j) : visit(i, j)) return true;
    }
    return false;
  }
  // Horizontal: the same with x and y swapped.
  return traceStraight(ay, ax, by, bx, (y, x) => visit(x, y));
}

/**
 * Does the segment touch the closed square (i, j) anywhere except at its end points? The same
 * rule as `traceLine`, for one square: Liang–Barsky clipping in exact-enough floating point
 * (all inputs are small integers, so equal fractions compare equal).
 */
export function segmentTouchesSquare(ax: number, ay: number, bx: number, by: number, i: number, j: number): boolean {
  let lo = -Infinity;
  let hi = Infinity;
  const dx = bx - ax;
  const dy = by - ay;
  const x0 = 2 * i;
  const y0 = 2 * j;
  if (dx === 0) {
    if (ax < x0 || ax > x0 + 2) return false;
  } else {
    const a = (x0 - ax) / dx;
    const b = (x0 + 2 - ax) / dx;
    lo = Math.min(a, b);
    hi = Math.max(a, b);
  }
  if (dy === 0) {
    if (ay < y0 || ay > y0 + 2) return false;
  } else {
    const a = (y0 - ay) / dy;
    const b = (y0 + 2 - ay) / dy;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
  }
  return lo <= hi && lo < 1 && hi > 0;
}
