import { describe, expect, it } from 'vitest';
import { enumerateAreaPlacements, placeArea } from '../../src/grid';
import { c, field } from './helpers';

const BLAST_1 = { primary: { kind: 'blast', size: 1 } } as const;
const ARC_2 = { primary: { kind: 'arc', size: 2 } } as const;

// Rulebook (Height advantage): "Ranged attacks gain +1 range for every level of height". With
// `heightRange` (a ranged area attack) the bonus is the levels the origin stands above each
// placed square. docs/rules.md "Ranged areas and effects".
describe('the height range bonus for ranged area placements (AreaOptions.heightRange)', () => {
  const bf = () => field(`A . . . . . . .`, { standOn: { A: 2 } });

  it('a Blast centre 6 away is in range 4 + 2; without the option it is not', () => {
    expect(
      placeArea(
        bf(),
        'A',
        BLAST_1,
        { primary: { kind: 'blast', center: c(6, 0) } },
        { range: 4, heightRange: true },
      ).legal,
    ).toBe(true);
    expect(
      placeArea(bf(), 'A', BLAST_1, { primary: { kind: 'blast', center: c(6, 0) } }, { range: 4 }),
    ).toMatchObject({
      legal: false,
      reason: 'blast centre (6,0) is 6 squares away; range is 4',
    });
    expect(
      placeArea(
        bf(),
        'A',
        BLAST_1,
        { primary: { kind: 'blast', center: c(7, 0) } },
        { range: 4, heightRange: true },
      ),
    ).toMatchObject({
      legal: false,
      reason: 'blast centre (7,0) is 7 squares away; range is 4 + 2 for height = 6',
    });
  });

  it('enumerateAreaPlacements lists the farther centres too (2..6 east, not 7)', () => {
    const centres = (heightRange: boolean) =>
      enumerateAreaPlacements(bf(), 'A', BLAST_1, { range: 4, heightRange })
        .map((p) => (p.placement.primary.kind === 'blast' ? p.placement.primary.center.x : -1))
        .sort((a, b) => a - b);
    expect(centres(true)).toEqual([2, 3, 4, 5, 6]);
    expect(centres(false)).toEqual([2, 3, 4]);
  });

  it('every square of a ranged Arc gets the bonus for its own square', () => {
    const opts = { range: 4, heightRange: true };
    expect(
      placeArea(bf(), 'A', ARC_2, { primary: { kind: 'arc', squares: [c(5, 0), c(6, 0)] } }, opts).legal,
    ).toBe(true);
    expect(
      placeArea(bf(), 'A', ARC_2, { primary: { kind: 'arc', squares: [c(6, 0), c(7, 0)] } }, opts),
    ).toMatchObject({
      legal: false,
      reason: 'arc square 2 (7,0) is 7 squares away; range is 4 + 2 for height = 6',
    });
  });
});
