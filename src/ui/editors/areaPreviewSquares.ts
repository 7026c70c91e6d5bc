import type { ShapePlacement } from '../../grid/area/areaPlacement';
import type { ShapeContext } from '../../grid/area/shapeSquares';
import { shapeSquares } from '../../grid/area/shapeSquares';
import type { AreaPattern, AreaShape } from '../../schema/area';
import type { CellData } from '../../schema/cell';

/** One pattern laid out for the editor's preview: squares come from the grid's `shapeSquares`. */
export interface AreaPreviewLayout {
  width: number;
  height: number;
  /** The user (Size 1) the pattern is drawn from. */
  origin: CellData;
  primary: CellData[];
  /** The combined pattern's second shape (squares the first already covers left out). */
  secondary: CellData[];
  /** Where the attack roll is aimed, when the shape fixes it (a Line's is its first character). */
  attack: CellData | null;
  /** Why the grid refuses this pattern with these options (no squares then). */
  reason?: string;
}

/** Room on each side of the user: the farthest a preview reaches, capped so it stays small. */
const MAX_SIDE = 25;

/**
 * Puts the pattern down once, pointing east, as a user would on an empty map: a Line from the
 * square next to the user, a ranged Blast or Cross as near as its size allows (and within range),
 * a Close blast touching the user, an Arc in a row. The second shape of a combined pattern starts
 * from the first one's attack space (a Line's last square, a Cross's nearest square), as the
 * table places it (docs/rules.md "Combined patterns").
 */
export function areaPreviewSquares(
  pattern: AreaPattern,
  opts: { range: number | null; self: boolean },
): AreaPreviewLayout {
  const reach = (s?: AreaShape) => (s ? 2 * s.size + 1 : 0);
  const half = Math.min(MAX_SIDE, Math.max(reach(pattern.primary) + reach(pattern.secondary), 2));
  const width = 2 * half + 1;
  const height = Math.min(2 * MAX_SIDE + 1, 2 * (pattern.primary.size + (pattern.secondary?.size ?? 0)) + 3);
  const origin = { x: half, y: Math.floor(height / 2) };
  const ctx: ShapeContext = {
    width,
    height,
    origin: { cell: origin, size: 1 },
    ...(opts.range !== null ? { range: opts.range } : {}),
    self: opts.self,
  };
  const empty = { width, height, origin, primary: [], secondary: [], attack: null };
  const first = shapeSquares(ctx, pattern.primary, placementFor(pattern.primary, ctx));
  if (!first.ok) return { ...empty, reason: first.reason };
  const attack =
    first.attack === 'first-character'
      ? null
      : first.attack === 'nearest-character'
        ? first.ordered[0]!
        : first.attack;
  if (!pattern.secondary) return { ...empty, primary: first.ordered, attack };
  const from = attack ?? first.ordered.at(-1)!;
  const secCtx: ShapeContext = { width, height, origin: { cell: from, size: 1 }, self: true };
  const second = shapeSquares(secCtx, pattern.secondary, placementFor(pattern.secondary, secCtx));
  if (!second.ok)
    return { ...empty, primary: first.ordered, attack, reason: `second shape: ${second.reason}` };
  const taken = new Set(first.ordered.map((c) => `${c.x},${c.y}`));
  const secondary = second.ordered.filter((c) => !taken.has(`${c.x},${c.y}`));
  return { ...empty, primary: first.ordered, secondary, attack };
}

/** The placement a user pointing east would make for `shape` from `ctx.origin`. */
function placementFor(shape: AreaShape, ctx: ShapeContext): ShapePlacement {
  const { x, y } = ctx.origin.cell;
  const X = shape.size;
  const ranged = ctx.range !== undefined && !ctx.self;
  // Ranged shapes sit as near as they may without covering the user, but never beyond the range.
  const away = ranged ? Math.max(1, Math.min(ctx.range!, X + 1)) : X + 1;
  switch (shape.kind) {
    case 'line':
      return { kind: 'line', start: { x: x + 1, y }, direction: 'east' };
    case 'blast':
      return { kind: 'blast', center: ranged ? { x: x + away, y } : { x, y } };
    case 'close-blast':
      return { kind: 'close-blast', center: { x: x + X + 1, y } };
    case 'arc':
      return { kind: 'arc', squares: Array.from({ length: X }, (_, i) => ({ x: x + 1 + i, y })) };
    case 'cross':
      return ranged ? { kind: 'cross', center: { x: x + away, y } } : { kind: 'cross' };
  }
}
