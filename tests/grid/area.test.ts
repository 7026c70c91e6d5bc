import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAreaPattern } from '../../src/schema/area';
import type { AreaPattern } from '../../src/schema/area';
import { enumerateAreaPlacements, makeBattlefield, parseAsciiMap, placeArea } from '../../src/grid';
import { c, drawSquares, field, pic } from './helpers';

const pattern = (text: string): AreaPattern => parseAreaPattern(text)!;

describe('placeArea (rulebook: Area of effect, AoE patterns)', () => {
  const arena = `
    . . . . . . .
    . . . b . . .
    A . . c . . .
    . . . . . . .
    . . . . . . .`;

  it('Blast 1 in range 3: attack space is the centre; squares and characters', () => {
    const bf = field(arena);
    const result = placeArea(
      bf,
      'A',
      pattern('Blast 1'),
      { primary: { kind: 'blast', center: c(3, 2) } },
      { range: 3 },
    );
    expect(result.legal).toBe(true);
    expect(result.attackSpace).toEqual(c(3, 2));
    expect(drawSquares(bf, result.areaSpaces)).toBe(
      pic(`
      . . . . . . .
      . . x x x . .
      . . x x x . .
      . . x x x . .
      . . . . . . .`),
    );
    expect(result.affected).toEqual([
      { id: 'b', inAttackSpace: false, cover: false, lineOfSight: true },
      { id: 'c', inAttackSpace: true, cover: false, lineOfSight: true },
    ]);
  });

  it('Blast: out of range, or covering the origin, is illegal with a reason', () => {
    const bf = field(arena);
    const at = (x: number, y: number) =>
      placeArea(bf, 'A', pattern('Blast 1'), { primary: { kind: 'blast', center: c(x, y) } }, { range: 3 });
    expect(at(4, 2)).toMatchObject({
      legal: false,
      reason: 'blast centre (4,2) is 4 squares away; range is 3',
    });
    expect(at(1, 2)).toMatchObject({ legal: false, reason: 'the blast would cover the origin' });
  });

  it('a ranged blast needs line of sight to its centre', () => {
    const bf = field(`A . # . .`);
    expect(
      placeArea(bf, 'A', pattern('Blast 1'), { primary: { kind: 'blast', center: c(4, 0) } }, { range: 5 }),
    ).toMatchObject({ legal: false, reason: 'no line of sight from the origin to (4,0)' });
  });

  it('Line 3: starts next to the origin, attack space = first character in it', () => {
    const bf = field(arena);
    const result = placeArea(bf, 'A', pattern('Line 5'), {
      primary: { kind: 'line', start: c(1, 2), direction: 'east' },
    });
    expect(result.areaSpaces).toEqual([c(1, 2), c(2, 2), c(3, 2), c(4, 2), c(5, 2)]);
    expect(result.attackSpace).toEqual(c(3, 2));
    expect(
      placeArea(bf, 'A', pattern('Line 3'), { primary: { kind: 'line', start: c(1, 1), direction: 'east' } }),
    ).toMatchObject({
      legal: false,
      reason: 'line must start next to the origin and run east, away from it',
    });
  });

  it('Line: an incapacitated character is passed over when finding the attack space, but still in the area', () => {
    const bf = field(`A d e .`, { incapacitated: ['d'] });
    const result = placeArea(bf, 'A', pattern('Line 3'), {
      primary: { kind: 'line', start: c(1, 0), direction: 'east' },
    });
    expect(result.attackSpace).toEqual(c(2, 0));
    expect(result.affected.map((a) => [a.id, a.inAttackSpace])).toEqual([
      ['d', false],
      ['e', true],
    ]);
  });

  it('Close blast 1 must touch the origin without covering it', () => {
    const bf = field(arena);
    const place = (x: number, y: number) =>
      placeArea(bf, 'A', pattern('Close blast 1'), { primary: { kind: 'close-blast', center: c(x, y) } });
    expect(place(2, 2)).toMatchObject({ legal: true, attackSpace: c(2, 2) });
    expect(place(2, 0)).toMatchObject({ legal: true }); // touches A diagonally at (1,1)
    expect(place(3, 2)).toMatchObject({
      legal: false,
      reason: 'a close blast must touch the origin; this one is 2 squares away',
    });
    expect(place(1, 2)).toMatchObject({ legal: false, reason: 'the close blast would cover the origin' });
  });

  it('Cross 2 without range: arms from the caster, attack space = nearest character, ties are a choice', () => {
    const bf = field(`
      . . b . .
      . . . . .
      d . A . e
      . . . . .
      . . . . .`);
    const result = placeArea(bf, 'A', pattern('Cross 2'), { primary: { kind: 'cross' } });
    expect(drawSquares(bf, result.areaSpaces)).toBe(
      pic(`
      . . x . .
      . . x . .
      x x . x x
      . . x . .
      . . x . .`),
    );
    expect(result.attackSpaceChoices).toEqual([c(2, 0), c(4, 2), c(0, 2)]);
    expect(result.attackSpace).toEqual(c(2, 0));
  });

  it('Cross 1 with a listed range is placed in range; its centre is the attack space', () => {
    const bf = field(arena);
    const result = placeArea(
      bf,
      'A',
      pattern('Cross 1'),
      { primary: { kind: 'cross', center: c(3, 1) } },
      { range: 4 },
    );
    expect(result).toMatchObject({ legal: true, attackSpace: c(3, 1) });
    expect(result.areaSpaces).toEqual([c(3, 1), c(3, 0), c(4, 1), c(3, 2), c(2, 1)]);
    // An arm reaching back over the caster is not allowed (AoE never covers its origin).
    expect(
      placeArea(bf, 'A', pattern('Cross 1'), { primary: { kind: 'cross', center: c(1, 2) } }, { range: 4 }),
    ).toMatchObject({ legal: false, reason: 'the cross would cover the origin' });
  });

  it("Line 3 + Cross 1: the cross starts at the line's attack space, which stays the only attack space", () => {
    const bf = field(`
      . . . . . .
      A . . b . .
      . . . . . .`);
    const result = placeArea(bf, 'A', pattern('Line 4 + Cross 1'), {
      primary: { kind: 'line', start: c(1, 1), direction: 'east' },
    });
    expect(result.attackSpace).toEqual(c(3, 1));
    expect(result.secondarySpaces).toEqual([c(3, 0), c(4, 1), c(3, 2), c(2, 1)]);
    expect(drawSquares(bf, result.areaSpaces)).toBe(
      pic(`
      . . . x . .
      . x x x x .
      . . . x . .`),
    );
  });

  it('the caster is affected only by an ability with a listed range', () => {
    const bf = field(`A b . .`);
    const place = (range?: number) =>
      placeArea(
        bf,
        'A',
        pattern('Line 2 + Blast 1'),
        { primary: { kind: 'line', start: c(1, 0), direction: 'east' } },
        range === undefined ? {} : { range },
      ).affected.map((a) => a.id);
    expect(place()).toEqual(['b']);
    expect(place(2)).toEqual(['A', 'b']);
  });

  it('cover for every affected character is judged from the origin', () => {
    const bf = field(`
      A . . 1 b
      . . . . c`);
    const result = placeArea(
      bf,
      'A',
      pattern('Blast 1'),
      { primary: { kind: 'blast', center: c(4, 1) } },
      { range: 5 },
    );
    expect(result.affected).toEqual([
      { id: 'b', inAttackSpace: false, cover: true, lineOfSight: true },
      { id: 'c', inAttackSpace: true, cover: false, lineOfSight: true },
    ]);
  });
});

