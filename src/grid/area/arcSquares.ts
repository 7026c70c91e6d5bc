import type { CellData } from '../../schema/cell';
import { footprintDistance } from '../battlefield';
import type { Cell } from '../cell';
import { ORTHOGONAL_STEPS, cell } from '../cell';
import type { Footprint } from '../lineOfSight';
import type { ShapeContext, ShapeSquares } from './shapeSquares';
import { outOfRange, rangeAt } from './areaRange';

// Rulebook (AoE patterns, Arc X): X contiguous squares, never diagonal, never overlapping; at least
// one directly next to the origin, or, with a listed range, anywhere in range; the final square is
// the attack space. Interpretation: docs/rules.md "Areas of effect".

const inside = (c: CellData, f: Footprint) =>
  c.x >= f.cell.x && c.x < f.cell.x + f.size && c.y >= f.cell.y && c.y < f.cell.y + f.size;
const onMap = (ctx: ShapeContext, c: CellData) => c.x >= 0 && c.y >= 0 && c.x < ctx.width && c.y < ctx.height;
const where = (c: CellData) => `(${c.x},${c.y})`;
const key = (c: CellData) => `${c.x},${c.y}`;
const ranged = (ctx: ShapeContext) => ctx.range !== undefined && !ctx.self;

/** A finished Arc X: its squares in the order placed (the last one is the attack space). */
export function arcSquares(ctx: ShapeContext, X: number, squares: readonly CellData[]): ShapeSquares {
  if (squares.length !== X)
    return { ok: false, reason: `an Arc ${X} has exactly ${X} squares, got ${squares.length}` };
  const problem = arcProblem(ctx, squares);
  if (problem) return { ok: false, reason: problem };
  const ordered = squares.map((c) => cell(c.x, c.y));
  const last = ordered[ordered.length - 1]!;
  // A ranged arc is aimed like a ranged Blast: the origin must see its attack space.
  return { ok: true, ordered, rings: [], attack: last, ...(ranged(ctx) ? { sightTo: last } : {}) };
}

/** First problem with a finished arc (any number of squares), or null. */
export function arcProblem(ctx: ShapeContext, squares: readonly CellData[]): string | null {
  const each = squareProblem(ctx, squares);
  if (each) return each;
  const apart = firstDisconnected(squares);
  if (apart >= 0)
    return `arc square ${apart + 1} ${where(squares[apart]!)} does not join the other arc squares side to side (diagonals do not count)`;
  if (!ranged(ctx) && !squares.some((c) => touchesOrigin(ctx, c)))
    return `an Arc without a listed range needs a square directly next to the origin (not diagonally)`;
  return null;
}

/**
 * First problem with an arc being built square by square toward Arc X, or null: the squares so
 * far must be fine one by one, join up side to side, and leave enough squares to finish (reach a
 * square next to the origin when there is no listed range, and have room to grow to X).
 */
export function arcPartialProblem(ctx: ShapeContext, X: number, squares: readonly CellData[]): string | null {
  if (squares.length > X) return `an Arc ${X} has exactly ${X} squares, got ${squares.length}`;
  const each = squareProblem(ctx, squares);
  if (each) return each;
  const apart = firstDisconnected(squares);
  if (apart >= 0)
    return `arc square ${apart + 1} ${where(squares[apart]!)} does not join the other arc squares side to side (diagonals do not count)`;
  const left = X - squares.length;
  if (!ranged(ctx) && squares.length > 0) {
    // Squares still needed to walk from the arc to a square next to the origin: a straight-ish
    // walk toward the origin stays on the map and never gets farther from it.
    const need = Math.min(...squares.map((c) => stepsToOrigin(ctx, c)));
    if (need > left)
      return `the arc cannot reach a square next to the origin with the ${left} square${left === 1 ? '' : 's'} left`;
  }
  if (squares.length > 0 && !roomToGrow(ctx, squares, X))
    return `there is no room for an Arc ${X} here (map edge, range or origin in the way)`;
  return null;
}

