import type { Combatant } from '../../schema/combatant';
import { occupantById } from '../../grid/battlefield';
import type { IntentContext } from './IntentContext';
import type { ForcedMoves } from './forcedMoves';
import { say } from './forcedMoves';

/**
 * "Swap places" (an ability component's `swapPlaces`, docs/rules/movement.md "Swapping places"):
 * after the damage the user and the receiver trade spaces, with no path in between (nothing on
 * the way matters, and neither falls: each lands on a space a character of its size stood on).
 * Characters of different sizes, and a receiver out of the fight, stay where they are.
 */
export function swapByComponent(
  ctx: IntentContext,
  state: ForcedMoves,
  o: { sourceId: string; target: Combatant },
): void {
  if (o.target.id === o.sourceId) return;
  const nameOf = (id: string) => ctx.snapshot.tokensById[id]?.name ?? id;
  const [userName, name] = [nameOf(o.sourceId), nameOf(o.target.id)];
  if (o.target.incapacitated) return say(state, `${name} is out of the fight and does not swap places`);
  const user = occupantById(state.bf, o.sourceId);
  const target = occupantById(state.bf, o.target.id);
  if (user.size !== target.size)
    return say(state, `${userName} and ${name} do not swap places: they are not the same size`);
  state.bf = {
    ...state.bf,
    occupants: state.bf.occupants.map((c) =>
      c.id === user.id ? { ...c, cell: target.cell } : c.id === target.id ? { ...c, cell: user.cell } : c,
    ),
  };
  state.cells.push({ tokenId: user.id, cell: target.cell }, { tokenId: target.id, cell: user.cell });
  const text = `${userName} and ${name} swap places`;
  say(state, text);
  state.outcomes.push({
    kind: 'swap-places',
    userId: user.id,
    targetId: target.id,
    userFrom: { x: user.cell.x, y: user.cell.y },
    targetFrom: { x: target.cell.x, y: target.cell.y },
    text,
  });
}
