import type { AreaShape } from '../../schema/area';
import type { CellData } from '../../schema/cell';
import { footprintDistance } from '../battlefield';
import { elevationIn } from '../sightCore';
import type { Terrain } from '../terrain';
import { outOfRange, rangeAt } from './areaRange';
import type { Cell } from '../cell';
import { ORTHOGONAL_STEPS, cell } from '../cell';
import type { Footprint } from '../lineOfSight';
import type { AreaOptions, ShapePlacement } from './areaPlacement';
import { arcSquares } from './arcSquares';

/**
 * The squares of one placed shape, before anyone is looked up. `ordered` lists squares in the
 * order the rulebook reads them for the attack space (line: from the origin outward; cross: by
 * distance from the origin, arms north/east/south/west); `rings[i]` is the distance of
 * `ordered[i]` for crosses. `sightTo` names a square the origin must see (ranged placements).
 */
export type ShapeSquares =
  | {
      ok: true;
      ordered: Cell[];
      rings: number[];
      attack: 'first-character' | 'nearest-character' | Cell;
      sightTo?: Cell;
    }
  | { ok: false; reason: string };

export interface ShapeContext {
  width: number;
  height: number;
  origin: Footprint;
  /** Listed range; undefined = none listed. */
  range?: number;
  /** Drawn from the origin and allowed to cover it ("(self)", and every secondary pattern). */
  self: boolean;
  /** +1 range per level the origin stands above a square (`AreaOptions.heightRange`); `max` bounds it. */
  heightBonus?: { max: number; at: (c: CellData) => number };
}

/** The context of a primary shape drawn by a caster standing on `origin` (map size from `t`). */
export function shapeContext(t: Terrain, origin: Footprint, opts: AreaOptions): ShapeContext {
  const from = elevationIn(t, origin);
  const heightBonus =
    opts.heightRange && from > 0
      ? { max: from, at: (c: CellData) => Math.max(0, from - (t.level[c.y * t.width + c.x] ?? from)) }
      : undefined;
  return {
    width: t.width,
    height: t.height,
    origin,
    ...(opts.range !== undefined ? { range: opts.range } : {}),
    self: opts.self ?? false,
    ...(heightBonus ? { heightBonus } : {}),
  };
}

const inside = (c: CellData, f: Footprint) =>
  c.x >= f.cell.x && c.x < f.cell.x + f.size && c.y >= f.cell.y && c.y < f.cell.y + f.size;
const onMap = (ctx: ShapeContext, x: number, y: number) =>
  x >= 0 && y >= 0 && x < ctx.width && y < ctx.height;
const where = (c: CellData) => `(${c.x},${c.y})`;

function box(ctx: ShapeContext, center: CellData, radius: number): Cell[] {
  const squares: Cell[] = [];
  for (let y = center.y - radius; y <= center.y + radius; y++) {
    for (let x = center.x - radius; x <= center.x + radius; x++)
      if (onMap(ctx, x, y)) squares.push(cell(x, y));
  }
  return squares;
}

