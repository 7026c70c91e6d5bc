import { describe, expect, it } from 'vitest';
import { parseAreaPattern } from '../../src/schema/area';
import type { AreaPattern } from '../../src/schema/area';
import { enumerateAreaPlacements, placeArea } from '../../src/grid';
import { c, field } from './helpers';

const pattern = (text: string): AreaPattern => parseAreaPattern(text)!;

// Rulebook (Area of effect): an area may overlap its origin only when the origin is "(self)", and
// areas with no listed range or a "(self)" target do not affect the caster.
describe('areas and their origin (rulebook: Area of effect)', () => {
  const ring = `
    . B .
    . A b
    . . .`;

  it('a Blast with neither a listed range nor (self) cannot be placed, and says why', () => {
    const bf = field(ring);
    expect(
      placeArea(bf, 'A', pattern('Blast 1'), { primary: { kind: 'blast', center: c(1, 1) } }),
    ).toMatchObject({
      legal: false,
      reason:
        'a Blast needs a listed range or a "(self)" target: without either it could only sit on its user, which an area may not cover',
      affected: [],
    });
    expect(enumerateAreaPlacements(bf, 'A', pattern('Blast 1'))).toEqual([]);
  });

  it('a (self) Blast surrounds its caster, affects everyone else and attacks nobody', () => {
    const bf = field(ring);
    const result = placeArea(
      bf,
      'A',
      pattern('Blast 1'),
      { primary: { kind: 'blast', center: c(1, 1) } },
      { self: true },
    );
    expect(result).toMatchObject({ legal: true, attackSpace: null, attackSpaceChoices: [] });
    expect(result.areaSpaces).toHaveLength(9);
    expect(result.affected).toEqual([
      { id: 'B', inAttackSpace: false, cover: false, lineOfSight: true },
      { id: 'b', inAttackSpace: false, cover: false, lineOfSight: true },
    ]);
    expect(
      placeArea(bf, 'A', pattern('Blast 1'), { primary: { kind: 'blast', center: c(2, 1) } }, { self: true }),
    ).toMatchObject({ legal: false, reason: 'a "(self)" Blast is centred on its user' });
  });

  it('(self) with a range listed too: still centred on the caster, still never attacks it', () => {
    const bf = field(ring);
    const result = placeArea(
      bf,
      'A',
      pattern('Blast 1'),
      { primary: { kind: 'blast', center: c(1, 1) } },
      { self: true, range: 3 },
    );
    expect(result).toMatchObject({ legal: true, attackSpace: null });
    expect(result.affected.map((a) => a.id)).toEqual(['B', 'b']);
  });

  it('a (self) Arc may cover its caster; ending on the caster leaves no attack space', () => {
    const bf = field(`
      . . . .
      . A b .
      . . . .`);
    const arc = (squares: { x: number; y: number }[]) =>
      placeArea(bf, 'A', pattern('Arc 2'), { primary: { kind: 'arc', squares } }, { self: true });
    expect(arc([c(2, 1), c(1, 1)])).toMatchObject({ legal: true, attackSpace: null });
    expect(arc([c(1, 1), c(2, 1)])).toMatchObject({ legal: true, attackSpace: c(2, 1) });
    expect(arc([c(1, 1), c(2, 1)]).affected).toEqual([
      { id: 'b', inAttackSpace: true, cover: false, lineOfSight: true },
    ]);
  });

  it('a (self) Close blast may cover its caster; without (self) it may not', () => {
    const bf = field(ring);
    const close = (self: boolean) =>
      placeArea(
        bf,
        'A',
        pattern('Close blast 1'),
        { primary: { kind: 'close-blast', center: c(1, 1) } },
        { self },
      );
    expect(close(true)).toMatchObject({ legal: true, attackSpace: null });
    expect(close(true).affected.map((a) => a.id)).toEqual(['B', 'b']);
    expect(close(false)).toMatchObject({ legal: false, reason: 'the close blast would cover the origin' });
  });

  it("a Size 2 caster's (self) Blast is centred on any of its squares, and attacks nobody", () => {
    const bf = field(`
      . . . . .
      . A A d .
      . A A . .
      . . . . .`);
    const result = placeArea(
      bf,
      'A',
      pattern('Blast 1'),
      { primary: { kind: 'blast', center: c(2, 1) } },
      { self: true },
    );
    expect(result).toMatchObject({ legal: true, attackSpace: null });
    expect(result.affected.map((a) => a.id)).toEqual(['d']);
  });
});