describe('enumerateAreaPlacements', () => {
  const open = `
    . . . . .
    . . . . .
    . . A . .
    . . . . .
    . . . . .`;

  it('Blast 1 in range 2: every centre in range whose blast leaves the caster out', () => {
    const bf = field(open);
    const all = enumerateAreaPlacements(bf, 'A', pattern('Blast 1'), { range: 2 });
    const centers = all.map((p) =>
      p.placement.primary.kind === 'blast' ? p.placement.primary.center : c(-1, -1),
    );
    expect(drawSquares(bf, centers)).toBe(
      pic(`
      x x x x x
      x . . . x
      x . . . x
      x . . . x
      x x x x x`),
    );
  });

  it('Close blast 1: the ring of centres whose blast touches the caster', () => {
    const bf = field(`
      . . . . . . .
      . . . . . . .
      . . . . . . .
      . . . A . . .
      . . . . . . .
      . . . . . . .
      . . . . . . .`);
    expect(enumerateAreaPlacements(bf, 'A', pattern('Close blast 1'))).toHaveLength(16);
  });

  it('Line: one per side square of the footprint', () => {
    expect(enumerateAreaPlacements(field(open), 'A', pattern('Line 2'))).toHaveLength(4);
    const big = field(`
      . . . .
      . A A .
      . A A .
      . . . .`);
    expect(enumerateAreaPlacements(big, 'A', pattern('Line 2'))).toHaveLength(8);
  });

  it('lists exactly the blast centres placeArea accepts (fast-check)', () => {
    const row = fc.array(fc.constantFrom('.', '.', '.', '#', '2'), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 4 }),
        (rows, x, y, size, range) => {
          rows[y]![x] = '.';
          const { map } = parseAsciiMap(rows.map((r) => r.join('')).join('\n'));
          const bf = makeBattlefield(map, [{ id: 'A', cell: { x, y }, size: 1, side: 'party' }]);
          const blast = pattern(`Blast ${size}`);
          const listed = enumerateAreaPlacements(bf, 'A', blast, { range })
            .map((p) =>
              p.placement.primary.kind === 'blast'
                ? `${p.placement.primary.center.x},${p.placement.primary.center.y}`
                : '?',
            )
            .sort();
          const legal: string[] = [];
          for (let cy = 0; cy < 8; cy++) {
            for (let cx = 0; cx < 8; cx++) {
              const r = placeArea(
                bf,
                'A',
                blast,
                { primary: { kind: 'blast', center: { x: cx, y: cy } } },
                { range },
              );
              if (r.legal) legal.push(`${cx},${cy}`);
            }
          }
          expect(listed).toEqual(legal.sort());
        },
      ),
      { numRuns: 100 },
    );
  });
});
