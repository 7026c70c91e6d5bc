import type { Dice } from '../lib/dice';
import type { SaveRoll } from '../schema/rollRecord';
import type { RollModifier } from '../schema/modifier';
import { netBoons, rollBoonsCurses } from './boonsCurses';

export type { SaveRoll };

/** A save succeeds on this total or more ("Save rolls"). */
export const SAVE_TARGET = 10;

/** Save roll: 1d20 ± boons/curses, success on 10+. Dice order: d20, then the boon/curse d6s. */
export function rollSave(modifiers: readonly RollModifier[], dice: Dice): SaveRoll {
  const d20 = dice.roll(20);
  const boonsCurses = rollBoonsCurses(netBoons(modifiers), dice);
  const total = d20 + boonsCurses.value;
  return { d20, modifiers: [...modifiers], boonsCurses, total, success: total >= SAVE_TARGET };
}
