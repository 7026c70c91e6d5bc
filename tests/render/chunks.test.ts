import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHUNK_CELLS,
  chunkCells,
  chunkKey,
  chunkOfCell,
  chunksOfMap,
  dirtyChunkKeys,
  visibleChunkKeys,
} from '../../src/render/chunks';

describe('chunks', () => {
  it('covers a 100×100 map with 7×7 chunks of 16 cells, the last ones clipped', () => {
    const ids = chunksOfMap(100, 100);
    expect(ids).toHaveLength(49);
    expect(chunkCells({ cx: 6, cy: 6 }, 100, 100)).toEqual({ x0: 96, y0: 96, x1: 100, y1: 100 });
    expect(chunkCells({ cx: 1, cy: 0 }, 100, 100)).toEqual({ x0: 16, y0: 0, x1: 32, y1: 16 });
  });

  it('a painted cell dirties exactly its own chunk', () => {
    // cell (17, 3) on a 40-wide map is index 3*40+17
    expect([...dirtyChunkKeys([3 * 40 + 17], 40)]).toEqual(['1,0']);
    expect([...dirtyChunkKeys([0, 15, 16, 40 * 16], 40)].sort()).toEqual(['0,0', '0,1', '1,0']);
  });

  it('the camera sees only the chunks it overlaps (with one cell of slack)', () => {
    // 64 px cells: a 640×480 view at the origin covers cells 0..10 × 0..7, +1 margin → chunk 0,0 only
    expect([...visibleChunkKeys({ x: 0, y: 0, width: 640, height: 480 }, 64, 100, 100)]).toEqual(['0,0']);
    // straddling the 16-cell border at x = 1024 px
    const keys = visibleChunkKeys({ x: 900, y: 0, width: 300, height: 100 }, 64, 100, 100);
    expect([...keys].sort()).toEqual(['0,0', '1,0']);
    // entirely off the map
    expect(visibleChunkKeys({ x: -5000, y: -5000, width: 100, height: 100 }, 64, 100, 100).size).toBe(0);
  });

  it('every cell belongs to exactly one chunk and that chunk contains it (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 120 }),
        fc.nat(),
        (w, h, seed) => {
          const x = seed % w;
          const y = Math.floor(seed / w) % h;
          const id = chunkOfCell(x, y);
          const r = chunkCells(id, w, h);
          const holders = chunksOfMap(w, h).filter((c) => {
            const cr = chunkCells(c, w, h);
            return x >= cr.x0 && x < cr.x1 && y >= cr.y0 && y < cr.y1;
          });
          return (
            holders.length === 1 &&
            chunkKey(holders[0]!) === chunkKey(id) &&
            x >= r.x0 &&
            x < r.x1 &&
            y >= r.y0 &&
            y < r.y1 &&
            r.x1 - r.x0 <= CHUNK_CELLS
          );
        },
      ),
    );
  });
});
