import { describe, expect, it } from 'vitest';
import { closestNonEdgePosition, isOnEdge } from '../../src/grid/edges';
import type { Battlefield } from '../../src/grid';
import { c, field as plainField } from './helpers';

/** Like `field`, but the squares under the letters listed in `onEdge` are edge spaces. */
function field(picture: string, onEdge: string[] = []): Battlefield {
  const bf = plainField(picture);
  const cells = bf.map.cells.map((row) => [...row]);
  for (const o of bf.occupants) {
    if (!onEdge.includes(o.id)) continue;
    for (let y = o.cell.y; y < o.cell.y + o.size; y++)
      for (let x = o.cell.x; x < o.cell.x + o.size; x++) cells[y]![x] = '_';
  }
  return { ...bf, map: { ...bf.map, cells: cells.map((r) => r.join('')) } };
}

describe('edges (rulebook: Other bits, Edges)', () => {
  it('knows who stands on an edge space', () => {
    const bf = field(`
      _ _ _ _
      A . b b
      _ . b b`);
    expect(isOnEdge(bf, 'A')).toBe(false);
    expect(isOnEdge(bf, 'b')).toBe(false);
    const edgy = field(
      `
      _ _ A _
      . . . .`,
      ['A'],
    );
    expect(isOnEdge(edgy, 'A')).toBe(true);
  });

  it('the closest non-edge position: straight in beats diagonal, occupied and impassable squares are skipped', () => {
    // A stands on the edge row; straight south (2,1) is free.
    const simple = field(
      `
      _ _ A _ _
      . . . . .`,
      ['A'],
    );
    expect(closestNonEdgePosition(simple, 'A')).toEqual(c(2, 1));
    // South is taken by B and south-west is impassable: south-east (3,1) is next.
    const crowded = field(
      `
      _ _ A _ _
      . # B . .`,
      ['A'],
    );
    expect(closestNonEdgePosition(crowded, 'A')).toEqual(c(3, 1));
    // Two squares deep in edge: the nearest free ground is two rows down.
    const deep = field(
      `
      _ A _
      _ _ _
      . . .`,
      ['A'],
    );
    expect(closestNonEdgePosition(deep, 'A')).toEqual(c(1, 2));
    // Nowhere to go.
    expect(closestNonEdgePosition(field(`_ A _`, ['A']), 'A')).toBeNull();
  });

  it('a Size 2 character needs a whole 2×2 block free of edge', () => {
    const bf = field(
      `
      _ a a _
      _ a a _
      . . . .
      . . . .`,
      ['a'],
    );
    expect(closestNonEdgePosition(bf, 'a')).toEqual(c(1, 2));
  });
});
