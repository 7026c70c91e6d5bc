import { describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/grid';
import {
  attackContext,
  lineOfSight,
  lineOfSightBetweenCells,
  makeBattlefield,
  placeArea,
  sightBlockers,
  sightTable,
} from '../../src/grid';
import { parseAreaPattern } from '../../src/schema/area';
import { RoomSettingsSchema } from '../../src/schema/settings';
import { c, field } from './helpers';

/** The same picture with the room setting tallTerrainBlocksSight = 'anywhere'. */
const anywhere = (bf: Battlefield): Battlefield =>
  makeBattlefield(bf.map, bf.occupants, bf.chapter, { tallTerrainBlocksSight: 'anywhere' });

describe('room setting tallTerrainBlocksSight (docs/rules.md "Line of sight")', () => {
  it("defaults to 'adjacent-only', the rules as written", () => {
    expect(RoomSettingsSchema.parse({}).tallTerrainBlocksSight).toBe('adjacent-only');
    expect(() => RoomSettingsSchema.parse({ tallTerrainBlocksSight: 'never' })).toThrow();
  });

  it("'anywhere': a wall taller than both characters between them blocks, though next to neither", () => {
    const bf = field(`A . 3 . B`);
    expect(lineOfSight(bf, 'A', 'B').visible).toBe(true);
    expect(lineOfSight(anywhere(bf), 'A', 'B')).toMatchObject({
      visible: false,
      blockedBy: [{ cell: c(2, 0), reason: 'taller-terrain-between' }],
    });
    expect(lineOfSight(anywhere(bf), 'B', 'A').visible).toBe(false);
    expect(
      sightBlockers(bf.map, bf.occupants[0]!, bf.occupants[1]!, { tallTerrainBlocksSight: 'anywhere' }),
    ).toEqual([{ cell: c(2, 0), reason: 'taller-terrain-between' }]);
    expect(sightBlockers(bf.map, bf.occupants[0]!, bf.occupants[1]!)).toEqual([]);
  });

  it("'anywhere': terrain no taller than a character, or lower than one who stands high, does not block", () => {
    // Height 1 is as tall as a Size 1 character: it hides nothing.
    expect(lineOfSight(anywhere(field(`A . 1 . B`)), 'A', 'B').visible).toBe(true);
    // A stands on height 2 (top at 3): a height-2 wall between does not rise above A.
    expect(lineOfSight(anywhere(field(`A . 2 . B`, { standOn: { A: 2 } })), 'A', 'B').visible).toBe(true);
    // A Size 2 foe is as tall as height 2: the wall must rise above both.
    const big = field(`
      A . 2 . b b
      . . . . b b`);
    expect(lineOfSight(anywhere(big), 'A', 'b').visible).toBe(true);
    const tall = field(`
      A . 3 . b b
      . . . . b b`);
    expect(lineOfSight(anywhere(tall), 'A', 'b').visible).toBe(true); // A's corner line passes below the 3
    const wall = field(`
      A . 3 . b b
      . . 3 . b b`);
    expect(lineOfSight(wall, 'A', 'b').visible).toBe(true);
    expect(lineOfSight(anywhere(wall), 'A', 'b').visible).toBe(false);
  });

  it('the cell-to-cell planning tool, sightTable, attackContext and ranged area placement honour it', () => {
    const bf = field(`
      A . 3 . b
      . . . . .`);
    const map = bf.map;
    expect(lineOfSightBetweenCells(map, c(0, 0), c(4, 0)).visible).toBe(true);
    expect(
      lineOfSightBetweenCells(map, c(0, 0), c(4, 0), { tallTerrainBlocksSight: 'anywhere' }).visible,
    ).toBe(false);
    // From row 1 the centre-to-centre line stays a half square below the wall: it does not touch it.
    expect(
      lineOfSightBetweenCells(map, c(0, 1), c(4, 1), { tallTerrainBlocksSight: 'anywhere' }).visible,
    ).toBe(true);
    expect([...sightTable(bf).visible]).toEqual([0, 1, 1, 0]);
    expect([...sightTable(anywhere(bf)).visible]).toEqual([0, 0, 0, 0]);
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 }).legal).toBe(true);
    expect(attackContext(anywhere(bf), 'A', 'b', { kind: 'ranged', range: 5 })).toMatchObject({
      legal: false,
      reason: 'no line of sight: (2,0) blocks (taller terrain between)',
    });
    const blast = parseAreaPattern('Blast 1')!;
    const placement = { primary: { kind: 'blast' as const, center: c(4, 0) } };
    expect(placeArea(bf, 'A', blast, placement, { range: 5 }).legal).toBe(true);
    expect(placeArea(anywhere(bf), 'A', blast, placement, { range: 5 })).toMatchObject({
      legal: false,
      reason: 'no line of sight from the origin to (4,0)',
    });
  });
});
