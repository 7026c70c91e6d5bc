import type { Battlefield } from './battlefield';
import type { CellData } from '../schema/cell';
import type { Cell } from './cell';
import { cell, sameCell } from './cell';
import type { MovementEvent } from './movementEvents';
import { movementEvents } from './movementEvents';
import type { MoveOptions } from './reach';
import {
  FLAG_ENDABLE,
  FLAG_PASSABLE,
  mayLeave,
  movementModel,
  obstructs,
  positionFlags,
  stepCost,
} from './movementModel';
import { SPACE } from './terrain';
import { nameOf } from './occupant';

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
  const m = movementModel(bf, moverId, opts.dash ?? false, undefined, opts);
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
    if (!mayLeave(m, flags, i === 0)) {
      return {
        ok: false,
        step: i,
        reason: `${at} leaves the edge space ${edgeSquare(m, x, y)}: only a flying character can cross an edge, a move into one ends there`,
      };
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
      reason: `cannot end the move at (${x},${y}): ${endReason(m, x, y)}`,
    };
  }
  return {
    ok: true,
    cost: total,
    events: movementEvents(bf, m.mover.size, start, steps, { flying: m.flying }),
  };
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
      if (other && other.id !== m.mover.id && obstructs(m, other)) {
        return `(${at.x + dx},${at.y + dy}) is occupied by ${other.incapacitated ? 'defeated ' : ''}hostile ${nameOf(other)}`;
      }
    }
  }
  return 'not passable';
}

/** Why a passable position is not a place to end the move. */
function endReason(m: ReturnType<typeof movementModel>, x: number, y: number): string {
  const t = m.terrain;
  for (let dy = 0; dy < m.mover.size; dy++) {
    for (let dx = 0; dx < m.mover.size; dx++) {
      if (t.type[(y + dy) * t.width + x + dx] === SPACE.impassable)
        return `(${x + dx},${y + dy}) is impassable (phasing passes through, it does not stop inside)`;
    }
  }
  return 'another character is there';
}

/** The first edge square under the footprint at (x, y), as "(x,y)". */
function edgeSquare(m: ReturnType<typeof movementModel>, x: number, y: number): string {
  const t = m.terrain;
  for (let dy = 0; dy < m.mover.size; dy++) {
    for (let dx = 0; dx < m.mover.size; dx++) {
      if (t.type[(y + dy) * t.width + x + dx] === SPACE.edge) return `(${x + dx},${y + dy})`;
    }
  }
  return `(${x},${y})`;
}
