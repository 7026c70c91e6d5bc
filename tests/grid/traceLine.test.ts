import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceLine } from '../../src/grid';

/** All squares the segment touches, traced by traceLine (half-square coordinates). */
function traced(ax: number, ay: number, bx: number, by: number): string[] {
  const out: string[] = [];
  traceLine(ax, ay, bx, by, (x, y) => {
    out.push(`${x},${y}`);
    return false;
  });
  return out;
}

/**
 * Reference: a closed square [2i,2i+2]×[2j,2j+2] is touched when the segment's clipped parameter
 * interval meets the open interval (0, 1). Slow but obviously right (Liang–Barsky clipping).
 */
function reference(ax: number, ay: number, bx: number, by: number): string[] {
  const out: string[] = [];
  const dx = bx - ax;
  const dy = by - ay;
  for (let j = Math.floor(Math.min(ay, by) / 2) - 1; j <= Math.ceil(Math.max(ay, by) / 2); j++) {
    for (let i = Math.floor(Math.min(ax, bx) / 2) - 1; i <= Math.ceil(Math.max(ax, bx) / 2); i++) {
      let t0 = -Infinity;
      let t1 = Infinity;
      let empty = false;
      const clip = (p: number, d: number, lo: number, hi: number) => {
        if (d === 0) {
          if (p < lo || p > hi) empty = true;
          return;
        }
        const a = (lo - p) / d;
        const b = (hi - p) / d;
        t0 = Math.max(t0, Math.min(a, b));
        t1 = Math.min(t1, Math.max(a, b));
      };
      clip(ax, dx, 2 * i, 2 * i + 2);
      clip(ay, dy, 2 * j, 2 * j + 2);
      if (!empty && t0 <= t1 && t0 < 1 && t1 > 0) out.push(`${i},${j}`);
    }
  }
  return out;
}

const point = fc.integer({ min: 0, max: 24 });

describe('traceLine (docs/rules.md "Tracing a line")', () => {
  it('centre to centre along a row touches only that row', () => {
    expect(traced(1, 1, 7, 1)).toEqual(['0,0', '1,0', '2,0', '3,0']);
  });

  it('a corner-to-corner line along a grid line touches both neighbouring rows', () => {
    expect(traced(2, 2, 6, 2)).toEqual(['1,0', '1,1', '2,0', '2,1']);
  });

  it('a diagonal through a corner touches all four squares around it', () => {
    // (0.5,0.5) → (2.5,2.5) in squares passes the corner (1,1) and (2,2).
    expect(traced(1, 1, 5, 5)).toEqual(['0,0', '1,0', '0,1', '1,1', '2,1', '1,2', '2,2']);
  });

  it('end points do not count: a line starting on a corner leaves the squares behind it alone', () => {
    expect(traced(2, 2, 4, 3)).toEqual(['1,1']);
  });

  it('matches the reference for every segment (fast-check)', () => {
    fc.assert(
      fc.property(point, point, point, point, (ax, ay, bx, by) => {
        fc.pre(ax !== bx || ay !== by);
        expect(traced(ax, ay, bx, by).sort()).toEqual(reference(ax, ay, bx, by).sort());
      }),
      { numRuns: 2000 },
    );
  });

  it('is symmetric: the same squares in both directions (fast-check)', () => {
    fc.assert(
      fc.property(point, point, point, point, (ax, ay, bx, by) => {
        expect(traced(ax, ay, bx, by).sort()).toEqual(traced(bx, by, ax, ay).sort());
      }),
      { numRuns: 1000 },
    );
  });
});
