/**
 * Every square a straight segment touches, for line of sight. Coordinates are in HALF squares
 * (integers): square (i, j) spans [2i, 2i+2] × [2j, 2j+2], so corners are even points and centres
 * odd ones, and all arithmetic is exact. A square counts as touched when the CLOSED square meets
 * the segment anywhere except at its two end points: grazing an edge or passing through a corner
 * touches it (docs/rules.md "Tracing a line"). The set is the same in both directions.
 *
 * `visit(x, y)` is called once per touched square, in order along the segment (the two side
 * squares of a corner crossing come before the diagonal one); returning true stops the trace and
 * makes `traceLine` return true.
 */
export function traceLine(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  visit: (x: number, y: number) => boolean,
): boolean {
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
function traceStraight(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  visit: (x: number, y: number) => boolean,
): boolean {
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
 * Does the segment touch the closed rectangle of squares x0..x1 × y0..y1 anywhere except at its
 * end points? The same rule as `traceLine`, for a block of squares: Liang–Barsky clipping in
 * floating point, exact here because all inputs are small integers (equal fractions compare equal).
 */
export function segmentTouchesRect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  let lo = -Infinity;
  let hi = Infinity;
  const dx = bx - ax;
  const dy = by - ay;
  const left = 2 * x0;
  const right = 2 * x1 + 2;
  const top = 2 * y0;
  const bottom = 2 * y1 + 2;
  if (dx === 0) {
    if (ax < left || ax > right) return false;
  } else {
    const a = (left - ax) / dx;
    const b = (right - ax) / dx;
    lo = a < b ? a : b;
    hi = a < b ? b : a;
  }
  if (dy === 0) {
    if (ay < top || ay > bottom) return false;
  } else {
    const a = (top - ay) / dy;
    const b = (bottom - ay) / dy;
    lo = Math.max(lo, a < b ? a : b);
    hi = Math.min(hi, a < b ? b : a);
  }
  return lo <= hi && lo < 1 && hi > 0;
}
