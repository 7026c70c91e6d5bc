import type { CellData } from '../schema/cell';
import type { Combatant } from '../schema/combatant';

/** Who may come back after an edge removed them, and when ("Edges"). */
export type EdgeReturn = NonNullable<Combatant['removedFromPlay']>['returns'];

/**
 * "Edges": player characters return at the start of their next turn; foes other than mobs (and
 * NPCs) at the start of their next turn at the GM's discretion; mobs never.
 */
export function edgeReturnOf(combatant: Pick<Combatant, 'statBlock'>): EdgeReturn {
  const sb = combatant.statBlock;
  return sb.kind === 'pc' ? 'start-of-next-turn' : sb.template === 'mob' ? 'never' : 'gm-discretion';
}

/**
 * A failed edge save: the character leaves play from `cell` (where it comes back near). A mob never
 * comes back, so it is also out of the fight for good (defeated, no wound): the round and the
 * combat do not wait for it (docs/rules.md "Edges").
 */
export function removeByEdge(combatant: Combatant, cell: CellData): Combatant {
  const returns = edgeReturnOf(combatant);
  return {
    ...combatant,
    removedFromPlay: { cell: { x: cell.x, y: cell.y }, returns },
    slowTurn: false,
    ...(returns === 'never' ? { defeated: true, incapacitated: true } : {}),
  };
}

/** Who asks, and where in the turn we are. */
export interface EdgeReturnContext {
  byGm: boolean;
  inCombat: boolean;
  /** It is the returning character's turn. */
  onOwnTurn: boolean;
  /** It has already moved or acted this turn. */
  turnUsed: boolean;
}

/**
 * Why the character cannot come back now, or null when it can. In combat both PCs and foes come
 * back only at the start of their own turn, before moving or acting (docs/rules.md "Edges"); out
 * of combat there are no turns and the GM (or the PC's player) brings it back at once.
 */
export function checkEdgeReturn(combatant: Combatant, context: EdgeReturnContext): string | null {
  const removed = combatant.removedFromPlay;
  if (!removed) return `${combatant.name} is in play`;
  if (removed.returns === 'never')
    return `${combatant.name} is a mob: mobs removed by an edge do not come back`;
  if (removed.returns === 'gm-discretion' && !context.byGm)
    return `only the GM brings back ${combatant.name}`;
  if (!context.inCombat) return null;
  if (!context.onOwnTurn) return `${combatant.name} comes back at the start of its next turn`;
  if (context.turnUsed) {
    return `${combatant.name} can only come back at the start of its turn, before moving or acting`;
  }
  return null;
}

/** Back in play. */
export function returnToPlay(combatant: Combatant): Combatant {
  return { ...combatant, removedFromPlay: null };
}
