import type { CellData } from '../../schema/cell';
import { TERRAIN_CODES } from '../../schema/map';
import type { SaveRoll } from '../../rules/rollSave';
import { rollSave } from '../../rules/rollSave';
import { footprintsOverlap } from '../../grid/battlefield';
import type { TokenView } from '../snapshot';
import type { IntentContext } from './IntentContext';
import { nearestPosition } from '../nearestPosition';

export interface EdgeSave {
  roll: SaveRoll;
  /** Where the token goes on a success (closest free non-edge position); null = none found. */
  to: CellData | null;
  /** Failed (or nowhere to go): the character leaves play until the GM brings it back. */
  removed: boolean;
}

/**
 * "Edges": a character that ends its turn with any square on an edge space saves; on a success
 * it moves to the closest non-edge space, on a failure it is removed from play (the GM hides or
 * removes the token; PCs come back at the start of their next turn). Null when not on an edge.
 */
export function edgeSave(ctx: IntentContext, token: TokenView): EdgeSave | null {
  const map = ctx.snapshot.map;
  if (!map) return null;
  const onEdge = token.footprint.some((c) => map.cells[c.y]?.[c.x] === TERRAIN_CODES.edge);
  if (!onEdge) return null;
  const roll = rollSave([], ctx.dice);
  if (!roll.success) return { roll, to: null, removed: true };
  const others = ctx.snapshot.tokens.filter((t) => !t.hidden && t.id !== token.id && t.combatant);
  const fits = (at: CellData) => {
    for (let dy = 0; dy < token.size; dy++) {
      for (let dx = 0; dx < token.size; dx++) {
        const code = map.cells[at.y + dy]?.[at.x + dx];
        if (code === undefined || code === TERRAIN_CODES.edge || code === TERRAIN_CODES.impassable)
          return false;
      }
    }
    return !others.some((o) => footprintsOverlap(at, token.size, o.cell, o.size));
  };
  const to = nearestPosition(map.width, map.height, token.cell, fits);
  return to ? { roll, to, removed: false } : { roll, to: null, removed: true };
}
