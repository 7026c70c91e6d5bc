import type { Combatant } from '../../schema/combatant';
import type { Outcome } from '../../schema/outcome';
import type { CombatantState } from '../docLayout';
import type { TableChanges } from '../tableDiff';
import { diffOf } from '../tableDiff';
import type { IntentContext, Resolution } from './IntentContext';
import type { LogInput } from './IntentWrites';

/**
 * The most common resolution: the new state of each of `combatants` (a later state of the same
 * combatant wins) as the diff, and one log entry that carries the outcome.
 */
export function combatantResolution(
  ctx: IntentContext,
  outcome: Outcome,
  combatants: readonly (Combatant | CombatantState)[],
  entry: Omit<LogInput, 'outcome'>,
  /** Tokens moved by the resolution (forced movement), with their new squares. */
  cells: TableChanges['cells'] = [],
): Resolution {
  const diff = diffOf(ctx.snapshot, { combatants, cells });
  return { ok: true, outcome, diff, log: [{ ...entry, outcome }] };
}
