import type { Battlefield } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import type { MovementEvent } from './movementEvents';
import { movementEvents } from './movementEvents';
import { FLAG_ENDABLE, FLAG_PASSABLE, movementModel, positionFlags, stepCost } from './movementModel';

export interface MoveOptions {
  /** Movement left, in squares. */
  budget: number;
  /** Dash: ignores engagement (rulebook: Dashing). */
  dash?: boolean;
}

/**
 * Cheapest cost to every position the mover's north-west square can reach. `cost[i]` is -1 when
 * unreachable; `prev[i]` is the position it was reached from (-1 at the start). `spaces` lists
 * the positions where the move may END (not on another character), cheapest first.
 */
export interface ReachResult {
  readonly moverId: string;
  readonly size: number;
  readonly start: Cell;
  readonly width: number;
  readonly cost: Int16Array;
  readonly prev: Int32Array;
  readonly spaces: readonly { cell: Cell; cost: number }[];
}

/**
 * Movement flood (rulebook: Movement): orthogonal steps only, each step's cost from `stepCost`,
 * a step dearer than what is left is not allowed. Dijkstra with a bucket queue (costs are small
 * integers), so the cost of each position is exact and minimal.
 */
export function reach(bf: Battlefield, moverId: string, opts: MoveOptions): ReachResult {
  const m = movementModel(bf, moverId, opts.dash ?? false);
  const { width } = m.terrain;
  const n = width * m.terrain.height;
  const cost = new Int16Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const budget = Math.max(0, Math.floor(opts.budget));
  const start = m.mover.cell.y * width + m.mover.cell.x;
  positionFlags(m, m.mover.cell.x, m.mover.cell.y);
  cost[start] = 0;
  const buckets: number[][] = Array.from({ length: budget + 1 }, () => []);
  buckets[0]!.push(start);
  const spaces: { cell: Cell; cost: number }[] = [];
  for (let c = 0; c <= budget; c++) {
    const bucket = buckets[c]!;
    for (let k = 0; k < bucket.length; k++) {
      const p = bucket[k]!;
      if (cost[p] !== c) continue; // stale entry
      const x = p % width;
      const y = (p - x) / width;
      const flags = positionFlags(m, x, y);
      if (flags & FLAG_ENDABLE) spaces.push({ cell: cell(x, y), cost: c });
      for (let d = 0; d < 4; d++) {
        const nx = d === 1 ? x + 1 : d === 3 ? x - 1 : x;
        const ny = d === 0 ? y - 1 : d === 2 ? y + 1 : y;
        if (!(positionFlags(m, nx, ny) & FLAG_PASSABLE)) continue;
        const q = ny * width + nx;
        const next = c + stepCost(m, flags, p, q);
        if (next > budget) continue;
        const old = cost[q]!;
        if (old !== -1 && old <= next) continue;
        cost[q] = next;
        prev[q] = p;
        buckets[next]!.push(q);
      }
    }
  }
  return { moverId, size: m.mover.size, start: cell(m.mover.cell.x, m.mover.cell.y), width, cost, prev, spaces };
}

/**
 * The cheapest path to `target` (positions after the start, start excluded), its cost and its
 * events; null if the target is unreachable or not a place the move may end.
 */
export function pathTo(
  bf: Battlefield,
  result: ReachResult,
  target: { x: number; y: number },
): { path: Cell[]; cost: number; events: MovementEvent[] } | null {
  if (target.x < 0 || target.y < 0 || target.x >= result.width) return null;
  const goal = target.y * result.width + target.x;
  const cost = result.cost[goal];
  if (cost === undefined || cost < 0) return null;
  if (!result.spaces.some((s) => s.cell.x === target.x && s.cell.y === target.y)) return null;
  const path: Cell[] = [];
  for (let p = goal; p !== -1 && result.prev[p] !== -1; p = result.prev[p]!) {
    path.push(cell(p % result.width, Math.floor(p / result.width)));
  }
  path.reverse();
  return { path, cost, events: movementEvents(bf, result.size, result.start, path) };
}
