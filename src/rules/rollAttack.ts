import type { Dice } from '../lib/dice';
import type { AttackRoll } from '../schema/rollRecord';
import type { RollModifier } from '../schema/modifier';
import type { RoomSettings } from '../schema/settings';
import { netBoons, rollBoonsCurses } from './boonsCurses';

export type { AttackRoll };

/** A total at or above this is a critical hit ("Attack rolls"). */
export const CRITICAL_TOTAL = 20;

/**
 * Attack roll: 1d20 + attack bonus ± boons/curses; hit on total ≥ Defense, critical on total ≥ 20.
 * A critical also hits when Defense is above 20 unless the room turns `criticalAlwaysHits` off
 * (docs/rules/rolls-and-damage.md#rolls). Dice order: d20, then the boon/curse d6s.
 */
export function rollAttack(
  input: { attackBonus: number; defense: number; modifiers: readonly RollModifier[] },
  dice: Dice,
  settings: Pick<RoomSettings, 'criticalAlwaysHits'>,
): AttackRoll {
  const d20 = dice.roll(20);
  const boonsCurses = rollBoonsCurses(netBoons(input.modifiers), dice);
  const total = d20 + input.attackBonus + boonsCurses.value;
  const reachesDefense = total >= input.defense;
  const critical = total >= CRITICAL_TOTAL && (reachesDefense || settings.criticalAlwaysHits);
  return {
    d20,
    attackBonus: input.attackBonus,
    modifiers: [...input.modifiers],
    boonsCurses,
    total,
    defense: input.defense,
    hit: reachesDefense || critical,
    critical,
  };
}
