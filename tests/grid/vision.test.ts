import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Footprint, SightOptions } from '../../src/grid/sightCore';
import { judgePair, BLOCKED } from '../../src/grid/sightCore';
import {
  parseAsciiMap,
  SightCache,
  seesFootprint,
  seesSquare,
  SPACE,
  terrainOf,
  visibleSquares,
} from '../../src/grid';
import type { MapData } from '../../src/schema/map';
import { MAP_SCHEMA_VERSION } from '../../src/schema/map';

/** A map from rows of codes: `. ~ ! # _` space types, `1`–`3` ground of that height. */
function mapOf(rows: string[][]): MapData {
  return {
    schemaVersion: MAP_SCHEMA_VERSION,
    kind: 'map',
    name: 'random',
    width: rows[0]!.length,
    height: rows.length,
    cells: rows.map((r) => r.map((c) => (/[1-3]/.test(c) ? '.' : c)).join('')),
    heights: rows.map((r) => r.map((c) => (/[1-3]/.test(c) ? c : '0')).join('')),
    destructible: [],
  };
}

/**
 * visibleSquares the plain way: judgePair for every square in range that is not a wall, then every
 * wall in range beside a seen square that is not a wall.
 */
function referenceSquares(map: MapData, viewer: Footprint, options: SightOptions & { range?: number }) {
  const t = terrainOf(map);
  const seen = new Uint8Array(t.width * t.height);
  const range = options.range ?? Infinity;
  const inRange = (x: number, y: number) =>
    x >= viewer.cell.x - range &&
    x <= viewer.cell.x + viewer.size - 1 + range &&
    y >= viewer.cell.y - range &&
    y <= viewer.cell.y + viewer.size - 1 + range;
  const wall = (x: number, y: number) => t.type[y * t.width + x] === SPACE.impassable;
  for (let y = 0; y < t.height; y++)
    for (let x = 0; x < t.width; x++)
      if (inRange(x, y) && !wall(x, y))
        seen[y * t.width + x] =
          judgePair(t, viewer, { cell: { x, y }, size: 1 }, options, false) === BLOCKED ? 0 : 1;
  for (let y = 0; y < t.height; y++)
    for (let x = 0; x < t.width; x++) {
      if (!inRange(x, y) || !wall(x, y)) continue;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(t.height - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(t.width - 1, x + 1); nx++)
          if (!wall(nx, ny) && seen[ny * t.width + nx] === 1) seen[y * t.width + x] = 1;
    }
  return seen;
}

/** The seen squares as a picture: `o` seen, `#` a wall (seen or not), `.` not seen, `@` the viewer. */
function picture(
  seen: Uint8Array,
  map: { width: number; height: number },
  at: { x: number; y: number },
  walls: Uint8Array,
) {
  const rows: string[] = [];
  for (let y = 0; y < map.height; y++) {
    let row = '';
    for (let x = 0; x < map.width; x++) {
      const k = y * map.width + x;
      row +=
        x === at.x && y === at.y
          ? '@'
          : walls[k] === SPACE.impassable
            ? seen[k]
              ? '#'
              : '%'
            : seen[k]
              ? 'o'
              : '.';
    }
    rows.push(row);
  }
  return rows.join('\n');
}

