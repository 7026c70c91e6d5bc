import type { Combatant } from '../../schema/combatant';
import type { Outcome } from '../../schema/outcome';
import type { CombatantState } from '../docLayout';
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
): Resolution {
  return { ok: true, outcome, diff: diffOf(ctx.snapshot, { combatants }), log: [{ ...entry, outcome }] };
}
