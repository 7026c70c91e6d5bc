import type { CellData } from '../../schema/cell';
import type { ShapeContext } from './shapeSquares';

/** The listed range at square `c`, with the height bonus when it applies. */
export function rangeAt(ctx: ShapeContext, c: CellData): number {
  return ctx.range! + (ctx.heightBonus?.at(c) ?? 0);
}

/** "(4,2) is 4 squares away; range is 3" (+ " + 1 for height = 4" when the bonus counts). */
export function outOfRange(ctx: ShapeContext, what: string, c: CellData, d: number): string {
  const bonus = ctx.heightBonus?.at(c) ?? 0;
  const range = bonus > 0 ? `${ctx.range} + ${bonus} for height = ${ctx.range! + bonus}` : `${ctx.range}`;
  return `${what} (${c.x},${c.y}) is ${d} squares away; range is ${range}`;
}