describe('vision: what a character sees (docs/ui.md "Vision")', () => {
  const { map } = parseAsciiMap(`
    . . . . . . . .
    . . . # # . . .
    . . . # . . . .
    . . . # . . . .
    . . . . . . . .`);
  const t = terrainOf(map);

  it('does not see behind the wall, even past its ends; walls beside a seen square are seen', () => {
    const seen = visibleSquares(map, { cell: { x: 1, y: 2 }, size: 1 });
    expect(picture(seen, map, { x: 1, y: 2 }, t.type)).toBe(
      ['ooooo...', 'ooo##...', 'o@o#....', 'ooo#....', 'ooooo...'].join('\n'),
    );
  });

  it('a range limits it (squares more than 2 away are dark)', () => {
    const seen = visibleSquares(map, { cell: { x: 1, y: 2 }, size: 1 }, { range: 2 });
    expect(seen[2 * map.width + 4]).toBe(0);
    expect(seen[0]).toBe(1);
    expect(seen[2 * map.width + 6]).toBe(0);
  });

  it('every square it sees is one the attacks’ line of sight reaches, and no other (random maps)', () => {
    // Maps 3–14 squares a side (not square: the sweeps' octants end at different edges), walls,
    // heights, both settings of tallTerrainBlocksSight, viewers Size 1–3 standing on any height,
    // now and then a range or a wall under the viewer (judged square by square), checked square
    // for square, walls included, against judgePair.
    const arb = fc
      .record({
        width: fc.integer({ min: 3, max: 14 }),
        height: fc.integer({ min: 3, max: 14 }),
        size: fc.integer({ min: 1, max: 3 }),
        at: fc.nat(),
        tall: fc.constantFrom<'adjacent-only' | 'anywhere'>('adjacent-only', 'anywhere'),
        range: fc.option(fc.integer({ min: 1, max: 6 }), { freq: 4 }),
        wallUnderViewer: fc.boolean(),
        codes: fc.array(fc.constantFrom('.', '.', '.', '.', '~', '_', '#', '#', '1', '2', '3', '3'), {
          minLength: 196,
          maxLength: 196,
        }),
      })
      .filter((r) => r.size <= Math.min(r.width, r.height));
    fc.assert(
      fc.property(arb, ({ width, height, size, at, tall, range, wallUnderViewer, codes }) => {
        const vx = at % (width - size + 1);
        const vy = Math.floor(at / (width - size + 1)) % (height - size + 1);
        const code = (x: number, y: number) => {
          const c = codes[y * width + x]!;
          const under = x >= vx && x < vx + size && y >= vy && y < vy + size;
          return under && c === '#' && !(wallUnderViewer && x === vx && y === vy) ? '2' : c;
        };
        const rows = Array.from({ length: height }, (_, y) =>
          Array.from({ length: width }, (_, x) => code(x, y)),
        );
        const m = mapOf(rows);
        const viewer = { cell: { x: vx, y: vy }, size };
        const options = { tallTerrainBlocksSight: tall, ...(range === null ? {} : { range }) };
        expect(picture(visibleSquares(m, viewer, options), m, viewer.cell, terrainOf(m).type)).toBe(
          picture(referenceSquares(m, viewer, options), m, viewer.cell, terrainOf(m).type),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('seesSquare asks one square what visibleSquares answers for the whole map (random maps)', () => {
    // Fog decides on a few characters with it (is this foe in sight?) without the whole sweep.
    const arb = fc.record({
      width: fc.integer({ min: 3, max: 10 }),
      height: fc.integer({ min: 3, max: 10 }),
      size: fc.integer({ min: 1, max: 2 }),
      at: fc.nat(),
      tall: fc.constantFrom<'adjacent-only' | 'anywhere'>('adjacent-only', 'anywhere'),
      codes: fc.array(fc.constantFrom('.', '.', '.', '~', '_', '#', '#', '1', '2', '3'), {
        minLength: 100,
        maxLength: 100,
      }),
    });
    fc.assert(
      fc.property(arb, ({ width, height, size, at, tall, codes }) => {
        const vx = at % (width - size + 1);
        const vy = Math.floor(at / (width - size + 1)) % (height - size + 1);
        const rows = Array.from({ length: height }, (_, y) =>
          Array.from({ length: width }, (_, x) => {
            const under = x >= vx && x < vx + size && y >= vy && y < vy + size;
            const c = codes[y * width + x]!;
            return under && c === '#' ? '.' : c;
          }),
        );
        const m = mapOf(rows);
        const viewer = { cell: { x: vx, y: vy }, size };
        const options = { tallTerrainBlocksSight: tall };
        const all = visibleSquares(m, viewer, options);
        const t = terrainOf(m);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++)
            expect(seesSquare(t, viewer, x, y, options), `(${x},${y})`).toBe(all[y * width + x] === 1);
      }),
      { numRuns: 300 },
    );
  });

  it('on maps/stress-100.json, square for square what judgePair says (several viewers, both settings)', () => {
    const stress = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../maps/stress-100.json'), 'utf8'),
    ) as MapData;
    const st = terrainOf(stress);
    const viewers = [
      { cell: { x: 60, y: 44 }, size: 1 },
      { cell: { x: 27, y: 62 }, size: 1 },
      { cell: { x: 1, y: 1 }, size: 1 },
      { cell: { x: 98, y: 50 }, size: 1 },
      { cell: { x: 19, y: 5 }, size: 1 },
      { cell: { x: 50, y: 97 }, size: 2 },
      { cell: { x: 73, y: 20 }, size: 2 },
      { cell: { x: 40, y: 30 }, size: 3 },
    ];
    for (const viewer of viewers) {
      for (let dy = 0; dy < viewer.size; dy++)
        for (let dx = 0; dx < viewer.size; dx++)
          expect(st.type[(viewer.cell.y + dy) * st.width + viewer.cell.x + dx]).not.toBe(SPACE.impassable);
      for (const tall of ['adjacent-only', 'anywhere'] as const) {
        const seen = visibleSquares(stress, viewer, { tallTerrainBlocksSight: tall });
        const reference = referenceSquares(stress, viewer, { tallTerrainBlocksSight: tall });
        expect(picture(seen, stress, viewer.cell, st.type), `${JSON.stringify(viewer)} ${tall}`).toBe(
          picture(reference, stress, viewer.cell, st.type),
        );
      }
    }
  });

  it('the cache recomputes a viewer only when it moves, and a foe is seen when any of its squares is', () => {
    const cache = new SightCache();
    const a = cache.get(map, 'ana', { cell: { x: 1, y: 2 }, size: 1 });
    expect(cache.get(map, 'ana', { cell: { x: 1, y: 2 }, size: 1 })).toBe(a);
    // A foe behind the wall at (5,2): not seen; after Ana steps to (4,4) it is.
    expect(seesFootprint(a, map.width, { cell: { x: 5, y: 2 }, size: 1 })).toBe(false);
    const b = cache.get(map, 'ana', { cell: { x: 4, y: 4 }, size: 1 });
    expect(b).not.toBe(a);
    expect(seesFootprint(b, map.width, { cell: { x: 5, y: 2 }, size: 1 })).toBe(true);
    // A Size 2 foe at (4,3) is seen by its one square in sight, (4,4).
    expect(seesFootprint(a, map.width, { cell: { x: 4, y: 3 }, size: 2 })).toBe(true);
    expect(seesFootprint(a, map.width, { cell: { x: 5, y: 3 }, size: 2 })).toBe(false);
  });
});
