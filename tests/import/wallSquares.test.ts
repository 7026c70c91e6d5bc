import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { polylineSquares, wallSquares } from '../../src/import/wallSquares';
import { lineOfSightBetweenCells, makeBattlefield, reach } from '../../src/grid';
import type { MapData } from '../../src/schema/map';
import { MAP_SCHEMA_VERSION } from '../../src/schema/map';

const W = 20;
const H = 20;
const xy = (squares: Iterable<number>, width = W) =>
  [...new Set(squares)].sort((a, b) => a - b).map((i) => [i % width, Math.floor(i / width)]);

/** A W×H ground map with the given squares impassable. */
function mapWith(walls: Set<number>): MapData {
  const cells: string[] = [];
  for (let y = 0; y < H; y++) {
    let row = '';
    for (let x = 0; x < W; x++) row += walls.has(y * W + x) ? '#' : '.';
    cells.push(row);
  }
  return {
    schemaVersion: MAP_SCHEMA_VERSION,
    kind: 'map',
    name: 'walls',
    width: W,
    height: H,
    cells,
    heights: cells.map(() => '0'.repeat(W)),
    destructible: [],
  };
}

describe('wallSquares: which squares a wall segment marks', () => {
  it('a wall crossing squares marks the squares it passes through', () => {
    expect(xy(wallSquares({ x: 0.5, y: 1.5 }, { x: 3.5, y: 1.5 }, W, H))).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it('a wall along a horizontal grid line marks only the row below it', () => {
    expect(xy(wallSquares({ x: 1, y: 3 }, { x: 4, y: 3 }, W, H))).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('a wall along a vertical grid line marks only the column to its right', () => {
    expect(xy(wallSquares({ x: 5, y: 4 }, { x: 5, y: 2 }, W, H))).toEqual([
      [5, 2],
      [5, 3],
    ]);
  });

  it("a wall along the map's own border marks nothing (the border already stops everyone)", () => {
    expect(wallSquares({ x: 0, y: H }, { x: W, y: H }, W, H)).toEqual([]);
    expect(wallSquares({ x: W, y: 0 }, { x: W, y: 5 }, W, H)).toEqual([]);
  });

  it('a diagonal through corners marks the squares it crosses, not the ones it only touches', () => {
    expect(xy(wallSquares({ x: 0, y: 0 }, { x: 3, y: 3 }, W, H))).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('touching a corner or ending on an edge marks nothing', () => {
    expect(wallSquares({ x: 2, y: 2 }, { x: 2, y: 2 }, W, H)).toEqual([]);
    // From a corner, out of the map: it never enters a square of the map.
    expect(wallSquares({ x: 0, y: 0 }, { x: -1, y: 1 }, W, H)).toEqual([]);
  });

  it('float noise from an exporter is snapped to the grid line it means', () => {
    expect(xy(wallSquares({ x: 1, y: 2.9999999999 }, { x: 3, y: 3.0000000001 }, W, H))).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('a polyline marks the union of its segments', () => {
    const squares = polylineSquares(
      [
        { x: 1, y: 1 },
        { x: 3, y: 1 },
        { x: 3, y: 3 },
      ],
      W,
      H,
    );
    expect(xy(squares)).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [3, 2],
    ]);
  });

  it('property: a wall along a grid line never marks the squares on both sides of it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: W }),
        fc.integer({ min: 0, max: W }),
        fc.integer({ min: 0, max: W }),
        fc.boolean(),
        (line, from, to, horizontal) => {
          const [a, b] = horizontal
            ? [
                { x: from, y: line },
                { x: to, y: line },
              ]
            : [
                { x: line, y: from },
                { x: line, y: to },
              ];
          for (const [x, y] of xy(wallSquares(a, b, W, H))) {
            // Only the square below / to the right of the line.
            expect(horizontal ? y : x).toBe(line);
          }
        },
      ),
    );
  });

  it('property: a wall from border to border at any slope stops movement and sight across it', () => {
    const coord = fc.double({ min: 1, max: H - 1, noNaN: true });
    const snapped = fc.oneof(coord, coord.map(Math.round));
    fc.assert(
      fc.property(snapped, snapped, (left, right) => {
        const walls = polylineSquares(
          [
            { x: 0, y: left },
            { x: W, y: right },
          ],
          W,
          H,
        );
        // Which side of the wall a square's centre lies on (unmarked squares lie wholly on one side).
        const side = (x: number, y: number) => Math.sign(((right - left) * (x + 0.5)) / W + left - (y + 0.5));
        const map = mapWith(walls);
        const above = { x: 0, y: 0 };
        const below = { x: W - 1, y: H - 1 };
        if (walls.has(0) || walls.has(W * H - 1)) return;
        const bf = makeBattlefield(map, [{ id: 'a', cell: above, size: 1, side: 'party' }]);
        const result = reach(bf, 'a', { budget: 4 * W * H });
        const startSide = side(above.x, above.y);
        for (const space of result.spaces) {
          expect(side(space.cell.x, space.cell.y), `reached ${space.cell.x},${space.cell.y}`).toBe(startSide);
        }
        expect(lineOfSightBetweenCells(map, above, below).visible).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
