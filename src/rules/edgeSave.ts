import type { Dice } from '../lib/dice';
import type { Combatant } from '../schema/combatant';
import type { StatusCatalog } from '../schema/status';
import type { OutcomeOf } from '../schema/outcome';
import { rollSave } from './rollSave';
import { statusSaveModifiers } from './statuses';
import { edgeReturnOf } from './edgeReturn';

/** What an edge save decided (a success moves it to the closest non-edge space: src/grid closestNonEdgePosition). */
export type EdgeSaveOutcome = OutcomeOf<'edge-save'>;

/**
 * Edges ("Other bits: Edges"): a character that ends any turn (its own or another's) on an edge
 * space rolls a save; success moves it to the closest non-edge space, failure removes it from
 * play. A PC comes back at the start of its next turn as close as possible to where it left;
 * foes other than mobs and NPCs may come back at the GM's discretion; mobs do not.
 * Statuses that curse or boon saves count. Dice order: d20, then the boon/curse d6s.
 */
export function edgeSave(combatant: Combatant, catalog: StatusCatalog, dice: Dice): EdgeSaveOutcome {
  const roll = rollSave(statusSaveModifiers(combatant, catalog), dice);
  const returns = edgeReturnOf(combatant);
  return {
    kind: 'edge-save',
    combatantId: combatant.id,
    roll,
    result: roll.success ? 'moves-to-closest-safe-space' : 'removed-from-play',
    returns,
  };
}
