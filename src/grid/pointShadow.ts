import { segmentTouchesRect } from './traceLine';

/**
 * Exact shadowcasting from one sight point, for `visibleSquares`: every sight point of the map
 * (square centres and corners, in half squares as in traceLine.ts) whose segment from the
 * viewer's point touches no blocking square, by the rule of `traceLine` (closed squares, the two
 * end points excluded). It gives the same answer as tracing each segment, but costs about the lit
 * area instead of one trace per point.
 *
 * Per octant, with the point at the origin, u the major and v the minor axis (0 ≤ v ≤ u), the
 * sweep walks columns of points u = 1, 2, … and keeps `shadow`: the closed slope intervals of
 * blocks the column has wholly passed. Why that is exact:
 * - A block's cone (the slopes v/u of its points with u > 0) is a closed interval, and a ray with
 *   a slope in it touches the block at some u in (0, far edge]. So a point beyond the far edge
 *   with its slope in the cone is blocked: the test against `shadow` is exact, ends included.
 * - A point outside `shadow` can only be blocked by a block whose far edge it has not passed: one
 *   in the column of squares it stands in or at the left edge of. Those few squares are tested one
 *   by one with `segmentTouchesRect` (the "near" test).
 * - A block enters `shadow` when the sweep passes its far edge, if its cone meets a gap of
 *   `shadow`; one wholly in shadow changes nothing. Only the squares under the gaps are looked at,
 *   which is what keeps the cost near the lit area.
 * Slopes are doubles: all are ratios of integers below ~500, so equal ratios are equal doubles and
 * different ones are far apart (the same argument as `segmentTouchesRect`).
 */

/** The 8 octants, four numbers each: absolute offset = (u·xx + v·xy, u·yx + v·yy). */
const OCTANTS = new Int8Array([
  1, 0, 0, 1, 0, 1, 1, 0, -1, 0, 0, 1, 0, -1, 1, 0, 1, 0, 0, -1, 0, 1, -1, 0, -1, 0, 0, -1, 0, -1, -1, 0,
]);

/** Slack for turning slope bounds into row ranges: wider ranges cost a look, never an answer. */
const EPS = 1e-9;

// The shadow of the current octant (sorted, disjoint, not touching) and the cones found while
// passing one column, merged in afterwards. Reused between calls: no allocation per sweep.
let shadowLo: number[] = [];
let shadowHi: number[] = [];
let mergedLo: number[] = [];
let mergedHi: number[] = [];
const coneLo: number[] = [];
const coneHi: number[] = [];

/** Merges the collected cones (clipped to [0, 1]) into the shadow. */
function mergeCones(): void {
  const n = coneLo.length;
  if (n === 0) return;
  // Few cones per column, nearly sorted already (rows are scanned in order): insertion sort.
  for (let i = 1; i < n; i++) {
    const lo = coneLo[i]!;
    const hi = coneHi[i]!;
    let j = i - 1;
    while (j >= 0 && coneLo[j]! > lo) {
      coneLo[j + 1] = coneLo[j]!;
      coneHi[j + 1] = coneHi[j]!;
      j--;
    }
    coneLo[j + 1] = lo;
    coneHi[j + 1] = hi;
  }
  mergedLo.length = 0;
  mergedHi.length = 0;
  let i = 0;
  let j = 0;
  const m = shadowLo.length;
  while (i < m || j < n) {
    let lo: number;
    let hi: number;
    if (j >= n || (i < m && shadowLo[i]! <= coneLo[j]!)) {
      lo = shadowLo[i]!;
      hi = shadowHi[i++]!;
    } else {
      lo = coneLo[j]!;
      hi = coneHi[j++]!;
    }
    const last = mergedLo.length - 1;
    // Closed intervals that touch share a slope that both block: one interval.
    if (last >= 0 && lo <= mergedHi[last]!) {
      if (hi > mergedHi[last]!) mergedHi[last] = hi;
    } else {
      mergedLo.push(lo);
      mergedHi.push(hi);
    }
  }
  const lo = shadowLo;
  const hi = shadowHi;
  shadowLo = mergedLo;
  shadowHi = mergedHi;
  mergedLo = lo;
  mergedHi = hi;
  coneLo.length = 0;
  coneHi.length = 0;
}

/**
 * Calls `lit(bx, by)` for every sight point (bx, by) of the width × height map, other than
 * (ax, ay) itself, that the point (ax, ay) sees past the blocking squares: square (i, j) blocks
 * when it is on the map and `level[j * width + i] >= threshold`. Points on an octant's edge may be
 * reported twice. (ax, ay) must be a sight point: both coordinates even (a corner) or both odd (a
 * centre).
 */
