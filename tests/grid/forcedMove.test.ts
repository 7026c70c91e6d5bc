import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  directionBetween,
  footprintDistance,
  forcedMove,
  makeBattlefield,
  occupantById,
} from '../../src/grid';
import type { Battlefield, Direction8, ForcedMoveKind } from '../../src/grid';
import { c, field, randomMapArb } from './helpers';

/** The request for `kind` N from character `from` onto character `to`. */
function force(bf: Battlefield, kind: ForcedMoveKind, from: string, to: string, distance: number) {
  const source = occupantById(bf, from);
  return forcedMove(bf, { kind, targetId: to, distance, source: { cell: source.cell, size: source.size } });
}

describe('forced movement: push, pull, shove (rulebook: Falling names shoves; docs/rules.md "Forced movement")', () => {
  it('push 2 off a height-2 ledge: two squares east, a 2-level fall', () => {
    const bf = field(`. A b 2 . .`, { standOn: { A: 2, b: 2 } });
    expect(force(bf, 'push', 'A', 'b', 2)).toEqual({
      ok: true,
      kind: 'push',
      targetId: 'b',
      direction: 'east',
      requested: 2,
      moved: 2,
      from: c(2, 0),
      path: [c(3, 0), c(4, 0)],
      to: c(4, 0),
      stop: { reason: 'complete' },
      events: [{ kind: 'fall', step: 1, cell: c(4, 0), levels: 2 }],
      levelsFallen: 2,
      text: 'pushed 2 squares east to (4,0)',
    });
  });

  it('a push into a wall stops short, next to it', () => {
    const bf = field(`A b . # .`);
    expect(force(bf, 'push', 'A', 'b', 3)).toMatchObject({
      moved: 1,
      path: [c(2, 0)],
      to: c(2, 0),
      stop: { reason: 'impassable', at: c(3, 0) },
      text: 'pushed 1 of 3 squares east, stopping at (2,0): (3,0) is impassable',
    });
  });

  it('a pull draws the target toward the source and stops next to it', () => {
    const bf = field(`A . . . b`);
    expect(force(bf, 'pull', 'A', 'b', 5)).toMatchObject({
      direction: 'west',
      path: [c(3, 0), c(2, 0), c(1, 0)],
      to: c(1, 0),
      stop: { reason: 'source', at: c(0, 0), adjacent: true },
      text: 'pulled 3 of 5 squares west, stopping at (1,0): it is next to the source',
    });
  });

  it('a pull whose straight line misses the source stops where it comes no nearer', () => {
    // 5 east and 2 north snaps to east: after 3 squares b is 2 from A and east would not close in.
    const bf = field(`
      . . . . . A
      . . . . . .
      b . . . . .`);
    expect(force(bf, 'pull', 'A', 'b', 6)).toMatchObject({
      direction: 'east',
      path: [c(1, 2), c(2, 2), c(3, 2)],
      stop: { reason: 'source', at: c(4, 2), adjacent: false },
      text: 'pulled 3 of 6 squares east, stopping at (3,2): its straight line comes no nearer to the source',
    });
  });

  it('straight lines may be diagonal: a target off the corner goes diagonally', () => {
    const bf = field(`
      A . . .
      . b . .
      . . . .
      . . . .`);
    expect(force(bf, 'push', 'A', 'b', 2)).toMatchObject({
      direction: 'south-east',
      path: [c(2, 2), c(3, 3)],
    });
    // Directions snap to the nearest of eight: 3 east 1 south (18°) is east, 2 east 1 south (27°) south-east.
    const A = { cell: c(0, 0), size: 1 };
    expect(directionBetween(A, { cell: c(3, 1), size: 1 })).toBe('east');
    expect(directionBetween(A, { cell: c(2, 1), size: 1 })).toBe('south-east');
  });

  it('characters stop it, allies included; so does higher terrain and the map’s end', () => {
    expect(force(field(`A b C .`), 'push', 'A', 'b', 2)).toMatchObject({
      moved: 0,
      to: c(1, 0),
      stop: { reason: 'character', at: c(2, 0), characterId: 'C', name: 'C' },
      text: 'pushed 0 of 2 squares east, stopping at (1,0): C is in the way at (2,0)',
    });
    expect(force(field(`A b 1 .`), 'push', 'A', 'b', 2)).toMatchObject({
      moved: 0,
      stop: { reason: 'terrain', at: c(2, 0), height: 1 },
    });
    expect(force(field(`A b .`), 'push', 'A', 'b', 3)).toMatchObject({
      moved: 1,
      stop: { reason: 'map', at: c(3, 0) },
      text: 'pushed 1 of 3 squares east, stopping at (2,0): the map ends',
    });
  });

  it('dangerous squares on the way are entered (chapter 2: 2 piercing each)', () => {
    const bf = field(`A b ! ! .`, { chapter: 2 });
    expect(force(bf, 'push', 'A', 'b', 3)).toMatchObject({
      to: c(4, 0),
      events: [
        { kind: 'dangerous', step: 0, cell: c(2, 0), damage: 2, damageType: 'piercing' },
        { kind: 'dangerous', step: 1, cell: c(3, 0), damage: 2, damageType: 'piercing' },
      ],
    });
  });

  it('a push over an edge stops on the first edge square; a flier is carried across', () => {
    const bf = field(`A b _ _ . .`);
    expect(force(bf, 'push', 'A', 'b', 3)).toMatchObject({
      path: [c(2, 0)],
      stop: { reason: 'edge', at: c(2, 0) },
      events: [{ kind: 'edge', step: 0, cells: [c(2, 0)] }],
      text: 'pushed 1 of 3 squares east, stopping at (2,0): it went over the edge at (2,0)',
    });
    const source = { cell: c(0, 0), size: 1 };
    expect(forcedMove(bf, { kind: 'push', targetId: 'b', distance: 3, source, flying: true })).toMatchObject({
      path: [c(2, 0), c(3, 0), c(4, 0)],
      stop: { reason: 'complete' },
      events: [],
    });
    // Ending exactly on the edge is complete, and the edge event asks the caller for the save.
    expect(force(bf, 'push', 'A', 'b', 1)).toMatchObject({
      stop: { reason: 'complete' },
      events: [{ kind: 'edge', step: 0, cells: [c(2, 0)] }],
    });
  });

  it('a shove goes the way the source picks; bad requests are refused in plain words', () => {
    const bf = field(`
      . . .
      A b .
      . . .`);
    const source = { cell: c(0, 1), size: 1 };
    expect(
      forcedMove(bf, { kind: 'shove', targetId: 'b', distance: 1, source, direction: 'north' }),
    ).toMatchObject({ path: [c(1, 0)], text: 'shoved 1 square north to (1,0)' });
    expect(forcedMove(bf, { kind: 'shove', targetId: 'b', distance: 1, source })).toEqual({
      ok: false,
      reason:
        'a shove needs a direction: north, north-east, east, south-east, south, south-west, west, north-west',
    });
    expect(forcedMove(bf, { kind: 'push', targetId: 'b', distance: -1, source })).toEqual({
      ok: false,
      reason: 'a push moves a whole number of squares, 0 or more',
    });
    expect(
      forcedMove(bf, { kind: 'push', targetId: 'b', distance: 1, source: { cell: c(1, 1), size: 1 } }),
    ).toEqual({
      ok: false,
      reason: 'b is centred on the source of the push, so it has no direction to go',
    });
  });

  it('a Size 2 target moves its whole footprint and is stopped by any of its squares', () => {
    const bf = field(`
      A b b . .
      . b b . #`);
    expect(force(bf, 'push', 'A', 'b', 2)).toMatchObject({
      direction: 'east',
      path: [c(2, 0)],
      stop: { reason: 'impassable', at: c(4, 1) },
    });
  });

  it('a push never brings the target nearer, a pull never takes it farther; the path is one straight line of free squares (fast-check)', () => {
    const SIDE = 8;
    const dirs: Direction8[] = [
      'north',
      'north-east',
      'east',
      'south-east',
      'south',
      'south-west',
      'west',
      'north-west',
    ];
    fc.assert(
      fc.property(
        randomMapArb(SIDE, ['.', '.', '.', '#', '1', '2', '~', '!', '_']),
        fc.tuple(fc.nat(SIDE - 1), fc.nat(SIDE - 1), fc.nat(SIDE - 1), fc.nat(SIDE - 1)),
        fc.constantFrom<ForcedMoveKind>('push', 'pull', 'shove'),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(...dirs),
        (map, [sx, sy, tx, ty], kind, distance, direction) => {
          if (sx === tx && sy === ty) return;
          const bf = makeBattlefield(map, [
            { id: 'src', cell: { x: sx, y: sy }, size: 1, side: 'party' },
            { id: 'tgt', cell: { x: tx, y: ty }, size: 1, side: 'foes' },
          ]);
          const source = { cell: c(sx, sy), size: 1 };
          const result = forcedMove(bf, { kind, targetId: 'tgt', distance, source, direction });
          if (!result.ok) throw new Error(result.reason);
          expect(result.moved).toBe(result.path.length);
          expect(result.moved <= distance).toBe(true);
          if (result.moved < distance) expect(result.stop.reason).not.toBe('complete');
          else expect(result.stop.reason).toBe('complete');
          let prev = result.from;
          for (const p of result.path) {
            const step = { dx: p.x - prev.x, dy: p.y - prev.y };
            expect(Math.max(Math.abs(step.dx), Math.abs(step.dy))).toBe(1);
            if (p !== result.path[0]) {
              const first = { dx: result.path[0]!.x - result.from.x, dy: result.path[0]!.y - result.from.y };
              expect(step).toEqual(first);
            }
            expect(map.cells[p.y]![p.x]).not.toBe('#');
            expect(p.x === sx && p.y === sy).toBe(false);
            prev = p;
          }
          const before = footprintDistance(source.cell, 1, result.from, 1);
          const after = footprintDistance(source.cell, 1, result.to, 1);
          if (kind === 'push') expect(after).toBeGreaterThanOrEqual(before);
          if (kind === 'pull') expect(after).toBeLessThanOrEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});
