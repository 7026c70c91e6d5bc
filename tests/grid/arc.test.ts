import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAreaPattern } from '../../src/schema/area';
import type { AreaPattern } from '../../src/schema/area';
import { arcNextSquares, placeArea } from '../../src/grid';
import type { AreaOptions } from '../../src/grid';
import { c, drawSquares, field, pic } from './helpers';

const pattern = (text: string): AreaPattern => parseAreaPattern(text)!;

describe('Arc placement (rulebook: AoE patterns, Arc X)', () => {
  const arena = `
    . . . . . . .
    . . . . . . .
    A . . . . . .
    . . . . . . .
    . . . . . . .`;
  const bf = field(arena);
  const arc = (squares: { x: number; y: number }[], opts: AreaOptions = {}, size = squares.length) =>
    placeArea(bf, 'A', pattern(`Arc ${size}`), { primary: { kind: 'arc', squares } }, opts);

  it('the square next to the origin may be placed last or in the middle, not only first', () => {
    expect(arc([c(2, 1), c(2, 2), c(1, 2)])).toMatchObject({ legal: true, attackSpace: c(1, 2) });
    expect(arc([c(1, 1), c(1, 2), c(2, 2)])).toMatchObject({ legal: true, attackSpace: c(2, 2) });
    // Any order, as long as the finished squares join up side to side.
    expect(arc([c(1, 2), c(3, 2), c(2, 2)])).toMatchObject({ legal: true, attackSpace: c(2, 2) });
  });

  it('without a listed range, some square must be directly (not diagonally) next to the origin', () => {
    expect(arc([c(1, 1), c(2, 1), c(3, 1)])).toMatchObject({
      legal: false,
      reason: 'an Arc without a listed range needs a square directly next to the origin (not diagonally)',
    });
  });

  it('squares must join up side to side; a diagonal touch does not count', () => {
    expect(arc([c(1, 2), c(2, 2), c(4, 2)])).toMatchObject({
      legal: false,
      reason: 'arc square 3 (4,2) does not join the other arc squares side to side (diagonals do not count)',
    });
    expect(arc([c(1, 2), c(2, 1)])).toMatchObject({
      legal: false,
      reason: 'arc square 2 (2,1) does not join the other arc squares side to side (diagonals do not count)',
    });
  });

  it('repeats, squares on the origin and the wrong count are refused', () => {
    expect(arc([c(1, 2), c(1, 2), c(2, 2)])).toMatchObject({
      legal: false,
      reason: 'arc square 2 (1,2) is already in the arc',
    });
    expect(arc([c(0, 2), c(1, 2)])).toMatchObject({
      legal: false,
      reason: 'arc square 1 (0,2) covers the origin',
    });
    expect(arc([c(1, 2), c(2, 2)], {}, 3)).toMatchObject({
      legal: false,
      reason: 'an Arc 3 has exactly 3 squares, got 2',
    });
  });

  it('with a listed range EVERY square must be within range, not only the first', () => {
    expect(arc([c(3, 2), c(4, 2), c(5, 2)], { range: 3 })).toMatchObject({
      legal: false,
      reason: 'arc square 2 (4,2) is 4 squares away; range is 3',
    });
    expect(arc([c(5, 2), c(4, 2), c(3, 2)], { range: 3 })).toMatchObject({
      legal: false,
      reason: 'arc square 1 (5,2) is 5 squares away; range is 3',
    });
    // In range, it need not touch the origin.
    expect(arc([c(2, 2), c(3, 2), c(3, 1)], { range: 3 })).toMatchObject({
      legal: true,
      attackSpace: c(3, 1),
    });
  });

  it('a ranged arc needs sight to its attack space (the last square), wherever the first one is', () => {
    const walled = field(`
      A . # . .
      . . # . .
      . . # . .`);
    const place = (squares: { x: number; y: number }[]) =>
      placeArea(walled, 'A', pattern('Arc 3'), { primary: { kind: 'arc', squares } }, { range: 4 });
    expect(place([c(1, 1), c(2, 1), c(3, 1)])).toMatchObject({
      legal: false,
      reason: 'no line of sight from the origin to (3,1)',
    });
    expect(place([c(3, 1), c(2, 1), c(1, 1)])).toMatchObject({ legal: true, attackSpace: c(1, 1) });
  });

  it('arcNextSquares offers every square from which the arc can still be finished', () => {
    // Arc 3 without range: the first square may be up to 2 steps from a square next to A.
    expect(drawSquares(bf, arcNextSquares(bf, 'A', 3, []))).toBe(
      pic(`
      x x . . . . .
      x x x . . . .
      . x x x . . .
      x x x . . . .
      x x . . . . .`),
    );
    // (2,1) placed: 1 square left after the next, so the next must bring the arc next to A.
    expect(arcNextSquares(bf, 'A', 3, [c(2, 1)])).toEqual([c(1, 1), c(2, 2)]);
    // Already next to A: any side neighbour of the arc will do.
    expect(arcNextSquares(bf, 'A', 3, [c(1, 2)])).toEqual([c(1, 1), c(2, 2), c(1, 3)]);
    expect(arcNextSquares(bf, 'A', 3, [c(1, 2), c(2, 2), c(3, 2)])).toEqual([]);
  });

  it('building an arc from offered squares always ends in a legal arc (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
        (size, range, picks) => {
          const opts = range === undefined ? {} : { range };
          const open = field(`
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . A . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .`);
          const squares: { x: number; y: number }[] = [];
          for (let i = 0; i < size; i++) {
            const offered = arcNextSquares(open, 'A', size, squares, opts);
            expect(offered.length).toBeGreaterThan(0);
            squares.push(offered[picks[i]! % offered.length]!);
          }
          const placed = placeArea(
            open,
            'A',
            pattern(`Arc ${size}`),
            { primary: { kind: 'arc', squares } },
            opts,
          );
          expect(placed.reason).toBeUndefined();
          expect(placed.legal).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
