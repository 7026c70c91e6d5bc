import type { Battlefield } from './battlefield';
import { footprintElevation } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import { SPACE, terrainOf } from './terrain';

/**
 * Things that happen along a move, as data for the rules engine (it rolls and applies them):
 * - dangerous: the mover entered a dangerous space → piercing damage equal to the chapter number.
 * - fall: one step went down more than one level → physical damage per level fallen.
 * - edge: the move ends with some square on an edge space (removed from play at end of turn
 *   unless a save succeeds).
 * `step` is the index into the path (0 = first step after the start).
 */
export type MovementEvent =
  | { kind: 'dangerous'; step: number; cell: Cell; damage: number; damageType: 'piercing' }
  | { kind: 'fall'; step: number; cell: Cell; levels: number }
  | { kind: 'edge'; step: number; cells: Cell[] };

/**
 * Events of a move whose footprint positions (north-west squares) are `start` then `path`.
 * Entering = a dangerous square under the new footprint that was not under the previous one.
 */
export function movementEvents(
  bf: Battlefield,
  size: number,
  start: Cell,
  path: readonly Cell[],
  mode: { flying?: boolean } = {},
): MovementEvent[] {
  const t = terrainOf(bf.map);
  const events: MovementEvent[] = [];
  let prev = start;
  let prevElevation = footprintElevation(bf.map, start, size);
  path.forEach((pos, step) => {
    for (let dy = 0; dy < size; dy++) {
      for (let dx = 0; dx < size; dx++) {
        const x = pos.x + dx;
        const y = pos.y + dy;
        const wasUnder = x >= prev.x && x < prev.x + size && y >= prev.y && y < prev.y + size;
        if (!wasUnder && t.type[y * t.width + x] === SPACE.dangerous) {
          events.push({
            kind: 'dangerous',
            step,
            cell: cell(x, y),
            damage: bf.chapter,
            damageType: 'piercing',
          });
        }
      }
    }
    const elevation = footprintElevation(bf.map, pos, size);
    // Rulebook (Falling): only a drop of MORE than one level in one step hurts.
    // Fliers never fall (issue 11; docs/rules.md "Flying and phasing").
    if (!mode.flying && prevElevation - elevation > 1)
      events.push({ kind: 'fall', step, cell: pos, levels: prevElevation - elevation });
    prev = pos;
    prevElevation = elevation;
  });
  const end = path.length ? path[path.length - 1]! : start;
  const edgeCells: Cell[] = [];
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const x = end.x + dx;
      const y = end.y + dy;
      if (t.type[y * t.width + x] === SPACE.edge) edgeCells.push(cell(x, y));
    }
  }
  if (path.length && edgeCells.length) events.push({ kind: 'edge', step: path.length - 1, cells: edgeCells });
  return events;
}
