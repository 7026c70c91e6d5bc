import type { Dice } from '../lib/dice';
import type { BoonCurseRoll } from '../schema/rollRecord';
import type { RollModifier } from '../schema/modifier';

export type { BoonCurseRoll };

/**
 * Boons minus curses: they cancel one for one ("Boons and curses"). Positive = net boons,
 * negative = net curses.
 */
export function netBoons(modifiers: readonly RollModifier[]): number {
  let net = 0;
  for (const modifier of modifiers) net += modifier.kind === 'boon' ? modifier.count : -modifier.count;
  return net;
}

/** Rolls one d6 per net boon/curse and adds (boons) or subtracts (curses) the highest. */
export function rollBoonsCurses(net: number, dice: Dice): BoonCurseRoll {
  const count = Math.abs(net);
  const d6 = Array.from({ length: count }, () => dice.roll(6));
  if (count === 0) return { net, d6, value: 0 };
  const highest = Math.max(...d6);
  return { net, d6, value: net > 0 ? highest : -highest };
}