/** Rulebook: AoE patterns. Squares off the map are clipped away. */
export function shapeSquares(ctx: ShapeContext, shape: AreaShape, placement: ShapePlacement): ShapeSquares {
  if (placement.kind !== shape.kind)
    return { ok: false, reason: `expected a ${shape.kind} placement, got ${placement.kind}` };
  const { origin } = ctx;
  const X = shape.size;
  switch (placement.kind) {
    case 'line': {
      // Line X: straight, orthogonal, its first square next to the origin, running away from it.
      const step = ORTHOGONAL_STEPS.find((s) => s.name === placement.direction)!;
      const s = placement.start;
      const back = { x: s.x - step.dx, y: s.y - step.dy };
      if (!onMap(ctx, s.x, s.y)) return { ok: false, reason: `line start ${where(s)} is off the map` };
      if (inside(s, origin) || !inside(back, origin)) {
        return {
          ok: false,
          reason: `line must start next to the origin and run ${placement.direction}, away from it`,
        };
      }
      const ordered: Cell[] = [];
      for (let k = 0; k < X; k++) {
        const x = s.x + k * step.dx;
        const y = s.y + k * step.dy;
        if (onMap(ctx, x, y)) ordered.push(cell(x, y));
      }
      return { ok: true, ordered, rings: [], attack: 'first-character' };
    }
    case 'blast': {
      const c = placement.center;
      if (!onMap(ctx, c.x, c.y)) return { ok: false, reason: `blast centre ${where(c)} is off the map` };
      if (ctx.self) {
        // "(self)": the origin is the user and the area may overlap it; a blast sits on the user.
        if (!inside(c, origin)) return { ok: false, reason: `a "(self)" Blast is centred on its user` };
        return { ok: true, ordered: box(ctx, c, X), rings: [], attack: cell(c.x, c.y) };
      }
      if (ctx.range === undefined) {
        // Rulebook: a blast is placed within its listed range and may not overlap its origin, so
        // with neither a range nor "(self)" it has nowhere to go (docs/rules.md "Areas of effect").
        return {
          ok: false,
          reason:
            'a Blast needs a listed range or a "(self)" target: without either it could only sit on its user, which an area may not cover',
        };
      }
      const d = footprintDistance(origin.cell, origin.size, c, 1);
      if (d > rangeAt(ctx, c)) return { ok: false, reason: outOfRange(ctx, 'blast centre', c, d) };
      if (footprintDistance(origin.cell, origin.size, { x: c.x - X, y: c.y - X }, 2 * X + 1) === 0) {
        return { ok: false, reason: `the blast would cover the origin` };
      }
      return {
        ok: true,
        ordered: box(ctx, c, X),
        rings: [],
        attack: cell(c.x, c.y),
        sightTo: cell(c.x, c.y),
      };
    }
    case 'close-blast': {
      const c = placement.center;
      if (!onMap(ctx, c.x, c.y))
        return { ok: false, reason: `close blast centre ${where(c)} is off the map` };
      const gap = footprintDistance(origin.cell, origin.size, { x: c.x - X, y: c.y - X }, 2 * X + 1);
      if (gap === 0 && !ctx.self) return { ok: false, reason: `the close blast would cover the origin` };
      if (gap > 1)
        return { ok: false, reason: `a close blast must touch the origin; this one is ${gap} squares away` };
      return { ok: true, ordered: box(ctx, c, X), rings: [], attack: cell(c.x, c.y) };
    }
    case 'arc':
      return arcSquares(ctx, X, placement.squares);
    case 'cross': {
      if (placement.center && !ctx.self && ctx.range !== undefined) {
        // Listed range: the cross is drawn from a centre placed in range; the centre is the attack space.
        const c = placement.center;
        if (!onMap(ctx, c.x, c.y)) return { ok: false, reason: `cross centre ${where(c)} is off the map` };
        const d = footprintDistance(origin.cell, origin.size, c, 1);
        if (d > rangeAt(ctx, c)) return { ok: false, reason: outOfRange(ctx, 'cross centre', c, d) };
        const ordered = [cell(c.x, c.y), ...arms(ctx, { cell: c, size: 1 }, X).ordered];
        if (ordered.some((sq) => inside(sq, origin)))
          return { ok: false, reason: `the cross would cover the origin` };
        return { ok: true, ordered, rings: [], attack: cell(c.x, c.y), sightTo: cell(c.x, c.y) };
      }
      if (placement.center)
        return { ok: false, reason: `a cross without a listed range is drawn from the origin` };
      const { ordered, rings } = arms(ctx, origin, X);
      return { ok: true, ordered, rings, attack: 'nearest-character' };
    }
  }
}

/** Cross X arms: X squares out from each side of `from`, each arm as wide as `from`. */
function arms(ctx: ShapeContext, from: Footprint, X: number): { ordered: Cell[]; rings: number[] } {
  const ordered: Cell[] = [];
  const rings: number[] = [];
  const { x: fx, y: fy } = from.cell;
  const s = from.size;
  for (let k = 1; k <= X; k++) {
    for (let i = 0; i < s; i++) {
      const squares = [
        [fx + i, fy - k],
        [fx + s - 1 + k, fy + i],
        [fx + i, fy + s - 1 + k],
        [fx - k, fy + i],
      ] as const;
      for (const [x, y] of squares) {
        if (onMap(ctx, x, y)) {
          ordered.push(cell(x, y));
          rings.push(k);
        }
      }
    }
  }
  return { ordered, rings };
}
