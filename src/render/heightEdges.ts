import type { CellRect } from './chunks';
import { heightAt, type TerrainGrid } from './TerrainGrid';

/** A boundary segment between two spaces of different height, in cell units. */
export interface HeightEdge {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  /** Levels from the higher space down to the lower one (≥ 1). */
  readonly drop: number;
}

const SIDES = [
  { dx: 0, dy: -1, seg: [0, 0, 1, 0] },
  { dx: 1, dy: 0, seg: [1, 0, 1, 1] },
  { dx: 0, dy: 1, seg: [0, 1, 1, 1] },
  { dx: -1, dy: 0, seg: [0, 0, 0, 1] },
] as const;

/**
 * Every height boundary around the cells of `rect`. Each boundary is owned by its higher space,
 * so two neighbouring chunks never draw the same edge twice and a repaint of one chunk is enough.
 * The map border counts as height 0, so terrain at the border gets an outline.
 */
export function heightEdges(grid: TerrainGrid, rect: CellRect): HeightEdge[] {
  const out: HeightEdge[] = [];
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const h = heightAt(grid, x, y);
      if (h <= 0) continue;
      for (const s of SIDES) {
        const n = heightAt(grid, x + s.dx, y + s.dy);
        if (n < h) {
          out.push({ x1: x + s.seg[0], y1: y + s.seg[1], x2: x + s.seg[2], y2: y + s.seg[3], drop: h - n });
        }
      }
    }
  }
  return out;
}
