import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgePair, BLOCKED } from '../../src/grid/sightCore';
import { parseAsciiMap, SightCache, seesFootprint, SPACE, terrainOf, visibleSquares } from '../../src/grid';

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
    // 10×10 maps with walls, heights and both settings of tallTerrainBlocksSight: the wall
    // shortcut (Size 1 viewers) must never say "blocked" where judgePair sees.
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('.', '.', '.', '.', '#', '#', '1', '2', '3'), {
          minLength: 100,
          maxLength: 100,
        }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom<'adjacent-only' | 'anywhere'>('adjacent-only', 'anywhere'),
        fc.integer({ min: 1, max: 2 }),
        (codes, at, tall, size) => {
          const vx = Math.min(at % 10, 10 - size);
          const vy = Math.min(Math.floor(at / 10), 10 - size);
          for (let dy = 0; dy < size; dy++)
            for (let dx = 0; dx < size; dx++) codes[(vy + dy) * 10 + vx + dx] = '.';
          const rows = Array.from({ length: 10 }, (_, y) => codes.slice(y * 10, y * 10 + 10).join(''));
          const m = parseAsciiMap(rows.join('\n')).map;
          const tt = terrainOf(m);
          const viewer = { cell: { x: vx, y: vy }, size };
          const options = { tallTerrainBlocksSight: tall };
          const seen = visibleSquares(m, viewer, options);
          for (let k = 0; k < 100; k++) {
            if (tt.type[k] === SPACE.impassable) continue;
            const target = { cell: { x: k % 10, y: Math.floor(k / 10) }, size: 1 };
            expect(seen[k], `square (${k % 10},${Math.floor(k / 10)})`).toBe(
              judgePair(tt, viewer, target, options, false) === BLOCKED ? 0 : 1,
            );
          }
        },
      ),
      { numRuns: 400 },
    );
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
