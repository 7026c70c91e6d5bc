import { fixedDice } from '../lib/dice';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import type { IncomingDamage } from './applyDamage';
import type { EffectOutcome } from './applyEffect';
import { applyEffect } from './applyEffect';

/** Whack's reach in squares ("Whack (1 action) ... in range 3"). */
export const WHACK_RANGE = 3;

/** Whack's damage ("Deal 1 physical damage as an effect"). */
export const WHACK_DAMAGE = 1;

/**
 * What a whack delivers: 1 physical damage that armor reduces like any other (golden rule: armor
 * reduces all damage unless told otherwise), or that ignores armor when the room sets
 * `whackIgnoresArmor` (docs/rules/turns.md#basic-actions).
 */
export function whackDamage(settings: Pick<RoomSettings, 'whackIgnoresArmor'>): IncomingDamage {
  return {
    amount: WHACK_DAMAGE,
    type: 'physical',
    ...(settings.whackIgnoresArmor ? { ignoresArmor: true } : {}),
  };
}

/**
 * Whack: 1 physical damage as an effect (no to-hit roll, no dice). It is not an attack, so it does
 * not use up the round's attack; armor applies unless the room says otherwise
 * (docs/rules/turns.md#basic-actions).
 */
export function resolveWhack(
  user: Combatant,
  target: Combatant,
  settings: RoomSettings,
): { outcome: EffectOutcome; target: Combatant } {
  const component = {
    damage: { tier: null, bonus: 0, boost: 0, flat: WHACK_DAMAGE },
    statuses: [],
    ongoing: false,
    blights: [],
    vigor: 0,
    heal: 0,
    removeBlights: [],
    text: '',
  };
  const delivery = {
    damageType: 'physical' as const,
    pierce: false,
    ignoresArmor: whackDamage(settings).ignoresArmor ?? false,
    ranged: false,
    cover: false,
    critical: false,
  };
  // Whack rolls nothing: dice that refuse any roll prove it.
  return applyEffect(user, target, 'effect', component, delivery, fixedDice([]), settings);
}
