import { describe, expect, it } from 'vitest';
import { heightEdges } from '../../src/render/heightEdges';
import { heightColour, heightEdgeWidth, HEIGHT_COLOURS } from '../../src/render/heightRamp';
import { changedCells, type TerrainGrid } from '../../src/render/TerrainGrid';

/** ASCII heights: one digit per space, rows north to south. */
function grid(rows: string[]): TerrainGrid {
  const width = rows[0]!.length;
  const heights = rows.join('').split('').map(Number);
  return { width, height: rows.length, heights, space: heights.map(() => 'ground'), destructible: new Map() };
}

describe('height edges', () => {
  it('outlines a lone height-2 block on all four sides with drop 2', () => {
    const g = grid(['000', '020', '000']);
    const edges = heightEdges(g, { x0: 0, y0: 0, x1: 3, y1: 3 });
    expect(edges).toEqual([
      { x1: 1, y1: 1, x2: 2, y2: 1, drop: 2 },
      { x1: 2, y1: 1, x2: 2, y2: 2, drop: 2 },
      { x1: 1, y1: 2, x2: 2, y2: 2, drop: 2 },
      { x1: 1, y1: 1, x2: 1, y2: 2, drop: 2 },
    ]);
  });

  it('a step 3→1 is owned by the higher space only, with the difference as drop', () => {
    const g = grid(['31']);
    const edges = heightEdges(g, { x0: 0, y0: 0, x1: 2, y1: 1 });
    const inner = edges.filter((e) => e.x1 === 1 && e.x2 === 1);
    expect(inner).toEqual([{ x1: 1, y1: 0, x2: 1, y2: 1, drop: 2 }]);
    // equal heights side by side draw no edge between them
    expect(
      heightEdges(grid(['22']), { x0: 0, y0: 0, x1: 2, y1: 1 }).filter((e) => e.x1 === 1 && e.x2 === 1),
    ).toEqual([]);
  });

  it('colour ramp darkens with height and clamps outside 0..3', () => {
    expect(heightColour(0)).toBe(HEIGHT_COLOURS[0]);
    expect(heightColour(3)).toBe(HEIGHT_COLOURS[3]);
    expect(heightColour(7)).toBe(HEIGHT_COLOURS[3]);
    expect(heightColour(-1)).toBe(HEIGHT_COLOURS[0]);
    const lum = (c: number): number => ((c >> 16) & 255) + ((c >> 8) & 255) + (c & 255);
    for (let h = 1; h < HEIGHT_COLOURS.length; h++)
      expect(lum(heightColour(h))).toBeLessThan(lum(heightColour(h - 1)));
    expect([0, 1, 2, 3].map(heightEdgeWidth)).toEqual([0, 2, 3, 4]);
  });

  it('changedCells finds exactly the repainted spaces', () => {
    const a = grid(['000', '000']);
    const b = grid(['010', '002']);
    expect(changedCells(a, b)).toEqual([1, 5]);
  });
});
