import type { Combatant } from '../../schema/combatant';
import type { CombatantState } from '../docLayout';
import type { Resolution } from './IntentContext';
import type { LogInput } from './IntentWrites';

/**
 * The most common resolution: store the new state of each of `combatants` (in order: the user's
 * spent actions before the target's damage) and log one entry that carries the outcome.
 */
export function combatantResolution(
  outcome: unknown,
  combatants: readonly (Combatant | CombatantState)[],
  entry: Omit<LogInput, 'outcome'>,
): Resolution {
  return {
    ok: true,
    outcome,
    commit(w) {
      for (const combatant of combatants) w.setCombatant(combatant);
      w.log({ ...entry, outcome });
    },
  };
}
