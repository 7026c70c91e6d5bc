import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { brushCells, fillCells, rectCells, strokeCells } from '../../src/ui/editorTools';

const xy = (cells: { x: number; y: number }[]): string[] => cells.map((c) => `${c.x},${c.y}`);

describe('editor tools', () => {
  it('fill spreads orthogonally through same-key cells only', () => {
    // A and B regions; the diagonal gap at (2,1)-(3,0) must not leak.
    const rows = ['AAAB', 'ABBB', 'AABA'];
    const key = (x: number, y: number): string => rows[y]![x]!;
    expect(xy(fillCells({ x: 0, y: 0 }, 4, 3, key))).toEqual(['0,0', '1,0', '2,0', '0,1', '0,2', '1,2']);
    expect(xy(fillCells({ x: 3, y: 2 }, 4, 3, key))).toEqual(['3,2']);
    expect(fillCells({ x: 9, y: 0 }, 4, 3, key)).toEqual([]);
  });

  it('rectangle takes either corner order and clips to the map', () => {
    expect(xy(rectCells({ x: 2, y: 1 }, { x: 1, y: 2 }, 10, 10))).toEqual(['1,1', '2,1', '1,2', '2,2']);
    expect(rectCells({ x: 8, y: 8 }, { x: 12, y: 12 }, 10, 10)).toHaveLength(4);
  });

  it('brush of radius 1 at a corner keeps only on-map cells', () => {
    expect(xy(brushCells({ x: 0, y: 0 }, 1, 5, 5))).toEqual(['0,0', '1,0', '0,1', '1,1']);
    expect(brushCells({ x: 2, y: 2 }, 1, 5, 5)).toHaveLength(9);
  });

  it('a stroke is gap-free: consecutive cells touch (property)', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30), (ax, ay, bx, by) => {
        const s = strokeCells({ x: ax, y: ay }, { x: bx, y: by });
        const first = s[0]!;
        const last = s[s.length - 1]!;
        const touching = s.every(
          (c, i) => i === 0 || (Math.abs(c.x - s[i - 1]!.x) <= 1 && Math.abs(c.y - s[i - 1]!.y) <= 1),
        );
        return touching && first.x === ax && first.y === ay && last.x === bx && last.y === by;
      }),
    );
  });

  it('fill never returns a cell twice and always includes the start (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }), fc.nat(35), (bits, s) => {
        const key = (x: number, y: number): string => (bits[y * 6 + x] ? '1' : '0');
        const out = fillCells({ x: s % 6, y: Math.floor(s / 6) }, 6, 6, key);
        const keys = new Set(xy(out));
        return keys.size === out.length && keys.has(`${s % 6},${Math.floor(s / 6)}`);
      }),
    );
  });
});
