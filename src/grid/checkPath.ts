import type { Battlefield } from './battlefield';
import type { CellData } from '../schema/cell';
import type { Cell } from './cell';
import { cell, sameCell } from './cell';
import type { MovementEvent } from './movementEvents';
import { movementEvents } from './movementEvents';
import type { MoveOptions } from './reach';
import { FLAG_ENDABLE, FLAG_PASSABLE, movementModel, positionFlags, stepCost } from './movementModel';
import { SPACE } from './terrain';

export type PathCheck =
  | { ok: true; cost: number; events: MovementEvent[] }
  | { ok: false; reason: string; step?: number; cost?: number };

/**
 * Server-side check of a player's move. `path` lists the footprint positions (north-west squares)
 * after the start; a leading copy of the start is tolerated. Same costs as `reach`.
 */
export function checkPath(
  bf: Battlefield,
  moverId: string,
  path: readonly CellData[],
  opts: MoveOptions,
): PathCheck {
  const m = movementModel(bf, moverId, opts.dash ?? false);
  const start = cell(m.mover.cell.x, m.mover.cell.y);
  const steps: Cell[] = path.map((c) => cell(c.x, c.y));
  if (steps[0] && sameCell(steps[0], start)) steps.shift();
  let x = start.x;
  let y = start.y;
  let flags = positionFlags(m, x, y);
  let total = 0;
  for (let i = 0; i < steps.length; i++) {
    const to = steps[i]!;
    const at = `step ${i + 1} to (${to.x},${to.y})`;
    if (Math.abs(to.x - x) + Math.abs(to.y - y) !== 1) {
      return { ok: false, step: i, reason: `${at} is not one orthogonal square from (${x},${y})` };
    }
    const toFlags = positionFlags(m, to.x, to.y);
    if (!(toFlags & FLAG_PASSABLE))
      return { ok: false, step: i, reason: `${at} is blocked: ${blockReason(m, to)}` };
    // The model's window is the whole map here, so window indices are map indices.
    total += stepCost(m, flags, y * m.box.width + x, to.y * m.box.width + to.x);
    x = to.x;
    y = to.y;
    flags = toFlags;
  }
  const budget = Math.floor(opts.budget);
  if (total > budget) return { ok: false, cost: total, reason: `path costs ${total}, you have ${budget}` };
  if (steps.length && !(flags & FLAG_ENDABLE)) {
    return {
      ok: false,
      cost: total,
      reason: `cannot end the move at (${x},${y}): another character is there`,
    };
  }
  return { ok: true, cost: total, events: movementEvents(bf, m.mover.size, start, steps) };
}

function blockReason(m: ReturnType<typeof movementModel>, at: Cell): string {
  const t = m.terrain;
  const size = m.mover.size;
  if (at.x < 0 || at.y < 0 || at.x + size > t.width || at.y + size > t.height) return 'outside the map';
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const i = (at.y + dy) * t.width + at.x + dx;
      if (t.type[i] === SPACE.impassable) return `(${at.x + dx},${at.y + dy}) is impassable`;
      const who = m.occupancy[i]!;
      const other = who ? m.bf.occupants[who - 1] : undefined;
      if (other && other.id !== m.mover.id && other.side !== m.mover.side && !other.incapacitated) {
        return `(${at.x + dx},${at.y + dy}) is occupied by hostile '${other.id}'`;
      }
    }
  }
  return 'not passable';
}
