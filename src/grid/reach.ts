import type { Battlefield } from './battlefield';
import type { Cell } from './cell';
import { cell, sameCell } from './cell';
import type { MovementEvent } from './movementEvents';
import { movementEvents } from './movementEvents';
import type { MovementMode, SearchBox } from './movementModel';
import {
  FLAG_ENDABLE,
  FLAG_NO_TURN_END,
  FLAG_PASSABLE,
  mayLeave,
  movementModel,
  positionFlags,
  stepCost,
  stepHurts,
} from './movementModel';

export interface MoveOptions extends MovementMode {
  /** Movement left, in squares. */
  budget: number;
  /** Dash: ignores engagement (rulebook: Dashing). */
  dash?: boolean;
}

/**
 * A position where the move may end. `turnMayEnd` is false on an ally's space, and for a flier on
 * an edge space: the move may stop there, the turn may not (rulebook: Movement; Edges).
 */
export interface ReachSpace {
  cell: Cell;
  cost: number;
  turnMayEnd: boolean;
}

/**
 * Cheapest cost to every position the mover's north-west square can reach, over `box` (the
 * squares within `budget` of the mover): `cost[i]` is -1 when unreachable, `prev[i]` the window
 * index it was reached from (-1 at the start). `spaces` lists the positions where the move may
 * END (not on another character), cheapest first. Use `pathTo` / `reachCost` to read it.
 */
export interface ReachResult {
  readonly moverId: string;
  readonly size: number;
  readonly start: Cell;
  readonly box: SearchBox;
  readonly cost: Int16Array;
  readonly prev: Int32Array;
  readonly spaces: readonly ReachSpace[];
  /** The search was for a flier (its paths report no falls). */
  readonly flying: boolean;
}

/**
 * Movement flood (rulebook: Movement): orthogonal steps only, each step's cost from `stepCost`,
 * a step dearer than what is left is not allowed. Dijkstra with a bucket queue (costs are small
 * integers), so the cost of each position is exact and minimal; among equally cheap paths the
 * one entering the fewest dangerous squares and falling the fewest times is kept.
 */
export function reach(bf: Battlefield, moverId: string, opts: MoveOptions): ReachResult {
  const budget = Math.max(0, Math.floor(opts.budget));
  const m = movementModel(bf, moverId, opts.dash ?? false, budget, opts);
  const w = m.box;
  const n = w.width * w.height;
  const cost = new Int16Array(n).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  // Tie-break among equally cheap paths: fewer hurts (dangerous squares entered + falls). Exact:
  // every step costs ≥ 1, so all of a position's cheapest predecessors are settled before it.
  const hurts = new Uint16Array(n);
  const sx = m.mover.cell.x;
  const sy = m.mover.cell.y;
  const start = (sy - w.y0) * w.width + (sx - w.x0);
  positionFlags(m, sx, sy);
  cost[start] = 0;
  const buckets: number[][] = [];
  for (let c = 0; c <= budget; c++) buckets.push([]);
  buckets[0]!.push(start);
  const spaces: ReachSpace[] = [];
  for (let c = 0; c <= budget; c++) {
    const bucket = buckets[c]!;
    for (let k = 0; k < bucket.length; k++) {
      const p = bucket[k]!;
      if (cost[p] !== c) continue; // stale entry
      const lx = p % w.width;
      const ly = (p - lx) / w.width;
      const x = lx + w.x0;
      const y = ly + w.y0;
      const flags = positionFlags(m, x, y);
      if (flags & FLAG_ENDABLE)
        spaces.push({ cell: cell(x, y), cost: c, turnMayEnd: !(flags & FLAG_NO_TURN_END) });
      if (!mayLeave(m, flags, p === start)) continue;
      for (let d = 0; d < 4; d++) {
        const nx = d === 1 ? x + 1 : d === 3 ? x - 1 : x;
        const ny = d === 0 ? y - 1 : d === 2 ? y + 1 : y;
        if (!(positionFlags(m, nx, ny) & FLAG_PASSABLE)) continue;
        const q = (ny - w.y0) * w.width + (nx - w.x0);
        const next = c + stepCost(m, flags, p, q);
        if (next > budget) continue;
        const old = cost[q]!;
        if (old !== -1 && old < next) continue;
        const hurt = hurts[p]! + stepHurts(m, x, y, nx, ny, p, q);
        if (old === next) {
          if (hurt < hurts[q]!) {
            hurts[q] = hurt;
            prev[q] = p;
          }
          continue;
        }
        cost[q] = next;
        prev[q] = p;
        hurts[q] = hurt;
        buckets[next]!.push(q);
      }
    }
  }
  return {
    moverId,
    size: m.mover.size,
    start: cell(sx, sy),
    box: w,
    cost,
    prev,
    spaces,
    flying: m.flying,
  };
}

/** Cheapest cost to put the mover's north-west square on `target`, or -1 if out of reach. */
export function reachCost(result: ReachResult, target: { x: number; y: number }): number {
  const w = result.box;
  const lx = target.x - w.x0;
  const ly = target.y - w.y0;
  if (lx < 0 || ly < 0 || lx >= w.width || ly >= w.height) return -1;
  return result.cost[ly * w.width + lx]!;
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
  const cost = reachCost(result, target);
  if (cost < 0) return null;
  if (!result.spaces.some((s) => sameCell(s.cell, target))) return null;
  const w = result.box;
  const path: Cell[] = [];
  for (let p = (target.y - w.y0) * w.width + (target.x - w.x0); result.prev[p] !== -1; p = result.prev[p]!) {
    const lx = p % w.width;
    path.push(cell(lx + w.x0, (p - lx) / w.width + w.y0));
  }
  path.reverse();
  return {
    path,
    cost,
    events: movementEvents(bf, result.size, result.start, path, { flying: result.flying }),
  };
}
