import type { Battlefield } from './battlefield';
import { occupancyGrid, occupantById } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import { SPACE, terrainOf } from './terrain';

/** Whether some square of a character's footprint is an edge space ("Edges"). */
export function isOnEdge(bf: Battlefield, id: string): boolean {
  const o = occupantById(bf, id);
  const t = terrainOf(bf.map);
  for (let y = o.cell.y; y < o.cell.y + o.size; y++) {
    for (let x = o.cell.x; x < o.cell.x + o.size; x++) {
      if (x < t.width && y < t.height && t.type[y * t.width + x] === SPACE.edge) return true;
    }
  }
  return false;
}

/**
 * Where a character that passed its edge save goes ("Edges": the closest non-edge space): the
 * nearest footprint position (north-west square) with no edge or impassable square and no other
 * character under it. Nearest = fewest squares away (diagonals count 1, as for range); ties go to
 * the straighter move (smaller squared distance), then north, then west. Null if none exists.
 * Interpretation: docs/rules.md "Edges".
 */
export function closestNonEdgePosition(bf: Battlefield, id: string): Cell | null {
  const o = occupantById(bf, id);
  const t = terrainOf(bf.map);
  const grid = occupancyGrid(bf);
  const self = bf.occupants.indexOf(o) + 1;
  const fits = (px: number, py: number): boolean => {
    if (px < 0 || py < 0 || px + o.size > t.width || py + o.size > t.height) return false;
    for (let y = py; y < py + o.size; y++) {
      for (let x = px; x < px + o.size; x++) {
        const i = y * t.width + x;
        if (t.type[i] === SPACE.edge || t.type[i] === SPACE.impassable) return false;
        if (grid[i] !== 0 && grid[i] !== self) return false;
      }
    }
    return true;
  };
  const maxRing = Math.max(t.width, t.height);
  for (let r = 0; r <= maxRing; r++) {
    let best: Cell | null = null;
    let bestD2 = Infinity;
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const px = o.cell.x + dx;
        const py = o.cell.y + dy;
        const d2 = dx * dx + dy * dy;
        // Rows are visited north to south and columns west to east, so `<` keeps north, then west.
        if (d2 < bestD2 && fits(px, py)) {
          best = cell(px, py);
          bestD2 = d2;
        }
      }
    }
    if (best) return best;
  }
  return null;
}
