import { describe, expect, it } from 'vitest';
import { areaPreviewSquares } from '../../../src/ui/editors/areaPreviewSquares';

const count = (p: ReturnType<typeof areaPreviewSquares>) => p.primary.length + p.secondary.length;

describe('areaPreviewSquares: the editor draws the pattern with the grid geometry', () => {
  it('Blast 1 at range 5 is a 3×3 square away from its user', () => {
    const p = areaPreviewSquares({ primary: { kind: 'blast', size: 1 } }, { range: 5, self: false });
    expect(p.reason).toBeUndefined();
    expect(p.primary).toHaveLength(9);
    const xs = p.primary.map((c) => c.x);
    const ys = p.primary.map((c) => c.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBe(2);
    expect(Math.max(...ys) - Math.min(...ys)).toBe(2);
    expect(p.primary.some((c) => c.x === p.origin.x && c.y === p.origin.y)).toBe(false);
    expect(p.attack).toEqual({ x: p.origin.x + 2, y: p.origin.y });
  });

  it('a Blast with no range and no "(self)" gives the grid’s reason instead of squares', () => {
    const p = areaPreviewSquares({ primary: { kind: 'blast', size: 2 } }, { range: null, self: false });
    expect(p.primary).toHaveLength(0);
    expect(p.reason).toMatch(/needs a listed range/);
  });

  it('Line 3, Close blast 1, Arc 4 and Cross 2 cover 3, 9, 4 and 8 squares', () => {
    const opts = { range: null, self: false };
    expect(count(areaPreviewSquares({ primary: { kind: 'line', size: 3 } }, opts))).toBe(3);
    expect(count(areaPreviewSquares({ primary: { kind: 'close-blast', size: 1 } }, opts))).toBe(9);
    expect(count(areaPreviewSquares({ primary: { kind: 'arc', size: 4 } }, opts))).toBe(4);
    expect(count(areaPreviewSquares({ primary: { kind: 'cross', size: 2 } }, opts))).toBe(8);
  });

  it('a combined pattern draws its second shape from the first one’s end', () => {
    const p = areaPreviewSquares(
      { primary: { kind: 'line', size: 3 }, secondary: { kind: 'cross', size: 1 } },
      { range: null, self: false },
    );
    expect(p.primary).toHaveLength(3);
    const end = p.primary.at(-1)!;
    // Cross 1 around the Line's end: its west arm is the Line's own square, drawn once.
    expect(p.secondary).toHaveLength(3);
    expect(p.secondary).toContainEqual({ x: end.x + 1, y: end.y });
  });
});
