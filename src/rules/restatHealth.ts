import type { RoomSettings } from '../schema/settings';

/** The parts of a combatant's state a change of Health moves. */
interface HealthState {
  hp: number;
  vigor: number;
  wounds: number;
  defeated: boolean;
}

/**
 * The GM changed a character's Health mid-fight (the stat block editor): max HP is 4 × Health
 * less one Health per wound ("Hit Points"), so the HP it had must follow. Interpretation
 * (docs/rules.md "Changing a stat block in play"): the damage already taken stays taken, a standing
 * character keeps at least 1 HP (an edit is not an attack), a defeated one stays at 0, and vigor is
 * kept up to the new max vigor.
 */
export function restatHealth<S extends HealthState>(
  state: S,
  oldHealth: number,
  newHealth: number,
  settings: Pick<RoomSettings, 'maxVigorHealthMultiple'>,
): S {
  if (oldHealth === newHealth) return state;
  const maxAt = (health: number) => Math.max(0, (4 - state.wounds) * health);
  const taken = Math.max(0, maxAt(oldHealth) - state.hp);
  const newMax = maxAt(newHealth);
  const floor = state.defeated || state.hp <= 0 ? 0 : Math.min(1, newMax);
  const hp = state.defeated ? 0 : Math.min(newMax, Math.max(floor, newMax - taken));
  const maxVigor = Math.max(0, (settings.maxVigorHealthMultiple - state.wounds) * newHealth);
  return { ...state, hp, vigor: Math.min(state.vigor, maxVigor) };
}
