import { describe, expect, it } from 'vitest';
import { MAX_STROKE_POINTS, type DrawingPoint } from '../../../src/schema/drawing';
import { simplifyStroke } from '../../../src/ui/drawings/simplifyStroke';

describe('simplifyStroke (Ramer–Douglas–Peucker, issue 15 freehand strokes)', () => {
  it('drops points on a straight run and keeps the corners', () => {
    const points: DrawingPoint[] = [
      [0, 0],
      [1, 0.001],
      [2, 0],
      [3, 0],
      [3, 1],
      [3, 2.002],
      [3, 3],
    ];
    expect(simplifyStroke(points)).toEqual([
      [0, 0],
      [3, 0],
      [3, 3],
    ]);
  });

  it('keeps a wiggle bigger than the tolerance', () => {
    const points: DrawingPoint[] = [
      [0, 0],
      [1, 0.5],
      [2, 0],
    ];
    expect(simplifyStroke(points)).toHaveLength(3);
  });

  it('brings any stroke under the bound, ends kept, without recursion limits', () => {
    // A dense zig-zag spiral of 10,000 points: no tolerance of the first pass gets it under 1,000.
    const points: DrawingPoint[] = Array.from({ length: 10_000 }, (_, i) => {
      const a = i / 40;
      const r = 2 + i / 2_000 + (i % 2) * 0.3;
      return [10 + Math.cos(a) * r, 10 + Math.sin(a) * r];
    });
    const out = simplifyStroke(points, MAX_STROKE_POINTS);
    expect(out.length).toBeLessThanOrEqual(MAX_STROKE_POINTS);
    expect(out.length).toBeGreaterThan(100);
    expect(out[0]).toEqual([12, 10]);
    expect(out.at(-1)).toEqual(points.at(-1)!.map((v) => Math.round(v * 100) / 100));
  });

  it('a click (one point) becomes a dot of two equal points; rounds to hundredths of a square', () => {
    expect(simplifyStroke([[1.23456, 2.5]])).toEqual([
      [1.23, 2.5],
      [1.23, 2.5],
    ]);
  });
});
