import type { CellData } from '../../schema/cell';
import type { Combatant } from '../../schema/combatant';
import type { SaveRoll } from '../../rules/rollSave';
import type { EdgeSaveOutcome } from '../../rules/edgeSave';
import { edgeSave } from '../../rules/edgeSave';
import { isOutOfAction } from '../../rules/health';
import { closestNonEdgePosition, isOnEdge } from '../../grid/edges';
import type { IntentContext } from './IntentContext';
import { intentBattlefield } from './IntentContext';

export interface EdgeSave {
  tokenId: string;
  roll: SaveRoll;
  /** Where the token goes on a success (closest free non-edge position); null = none found. */
  to: CellData | null;
  /** Failed (or nowhere to go): the character leaves play until the GM brings it back. */
  removed: boolean;
  /** Who may come back after a removal, and when (rules engine `edgeSave`). */
  returns: EdgeSaveOutcome['returns'];
}

/**
 * "Edges": at the end of ANY turn, every character with a square on an edge space saves (the
 * rules engine's `edgeSave`, so statuses that boon or curse saves count); success moves it to the
 * closest free non-edge position (src/grid `closestNonEdgePosition`), failure removes it from play
 * (the GM hides or removes the token). `fighters` are the states after the ending turn's status
 * saves; the character whose turn ended saves first, then the others in token order. Characters
 * out of action (defeated, incapacitated, surrendered) are left to the GM. Each success moves the
 * token before the next save, so two savers never land on the same square.
 */
export function endOfTurnEdgeSaves(
  ctx: IntentContext,
  fighters: readonly Combatant[],
  firstId: string,
): EdgeSave[] {
  let bf = intentBattlefield(ctx);
  const ordered = [...fighters].sort((a, b) => Number(b.id === firstId) - Number(a.id === firstId));
  const saves: EdgeSave[] = [];
  for (const combatant of ordered) {
    if (isOutOfAction(combatant) || !bf.occupants.some((o) => o.id === combatant.id)) continue;
    // Already removed from play by an earlier edge: it waits to come back, it does not save again.
    if (combatant.removedFromPlay) continue;
    if (!isOnEdge(bf, combatant.id)) continue;
    const outcome = edgeSave(combatant, ctx.snapshot.statusCatalog, ctx.dice);
    const to = outcome.roll.success ? closestNonEdgePosition(bf, combatant.id) : null;
    if (to) {
      const moved = bf.occupants.map((o) => (o.id === combatant.id ? { ...o, cell: to } : o));
      bf = { ...bf, occupants: moved };
    }
    saves.push({
      tokenId: combatant.id,
      roll: outcome.roll,
      to: to ? { x: to.x, y: to.y } : null,
      removed: !to,
      returns: outcome.returns,
    });
  }
  return saves;
}
