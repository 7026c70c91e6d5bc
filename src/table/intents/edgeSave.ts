import type { CellData } from '../../schema/cell';
import type { Combatant } from '../../schema/combatant';
import type { SaveRoll } from '../../rules/rollSave';
import type { EdgeSaveOutcome } from '../../rules/edgeSave';
import { edgeSave } from '../../rules/edgeSave';
import { isOutOfAction } from '../../rules/health';
import { closestNonEdgePosition, isOnEdge } from '../../grid/edges';
import type { EdgeReturn } from '../../rules/edgeReturn';
import type { OutcomeOf } from '../../schema/outcome';
import type { IntentContext } from './IntentContext';
import { intentBattlefield } from './IntentContext';
import type { Narrate, NarrationWords } from './narration';
import { plain } from './narration';

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

/** What the log says about coming back after an edge ("Edges"). */
const RETURN_NOTE: Record<EdgeReturn, string> = {
  'start-of-next-turn': 'comes back at the start of its next turn',
  'gm-discretion': 'the GM may bring it back at the start of its next turn',
  never: 'a mob: it does not come back',
};

/** "removed from play (a mob: it does not come back)": what a failed edge save means for its return. */
const removedNote = (returns: EdgeReturn) => `removed from play (${RETURN_NOTE[returns]})`;

/**
 * One end-of-turn edge save under the end-turn line: "ends on an edge: save 14 — steps back to
 * (3,4)" for the character whose turn ended (`endingId`), "Bo is on an edge: save 5 — removed
 * from play (…)" for the others.
 */
export function edgeSaveDetail(
  e: OutcomeOf<'end-turn'>['edges'][number],
  endingId: string,
  words: NarrationWords,
): string {
  const who = e.tokenId === endingId ? 'ends on an edge' : `${words.name(e.tokenId)} is on an edge`;
  // A save with nowhere to step back to removes the character as a failed one does.
  const then = e.removed || !e.to ? removedNote(e.returns) : `steps back to (${e.to.x},${e.to.y})`;
  return `${who}: save ${e.roll.total} — ${then}`;
}

/**
 * "Ana is on an edge: save 7 — removed from play (comes back at the start of its next turn)". End
 * turn writes its edge saves inside its own outcome; this words one on a line of its own.
 */
export const narrateEdgeSave: Narrate<'edge-save'> = (o, words) =>
  plain(
    `${words.name(o.combatantId)} is on an edge: save ${o.roll.total} — ` +
      (o.result === 'removed-from-play' ? removedNote(o.returns) : 'moves to the closest safe space'),
  );
