import type { DrawingPoint } from '../../schema/drawing';
import { MAX_STROKE_POINTS } from '../../schema/drawing';

/** Below this distance from the chord (in squares) a point adds nothing anyone can see. */
const TOLERANCE = 0.04;

/**
 * A freehand stroke made small enough to send (issue 15): Ramer–Douglas–Peucker with a tolerance
 * that doubles until at most `maxPoints` remain, coordinates rounded to a hundredth of a square.
 * Pure. Iterative, so a long stroke never meets a recursion limit. Always at least two points (a
 * click is a dot).
 */
export function simplifyStroke(
  input: readonly DrawingPoint[],
  maxPoints: number = MAX_STROKE_POINTS,
): DrawingPoint[] {
  const points = dedupe(input.map(([x, y]) => [round(x), round(y)] as DrawingPoint));
  if (points.length === 0) return [];
  if (points.length === 1) return [points[0]!, points[0]!];
  let tolerance = TOLERANCE;
  for (;;) {
    const kept = rdp(points, tolerance);
    if (kept.length <= Math.max(2, maxPoints)) return kept;
    tolerance *= 2;
  }
}

function rdp(points: readonly DrawingPoint[], tolerance: number): DrawingPoint[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([first, worst], [worst, last]);
  }
  return points.filter((_, i) => keep[i]);
}

/** Distance in squares from `p` to the segment a–b. */
export function distanceToSegment(p: DrawingPoint, a: DrawingPoint, b: DrawingPoint): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

const round = (v: number): number => Math.round(v * 100) / 100;

function dedupe(points: DrawingPoint[]): DrawingPoint[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
}
