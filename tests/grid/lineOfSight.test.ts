import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MapData } from '../../src/schema/map';
import {
  lineOfSight,
  lineOfSightBetweenCells,
  sightBetween,
  sightBlockers,
  sightTable,
} from '../../src/grid';
import { c, field, footprintsOverlap, randomMapArb } from './helpers';

describe('line of sight and cover (rulebook: Height advantage, cover, and ranged attacks)', () => {
  it('impassable blocks sight; the blocker is reported', () => {
    const bf = field(`A . # . B`);
    const sight = lineOfSight(bf, 'A', 'B');
    expect(sight.visible).toBe(false);
    expect(sight.blockedBy).toEqual([{ cell: c(2, 0), reason: 'impassable' }]);
  });

  it('a diagonal gap between two impassable squares touching at a corner does not let sight through', () => {
    const bf = field(`
      A . . .
      . . # .
      . # . .
      . . . B`);
    const sight = lineOfSight(bf, 'A', 'B');
    expect(sight.visible).toBe(false);
    // The centre line passes exactly through the corner the two squares share.
    expect(sight.blockedBy).toEqual([{ cell: c(2, 1), reason: 'impassable' }]);
    expect(sightBlockers(bf.map, bf.occupants[0]!, bf.occupants[1]!)).toEqual([
      { cell: c(2, 1), reason: 'impassable' },
      { cell: c(1, 2), reason: 'impassable' },
    ]);
  });

  it('one impassable square on the diagonal: a line from corner to corner gets past it', () => {
    const bf = field(`
      A . . .
      . . # .
      . . . .
      . . . B`);
    const sight = lineOfSight(bf, 'A', 'B');
    expect(sight.visible).toBe(true);
    expect(sight.cover).toBe(false);
    // The first clear line: A's centre to B's south-west corner, passing below the wall.
    expect(sight.line).toEqual({ from: { x: 0.5, y: 0.5 }, to: { x: 3, y: 4 } });
  });

  it('a single impassable square diagonally between two characters blocks them', () => {
    const bf = field(`
      A . .
      . # .
      . . B`);
    expect(lineOfSight(bf, 'A', 'B').visible).toBe(false);
  });

  it('terrain as tall as the target, next to it and in the way: visible, with cover', () => {
    const bf = field(`A . . 1 B`);
    const sight = lineOfSight(bf, 'A', 'B');
    expect(sight).toMatchObject({ visible: true, cover: true, coverCells: [c(3, 0)] });
    // The other way round the terrain is next to the target's attacker, not to A: no cover for A.
    expect(lineOfSight(bf, 'B', 'A')).toMatchObject({ visible: true, cover: false });
  });

  it('cover terrain beside the target but off every line that matters gives no cover', () => {
    const bf = field(`
      A . . . B
      . . . . 1`);
    expect(lineOfSight(bf, 'A', 'B')).toMatchObject({ visible: true, cover: false });
  });

  it('cover only when EVERY clear line passes the terrain: a corner of it is not enough', () => {
    // Terrain south-west of B: lines from A in the same row reach B without touching it.
    const bf = field(`
      A . . . B
      . . . 1 .`);
    expect(lineOfSight(bf, 'A', 'B')).toMatchObject({ visible: true, cover: false });
    // The same diagonal square alone does not shield B from below-left either: a line from A's
    // north-west corner passes above it (row 0)...
    const low = field(`
      . . . . B
      . . . 1 .
      A . . . .`);
    expect(lineOfSight(low, 'A', 'B')).toMatchObject({ visible: true, cover: false });
    // ...but with terrain west, south-west and south of B every line touches some of it.
    const walled = field(`
      . . . 1 B
      . . . 1 1
      A . . . .`);
    expect(lineOfSight(walled, 'A', 'B')).toMatchObject({ visible: true, cover: true });
  });

  it('terrain taller than a character next to it blocks sight past it both ways', () => {
    const bf = field(`A . . 2 B`);
    expect(lineOfSight(bf, 'A', 'B')).toMatchObject({
      visible: false,
      blockedBy: [{ cell: c(3, 0), reason: 'taller-terrain-next-to-target' }],
    });
    expect(lineOfSight(bf, 'B', 'A')).toMatchObject({
      visible: false,
      blockedBy: [{ cell: c(3, 0), reason: 'taller-terrain-next-to-viewer' }],
    });
  });

  it('tall terrain next to the viewer blocks only what is behind it: peeking past its corner works', () => {
    const bf = field(`
      A 2 . .
      . . . .
      . . B .`);
    expect(lineOfSight(bf, 'A', 'B').visible).toBe(true);
    const behind = field(`
      A 2 . B
      . . . .`);
    expect(lineOfSight(behind, 'A', 'B').visible).toBe(false);
  });

  it('terrain next to neither character does not block (rules as written)', () => {
    const bf = field(`A . 3 . B`);
    expect(lineOfSight(bf, 'A', 'B')).toMatchObject({ visible: true, cover: false });
  });

  it('a character standing on terrain: heights compare from where it stands', () => {
    // B stands on height 1; the height-2 terrain beside it rises 1 above it = its Size → cover.
    expect(lineOfSight(field(`A . . 2 B`, { standOn: { B: 1 } }), 'A', 'B')).toMatchObject({
      visible: true,
      cover: true,
    });
    // B on height 2: the terrain is no taller than its feet → nothing.
    expect(lineOfSight(field(`A . . 2 B`, { standOn: { B: 2 } }), 'A', 'B')).toMatchObject({
      visible: true,
      cover: false,
    });
    // A on height 1 next to height-3 terrain: rises 2 above A → blocks A's view past it.
    expect(lineOfSight(field(`A 3 . . B`, { standOn: { A: 1 } }), 'A', 'B').visible).toBe(false);
  });

  it('Size 2: a character is as tall as its Size', () => {
    const two = (h: number) => `
      A . . . ${h} B B
      . . . . ${h} B B`;
    expect(lineOfSight(field(two(1)), 'A', 'B')).toMatchObject({ visible: true, cover: false });
    expect(lineOfSight(field(two(2)), 'A', 'B')).toMatchObject({ visible: true, cover: true });
    expect(lineOfSight(field(two(3)), 'A', 'B')).toMatchObject({ visible: false });
  });

  it('Size 3: part of the footprint peeking out of a wall is enough', () => {
    const bf = field(`
      A . # . . .
      . . # b b b
      . . . b b b
      . . . b b b`);
    expect(lineOfSight(bf, 'A', 'b').visible).toBe(true);
    const hidden = field(`
      A . # . . .
      . . # b b b
      . . # b b b
      . . # b b b`);
    expect(lineOfSight(hidden, 'A', 'b').visible).toBe(false);
  });

  it('cell-to-cell variant for the GM planning tool', () => {
    const bf = field(`
      . . # .
      . . . .`);
    expect(lineOfSightBetweenCells(bf.map, c(0, 0), c(3, 0)).visible).toBe(false);
    expect(lineOfSightBetweenCells(bf.map, c(0, 1), c(3, 0)).visible).toBe(true);
  });
});

