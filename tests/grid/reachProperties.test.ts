import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/grid';
import { checkPath, makeBattlefield, pathTo, reach, reachCost } from '../../src/grid';
import { randomMapArb } from './helpers';
import { referenceReach } from './reachReference';

const SIDE = 10;
/** Random 10×10 maps: mostly ground, some difficult, impassable and terrain 1–3. */
const mapArb = randomMapArb(SIDE, ['.', '.', '.', '.', '~', '#', '1', '2', '3', '!', '_']);
/** Walking, flying, phasing or both. */
const modeArb = fc.record({ flying: fc.boolean(), phasing: fc.boolean() });

/** A mover (Size 1–2) plus up to 6 others, placed without overlapping (later overlaps dropped). */
const fieldArb = fc
  .tuple(
    mapArb,
    fc.integer({ min: 1, max: 2 }),
    fc.array(
      fc.record({
        x: fc.integer({ min: 0, max: SIDE - 2 }),
        y: fc.integer({ min: 0, max: SIDE - 2 }),
        size: fc.integer({ min: 1, max: 2 }),
        foe: fc.boolean(),
        incapacitated: fc.boolean(),
      }),
      { minLength: 1, maxLength: 7 },
    ),
  )
  .map(([map, moverSize, placed]): Battlefield => {
    const taken = new Set<string>();
    const occupants = [];
    for (const [i, p] of placed.entries()) {
      const size = i === 0 ? moverSize : p.size;
      const squares = [];
      for (let dy = 0; dy < size; dy++)
        for (let dx = 0; dx < size; dx++) squares.push(`${p.x + dx},${p.y + dy}`);
      if (i === 0) {
        // The mover stands somewhere: clear impassable squares under it.
        for (const k of squares) {
          const [x, y] = k.split(',').map(Number) as [number, number];
          const row = map.cells[y]!;
          if (row[x] === '#') map.cells[y] = row.slice(0, x) + '.' + row.slice(x + 1);
        }
      }
      const onWall = squares.some((k) => {
        const [x, y] = k.split(',').map(Number) as [number, number];
        return map.cells[y]![x] === '#';
      });
      if (onWall || squares.some((k) => taken.has(k))) continue;
      squares.forEach((k) => taken.add(k));
      occupants.push({
        id: i === 0 ? 'mover' : `o${i}`,
        cell: { x: p.x, y: p.y },
        size,
        side: i === 0 || !p.foe ? ('party' as const) : ('foes' as const),
        incapacitated: i !== 0 && p.incapacitated,
      });
    }
    return makeBattlefield(map, occupants, 2);
  });

describe('reach agrees with a naive reading of the Movement rules (fast-check)', () => {
  it('same end spaces and the same cheapest costs, walking or dashing', () => {
    fc.assert(
      fc.property(
        fieldArb,
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        modeArb,
        (bf, budget, dash, mode) => {
          const ours = new Map(
            reach(bf, 'mover', { budget, dash, ...mode }).spaces.map((s) => [
              `${s.cell.x},${s.cell.y}`,
              s.cost,
            ]),
          );
          expect(ours).toEqual(referenceReach(bf, 'mover', budget, dash, mode));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every path reach offers passes checkPath at the same cost', () => {
    fc.assert(
      fc.property(fieldArb, fc.integer({ min: 0, max: 9 }), modeArb, (bf, budget, mode) => {
        const result = reach(bf, 'mover', { budget, ...mode });
        for (const space of result.spaces) {
          const route = pathTo(bf, result, space.cell)!;
          expect(route.cost).toBe(space.cost);
          expect(checkPath(bf, 'mover', route.path, { budget, ...mode })).toMatchObject({
            ok: true,
            cost: space.cost,
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('no walk checkPath accepts is cheaper than what reach found (fast-check)', () => {
    const walk = fc.array(fc.constantFrom([0, -1], [1, 0], [0, 1], [-1, 0]), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fieldArb, walk, modeArb, (bf, steps, mode) => {
        const mover = bf.occupants.find((o) => o.id === 'mover')!;
        let { x, y } = mover.cell;
        const path = steps.map(([dx, dy]) => ({ x: (x += dx!), y: (y += dy!) }));
        const checked = checkPath(bf, 'mover', path, { budget: 30, ...mode });
        if (!checked.ok) return;
        const cheapest = reachCost(reach(bf, 'mover', { budget: 30, ...mode }), path[path.length - 1]!);
        expect(cheapest).toBeGreaterThanOrEqual(0);
        expect(checked.cost).toBeGreaterThanOrEqual(cheapest);
      }),
      { numRuns: 300 },
    );
  });
});
