import type { Combatant } from '../../schema/combatant';
import { occupantById } from '../../grid/battlefield';
import { swapPlaces } from '../../grid/swapPlaces';
import type { IntentContext } from './IntentContext';
import type { ForcedMoves } from './forcedMoves';
import { notMoved } from './forcedMoves';

/**
 * "Swap places" (an ability component's `swapPlaces`, docs/rules/movement.md "Swapping places"):
 * after the damage the user and the receiver trade spaces (src/grid/swapPlaces.ts says whether
 * they can, and the sentence), on the battlefield the ability's moves follow.
 */
export function swapByComponent(
  ctx: IntentContext,
  state: ForcedMoves,
  o: { sourceId: string; target: Combatant },
): void {
  if (o.target.id === o.sourceId) return;
  const nameOf = (id: string) => ctx.snapshot.tokensById[id]?.name ?? id;
  // The receiver as the resolution left it (an incapacitating hit counts), on the moving battlefield.
  const bf = {
    ...state.bf,
    occupants: state.bf.occupants.map((c) =>
      c.id === o.target.id ? { ...c, incapacitated: o.target.incapacitated } : c,
    ),
  };
  const swap = swapPlaces(bf, o.sourceId, o.target.id, nameOf);
  if (!swap.ok) return notMoved(state, o.target.id, swap.text);
  const user = occupantById(bf, o.sourceId);
  const target = occupantById(bf, o.target.id);
  state.bf = swap.battlefield;
  state.cells.push({ tokenId: user.id, cell: target.cell }, { tokenId: target.id, cell: user.cell });
  state.outcomes.push({
    kind: 'swap-places',
    userId: user.id,
    targetId: target.id,
    userFrom: { x: user.cell.x, y: user.cell.y },
    targetFrom: { x: target.cell.x, y: target.cell.y },
    text: swap.text,
  });
}
