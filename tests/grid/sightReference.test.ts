import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Footprint } from '../../src/grid';
import { sightBetween } from '../../src/grid';
import type { MapData } from '../../src/schema/map';
import { footprintsOverlap, randomMapArb } from './helpers';

/**
 * The line-of-sight rule of docs/rules.md written the slow, obvious way: every pair of
 * sight points, every square of the map tested against every segment (closed squares, end
 * points excluded). `sightBetween` (with its wall-run shortcuts) must agree on random maps.
 */
function referenceSight(
  map: MapData,
  v: Footprint,
  t: Footprint,
  anywhere = false,
): { visible: boolean; cover: boolean } {
  const points = (f: Footprint) => {
    const out: [number, number][] = [];
    for (let j = 0; j < f.size; j++)
      for (let i = 0; i < f.size; i++) out.push([2 * (f.cell.x + i) + 1, 2 * (f.cell.y + j) + 1]);
    for (let j = 0; j <= f.size; j++)
      for (let i = 0; i <= f.size; i++) out.push([2 * (f.cell.x + i), 2 * (f.cell.y + j)]);
    return out;
  };
  const level = (x: number, y: number) => Number(map.heights[y]![x]);
  const elevation = (f: Footprint) => {
    let best = 0;
    for (let y = f.cell.y; y < f.cell.y + f.size; y++)
      for (let x = f.cell.x; x < f.cell.x + f.size; x++) best = Math.max(best, level(x, y));
    return best;
  };
  const ring = (f: Footprint, x: number, y: number) =>
    Math.max(0, f.cell.x - x, x - (f.cell.x + f.size - 1), f.cell.y - y, y - (f.cell.y + f.size - 1));
  const touches = (ax: number, ay: number, bx: number, by: number, i: number, j: number) => {
    let lo = -Infinity;
    let hi = Infinity;
    for (const [p, d, min] of [
      [ax, bx - ax, 2 * i],
      [ay, by - ay, 2 * j],
    ] as const) {
      if (d === 0) {
        if (p < min || p > min + 2) return false;
      } else {
        const a = (min - p) / d;
        const b = (min + 2 - p) / d;
        lo = Math.max(lo, Math.min(a, b));
        hi = Math.min(hi, Math.max(a, b));
      }
    }
    return lo <= hi && lo < 1 && hi > 0;
  };
  const eV = elevation(v);
  const eT = elevation(t);
  let visible = false;
  let allCovered = true;
  for (const [ax, ay] of points(v)) {
    for (const [bx, by] of points(t)) {
      let blocked = false;
      let cover = false;
      for (let y = 0; y < map.height; y++) {
        for (let x = 0; x < map.width; x++) {
          if (!touches(ax, ay, bx, by, x, y)) continue;
          const dV = ring(v, x, y);
          const dT = ring(t, x, y);
          if (map.cells[y]![x] === '#') blocked = true;
          if (dV === 0 || dT === 0) continue;
          const h = level(x, y);
          if (h > 0 && ((dV === 1 && h - eV > v.size) || (dT === 1 && h - eT > t.size))) blocked = true;
          // Room setting tallTerrainBlocksSight 'anywhere': terrain above both characters' tops.
          if (anywhere && h - eV > v.size && h - eT > t.size) blocked = true;
          if (h > 0 && dT === 1 && h - eT === t.size) cover = true;
        }
      }
      if (!blocked) {
        visible = true;
        if (!cover) allCovered = false;
      }
    }
  }
  return { visible, cover: visible && allCovered };
}

const SIDE = 9;
const mapArb = randomMapArb(SIDE, ['.', '.', '.', '.', '.', '#', '1', '2', '3']);
const footArb = fc.integer({ min: 1, max: 3 }).chain((size) =>
  fc.record({
    cell: fc.record({
      x: fc.integer({ min: 0, max: SIDE - size }),
      y: fc.integer({ min: 0, max: SIDE - size }),
    }),
    size: fc.constant(size),
  }),
);

/** Characters never stand on impassable squares: clear any under the footprints. */
function clearUnder(map: MapData, feet: Footprint[]): MapData {
  const cells = map.cells.map((row, y) =>
    [...row]
      .map((ch, x) =>
        feet.some((f) => x >= f.cell.x && x < f.cell.x + f.size && y >= f.cell.y && y < f.cell.y + f.size)
          ? '.'
          : ch,
      )
      .join(''),
  );
  return { ...map, cells };
}

describe('sightBetween agrees with the slow reference on random maps (fast-check)', () => {
  it('same visibility and cover for footprints of Size 1–3, on or off terrain', () => {
    fc.assert(
      fc.property(mapArb, footArb, footArb, (raw, v, t) => {
        fc.pre(!footprintsOverlap(v, t));
        const map = clearUnder(raw, [v, t]);
        const ours = sightBetween(map, v, t);
        expect({ visible: ours.visible, cover: ours.cover }).toEqual(referenceSight(map, v, t));
      }),
      { numRuns: 400 },
    );
  });

  it("with tallTerrainBlocksSight 'anywhere': same visibility and cover", () => {
    fc.assert(
      fc.property(mapArb, footArb, footArb, (raw, v, t) => {
        fc.pre(
          !(
            v.cell.x < t.cell.x + t.size &&
            t.cell.x < v.cell.x + v.size &&
            v.cell.y < t.cell.y + t.size &&
            t.cell.y < v.cell.y + v.size
          ),
        );
        const map = clearUnder(raw, [v, t]);
        const ours = sightBetween(map, v, t, { tallTerrainBlocksSight: 'anywhere' });
        expect({ visible: ours.visible, cover: ours.cover }).toEqual(referenceSight(map, v, t, true));
      }),
      { numRuns: 300 },
    );
  });
});