/** Random small maps: each square ground, impassable or terrain 1–3. */
const smallMap = randomMapArb(8, ['.', '.', '.', '.', '#', '1', '2', '3']);
const foot = fc.record({
  cell: fc.record({ x: fc.integer({ min: 0, max: 6 }), y: fc.integer({ min: 0, max: 6 }) }),
  size: fc.integer({ min: 1, max: 2 }),
});

describe('line of sight properties', () => {
  it('visibility is symmetric for any two footprints on any map (fast-check)', () => {
    fc.assert(
      fc.property(smallMap, foot, foot, (map, a, b) => {
        fc.pre(!footprintsOverlap(a, b));
        expect(sightBetween(map, a, b).visible).toBe(sightBetween(map, b, a).visible);
      }),
      { numRuns: 500 },
    );
  });

  it('on a map without impassable squares or terrain everyone sees everyone without cover (fast-check)', () => {
    const open: MapData = {
      schemaVersion: 1,
      kind: 'map',
      name: 'open',
      width: 8,
      height: 8,
      cells: Array(8).fill('........'),
      heights: Array(8).fill('00000000'),
      destructible: [],
    };
    fc.assert(
      fc.property(foot, foot, (a, b) => {
        expect(sightBetween(open, a, b)).toMatchObject({ visible: true, cover: false });
      }),
      { numRuns: 200 },
    );
  });
});

describe('sightTable', () => {
  it('agrees with one-at-a-time lineOfSight for every ordered pair', () => {
    const bf = field(`
      A . . 1 b . .
      . # . . . . C
      . # d . 2 . .
      e . . . . . F`);
    const table = sightTable(bf);
    const n = table.ids.length;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const one = lineOfSight(bf, table.ids[i]!, table.ids[j]!);
        expect([
          table.ids[i],
          table.ids[j],
          table.visible[i * n + j] === 1,
          table.cover[i * n + j] === 1,
        ]).toEqual([table.ids[i], table.ids[j], one.visible, one.cover]);
      }
    }
    // b stands right of height-1 terrain: A's shot passes it → cover.
    expect(table.cover[table.ids.indexOf('A') * n + table.ids.indexOf('b')]).toBe(1);
  });
});