export function litFromPoint(
  ax: number,
  ay: number,
  width: number,
  height: number,
  level: Uint8Array,
  threshold: number,
  lit: (bx: number, by: number) => void,
): void {
  // Square edges lie at relative coordinates of this parity; sight points at u ≡ v (mod 2).
  const pa = ax & 1;
  for (let o = 0; o < 32; o += 4) {
    const xx = OCTANTS[o]!;
    const xy = OCTANTS[o + 1]!;
    const yx = OCTANTS[o + 2]!;
    const yy = OCTANTS[o + 3]!;
    const uMax = xx > 0 ? 2 * width - ax : xx < 0 ? ax : yx > 0 ? 2 * height - ay : ay;
    const vMax = xy > 0 ? 2 * width - ax : xy < 0 ? ax : yy > 0 ? 2 * height - ay : ay;
    shadowLo.length = 0;
    shadowHi.length = 0;
    for (let x = 1; x <= uMax; x++) {
      // Pass the column of squares whose far edge is x - 1: its blocks join the shadow.
      const X0 = x - 3;
      if (X0 >= -1 && ((X0 + pa) & 1) === 0) {
        const xs = X0 > 0 ? X0 : 0;
        const xe = X0 + 2;
        const gaps = shadowLo.length + 1;
        for (let g = 0; g < gaps; g++) {
          const l = g === 0 ? 0 : shadowHi[g - 1]!;
          const h = g === gaps - 1 ? 1 : shadowLo[g]!;
          if (l > h) continue;
          // Rows of squares whose points have slopes in [l, h] inside this column.
          let Y0 = Math.floor(l * xs - EPS) - 2;
          if (((Y0 + pa) & 1) !== 0) Y0++;
          const yEnd = Math.ceil(h * xe + EPS);
          for (; Y0 <= yEnd; Y0 += 2) {
            const cx = ax + (X0 + 1) * xx + (Y0 + 1) * xy;
            const cy = ay + (X0 + 1) * yx + (Y0 + 1) * yy;
            const i = (cx - 1) >> 1;
            const j = (cy - 1) >> 1;
            if (i < 0 || j < 0 || i >= width || j >= height || level[j * width + i]! < threshold) continue;
            // The block's cone: the slopes of its points with u > 0.
            let lo: number;
            let hi: number;
            if (xs > 0) {
              lo = Y0 >= 0 ? Y0 / xe : Y0 / xs;
              hi = Y0 + 2 >= 0 ? (Y0 + 2) / xs : (Y0 + 2) / xe;
            } else {
              // The column holds the origin (u → 0): the cone is unbounded on the origin's side.
              lo = Y0 > 0 ? Y0 / xe : Y0 === 0 ? 0 : -Infinity;
              hi = Y0 + 2 < 0 ? (Y0 + 2) / xe : Y0 + 2 === 0 ? 0 : Infinity;
            }
            if (lo < 0) lo = 0;
            if (hi > 1) hi = 1;
            if (lo > hi) continue;
            coneLo.push(lo);
            coneHi.push(hi);
          }
        }
        mergeCones();
        if (shadowLo.length === 1 && shadowLo[0]! <= 0 && shadowHi[0]! >= 1) break;
      }
      // The column of squares the points of column x stand in (or at the left edge of).
      const Xn = ((x - 1 + pa) & 1) === 0 ? x - 1 : x - 2;
      const yTop = x < vMax ? x : vMax;
      const gaps = shadowLo.length + 1;
      for (let g = 0; g < gaps; g++) {
        // Points strictly between the shadow intervals (or at 0 and 1 when unshadowed).
        const l = g === 0 ? -1 : shadowHi[g - 1]!;
        const h = g === gaps - 1 ? 2 : shadowLo[g]!;
        let y = g === 0 ? 0 : Math.floor(l * x - EPS);
        if (y < 0) y = 0;
        if (((y + x) & 1) !== 0) y++;
        const yEnd = g === gaps - 1 ? yTop : Math.min(yTop, Math.ceil(h * x + EPS));
        for (; y <= yEnd; y += 2) {
          const m = y / x;
          if (m <= l || m >= h) continue;
          const bx = ax + x * xx + y * xy;
          const by = ay + x * yx + y * yy;
          // Near test: blocks in column Xn over rows the segment crosses there. Across the
          // column (at most 2 wide) a slope ≤ 1 climbs at most 2, so rows from y - 4 up cover it.
          let blocked = false;
          let Y0 = y - 4;
          if (((Y0 + pa) & 1) !== 0) Y0++;
          for (; Y0 <= y && !blocked; Y0 += 2) {
            const cx = ax + (Xn + 1) * xx + (Y0 + 1) * xy;
            const cy = ay + (Xn + 1) * yx + (Y0 + 1) * yy;
            const i = (cx - 1) >> 1;
            const j = (cy - 1) >> 1;
            if (i < 0 || j < 0 || i >= width || j >= height || level[j * width + i]! < threshold) continue;
            blocked = segmentTouchesRect(ax, ay, bx, by, i, j, i, j);
          }
          if (!blocked) lit(bx, by);
        }
      }
    }
  }
}
