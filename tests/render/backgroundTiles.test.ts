import { describe, expect, it } from 'vitest';
import {
  chooseLevel,
  tileKey,
  tilesToShow,
  tileWorldRect,
  type AssetLevels,
  type BackgroundPlacement,
} from '../../src/render/backgroundTiles';
import { tileLevels } from '../../src/schema/tilePyramid';

/** Levels as the asset API lists them: the pyramid the server cuts (schema/tilePyramid.ts). */
function levelsOf(width: number, height: number, tileSize: number): AssetLevels {
  return { tileSize, levels: tileLevels(width, height, tileSize) };
}

const CELL = 64;
/** 8192 px image, 64 image pixels per square (so 1 image pixel = 1 world pixel), at the map's corner. */
const big: BackgroundPlacement = {
  imageWidth: 8192,
  imageHeight: 8192,
  pixelsPerSquare: 64,
  offsetX: 0,
  offsetY: 0,
};
const bigLevels = levelsOf(8192, 8192, 512);

describe('chooseLevel', () => {
  it('picks full size when one image pixel is one screen pixel or larger', () => {
    expect(chooseLevel(big, bigLevels, CELL, 1)).toBe(0);
    expect(chooseLevel(big, bigLevels, CELL, 3)).toBe(0);
  });

  it('halves per halving of the zoom: never finer than the screen needs', () => {
    expect(chooseLevel(big, bigLevels, CELL, 0.5)).toBe(1);
    expect(chooseLevel(big, bigLevels, CELL, 0.25)).toBe(2);
    // 0.3 is closer to 0.25 than to 0.5 (in halvings): level 2
    expect(chooseLevel(big, bigLevels, CELL, 0.3)).toBe(2);
    expect(chooseLevel(big, bigLevels, CELL, 0.4)).toBe(1);
  });

  it('counts image pixels per square and device pixels', () => {
    // 128 image px per square: one world px shows 2 image px, so zoom 1 wants level 1
    expect(chooseLevel({ ...big, pixelsPerSquare: 128 }, bigLevels, CELL, 1)).toBe(1);
    // a 2× screen at zoom 0.5 needs full size again
    expect(chooseLevel(big, bigLevels, CELL, 0.5, 2)).toBe(0);
  });

  it('never goes past the last level (the preview) when zoomed far out', () => {
    expect(chooseLevel(big, bigLevels, CELL, 0.001)).toBe(bigLevels.levels.length - 1);
    expect(bigLevels.levels.at(-1)).toMatchObject({ columns: 1, rows: 1 });
  });
});

describe('tilesToShow', () => {
  it('covers the view at the chosen level, plus one tile of margin', () => {
    // zoom 1, a 1024×768 view at world (1100, 1100): level-0 tiles 2..4 × 2..3, plus margin 1..5 × 1..4
    const want = tilesToShow(big, bigLevels, CELL, { x: 1100, y: 1100, width: 1024, height: 768 }, 1);
    expect(want.level).toBe(0);
    expect(want.tiles.map((t) => [t.column, t.row])).toHaveLength(5 * 4);
    const cols = new Set(want.tiles.map((t) => t.column));
    const rows = new Set(want.tiles.map((t) => t.row));
    expect([...cols].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...rows].sort()).toEqual([1, 2, 3, 4]);
    // the tiles the view itself touches are marked (the margin ones are only prefetched)
    expect(want.tiles.filter((t) => t.inView)).toHaveLength(3 * 2);
  });

  it('lists the tiles nearest the view centre first', () => {
    const want = tilesToShow(big, bigLevels, CELL, { x: 1100, y: 1100, width: 1024, height: 768 }, 1);
    expect(want.tiles[0]).toMatchObject({ column: 3, row: 2 });
  });

  it('clamps at the image edges', () => {
    const want = tilesToShow(big, bigLevels, CELL, { x: -500, y: -500, width: 800, height: 600 }, 1);
    expect(Math.min(...want.tiles.map((t) => t.column))).toBe(0);
    expect(Math.min(...want.tiles.map((t) => t.row))).toBe(0);
    const far = tilesToShow(big, bigLevels, CELL, { x: 8000, y: 8000, width: 800, height: 600 }, 1);
    expect(Math.max(...far.tiles.map((t) => t.column))).toBe(15);
    expect(Math.max(...far.tiles.map((t) => t.row))).toBe(15);
  });

  it('wants nothing when the view is off the picture', () => {
    const want = tilesToShow(big, bigLevels, CELL, { x: 9000, y: 0, width: 800, height: 600 }, 1);
    expect(want.tiles).toEqual([]);
  });

  it('follows the offset in squares (negative too)', () => {
    // the picture starts 2 squares left of the map: world x = -128; the view at world 0 sees image px 128..
    const shifted = { ...big, offsetX: -2 };
    const want = tilesToShow(shifted, bigLevels, CELL, { x: 0, y: 0, width: 300, height: 300 }, 1);
    expect(want.tiles.filter((t) => t.inView).map((t) => [t.column, t.row])).toEqual([[0, 0]]);
    // 3.5 squares right: the view at world 0..300 sees image px -224..76 → tile 0 only
    const right = tilesToShow(
      { ...big, offsetX: 3.5 },
      bigLevels,
      CELL,
      { x: 0, y: 0, width: 300, height: 300 },
      1,
    );
    expect(right.tiles.filter((t) => t.inView)).toHaveLength(1);
  });

  it('handles odd sizes: partial last tiles, levels rounded up', () => {
    const odd = { imageWidth: 1001, imageHeight: 777, pixelsPerSquare: 70, offsetX: 0.5, offsetY: 0 };
    const levels = levelsOf(1001, 777, 256);
    expect(levels.levels.map((l) => [l.width, l.height])).toEqual([
      [1001, 777],
      [501, 389],
      [251, 195],
    ]);
    const all = tilesToShow(odd, levels, CELL, { x: -1000, y: -1000, width: 5000, height: 5000 }, 10);
    expect(all.level).toBe(0);
    expect(all.tiles).toHaveLength(4 * 4);
    // the last column's tile is 1001 - 3*256 = 233 image px wide
    const last = tileWorldRect(odd, levels, CELL, 0, 3, 3);
    expect(last.width).toBeCloseTo((233 * CELL) / 70, 6);
    expect(last.x).toBeCloseTo(0.5 * CELL + (768 * CELL) / 70, 6);
    expect(last.height).toBeCloseTo(((777 - 768) * CELL) / 70, 6);
  });
});

describe('tileWorldRect', () => {
  it('maps a coarse level over the same world area as full size', () => {
    const levels = levelsOf(1001, 777, 256);
    const odd = { imageWidth: 1001, imageHeight: 777, pixelsPerSquare: 70, offsetX: 0, offsetY: -1 };
    const preview = tileWorldRect(odd, levels, CELL, 2, 0, 0);
    expect(preview.x).toBe(0);
    expect(preview.y).toBe(-CELL);
    expect(preview.width).toBeCloseTo((1001 * CELL) / 70, 6);
    expect(preview.height).toBeCloseTo((777 * CELL) / 70, 6);
  });

  it('keys are unique per level, column and row', () => {
    expect(tileKey(1, 2, 3)).not.toBe(tileKey(1, 23, 0));
  });
});