/** Squares that may be added next to a partly built Arc X (sorted north to south, west to east). */
export function arcCandidates(ctx: ShapeContext, X: number, squares: readonly CellData[]): Cell[] {
  if (squares.length >= X || arcPartialProblem(ctx, X, squares)) return [];
  const around: CellData[] = squares.length
    ? squares.flatMap((c) => ORTHOGONAL_STEPS.map((d) => ({ x: c.x + d.dx, y: c.y + d.dy })))
    : firstCandidates(ctx, X);
  const options = new Map<string, Cell>();
  for (const c of around) {
    if (!options.has(key(c)) && !arcPartialProblem(ctx, X, [...squares, c]))
      options.set(key(c), cell(c.x, c.y));
  }
  return [...options.values()].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Problems of single squares: off the map, repeated, on the origin, out of range. */
function squareProblem(ctx: ShapeContext, squares: readonly CellData[]): string | null {
  const seen = new Set<string>();
  for (let i = 0; i < squares.length; i++) {
    const c = squares[i]!;
    const at = `arc square ${i + 1} ${where(c)}`;
    if (!onMap(ctx, c)) return `${at} is off the map`;
    if (seen.has(key(c))) return `${at} is already in the arc`;
    // Rulebook: an area may overlap its origin only when the origin is "(self)".
    if (!ctx.self && inside(c, ctx.origin)) return `${at} covers the origin`;
    if (ranged(ctx)) {
      const d = footprintDistance(ctx.origin.cell, ctx.origin.size, c, 1);
      if (d > rangeAt(ctx, c)) return outOfRange(ctx, `arc square ${i + 1}`, c, d);
    }
    seen.add(key(c));
  }
  return null;
}

/**
 * Index of the first square outside the largest side-to-side joined group (ties: the group of
 * the earliest square), or -1 when all squares join up.
 */
function firstDisconnected(squares: readonly CellData[]): number {
  const index = new Map(squares.map((c, i) => [key(c), i]));
  const group = new Array<number>(squares.length).fill(-1);
  const sizes: number[] = [];
  squares.forEach((_, i) => {
    if (group[i] !== -1) return;
    const g = sizes.length;
    sizes.push(0);
    const stack = [i];
    group[i] = g;
    while (stack.length) {
      const j = stack.pop()!;
      sizes[g]!++;
      const c = squares[j]!;
      for (const d of ORTHOGONAL_STEPS) {
        const k = index.get(key({ x: c.x + d.dx, y: c.y + d.dy }));
        if (k !== undefined && group[k] === -1) {
          group[k] = g;
          stack.push(k);
        }
      }
    }
  });
  if (sizes.length <= 1) return -1;
  const best = sizes.indexOf(Math.max(...sizes));
  return group.findIndex((g) => g !== best);
}

/** Directly next to the origin (with "(self)", on it counts too: the arc may overlap it). */
function touchesOrigin(ctx: ShapeContext, c: CellData): boolean {
  if (inside(c, ctx.origin)) return ctx.self;
  return ORTHOGONAL_STEPS.some((s) => inside({ x: c.x - s.dx, y: c.y - s.dy }, ctx.origin));
}

/** Squares to add so that an arc through `c` has one next to the origin (0 if `c` already is). */
function stepsToOrigin(ctx: ShapeContext, c: CellData): number {
  const { cell: o, size } = ctx.origin;
  // Side distances to the origin's box; a square in a diagonal corner region needs both.
  const gapX = Math.max(0, o.x - c.x, c.x - (o.x + size - 1));
  const gapY = Math.max(0, o.y - c.y, c.y - (o.y + size - 1));
  if (gapX === 0 && gapY === 0) return ctx.self ? 0 : 1;
  return gapX + gapY - 1;
}

/** Whether the squares allowed for this arc, joined to `squares`, number at least X. */
function roomToGrow(ctx: ShapeContext, squares: readonly CellData[], X: number): boolean {
  const seen = new Set(squares.map(key));
  const stack = [...squares];
  let count = seen.size;
  while (stack.length && count < X) {
    const c = stack.pop()!;
    for (const d of ORTHOGONAL_STEPS) {
      const n = { x: c.x + d.dx, y: c.y + d.dy };
      if (seen.has(key(n)) || squareProblem(ctx, [n])) continue;
      seen.add(key(n));
      stack.push(n);
      count++;
    }
  }
  return count >= X;
}

/** Where a first square could go: within range, or within X - 1 steps of the origin's sides. */
function firstCandidates(ctx: ShapeContext, X: number): CellData[] {
  const { cell: o, size } = ctx.origin;
  const r = ranged(ctx) ? ctx.range! + (ctx.heightBonus?.max ?? 0) : X;
  const list: CellData[] = [];
  for (let y = o.y - r; y < o.y + size + r; y++)
    for (let x = o.x - r; x < o.x + size + r; x++) list.push({ x, y });
  return list;
}
