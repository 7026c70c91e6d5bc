import { fixedDice } from '../lib/dice';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import type { EffectOutcome } from './applyEffect';
import { applyEffect } from './applyEffect';

/** Whack's reach in squares ("Whack (1 action) ... in range 3"). */
export const WHACK_RANGE = 3;

/**
 * Whack: 1 physical damage as an effect (no to-hit roll, no dice). It is not an attack, so it does
 * not use up the round's attack; armor still applies (docs/rules.md#basic-actions).
 */
export function resolveWhack(
  user: Combatant,
  target: Combatant,
  settings: RoomSettings,
): { outcome: EffectOutcome; target: Combatant } {
  const component = {
    damage: { tier: null, bonus: 0, boost: 0, flat: 1 },
    statuses: [],
    ongoing: false,
    blights: [],
    vigor: 0,
    text: '',
  };
  const delivery = {
    damageType: 'physical' as const,
    pierce: false,
    ranged: false,
    cover: false,
    critical: false,
  };
  // Whack rolls nothing: dice that refuse any roll prove it.
  return applyEffect(user, target, 'effect', component, delivery, fixedDice([]), settings);
}
