import type { Dice } from '../lib/dice';
import type { RollModifier } from '../schema/modifier';

/**
 * Boons minus curses: they cancel one for one ("Boons and curses"). Positive = net boons,
 * negative = net curses.
 */
export function netBoons(modifiers: readonly RollModifier[]): number {
  let net = 0;
  for (const modifier of modifiers) net += modifier.kind === 'boon' ? modifier.count : -modifier.count;
  return net;
}

/** The boon/curse part of a roll: each d6 rolled and the signed amount added to the d20. */
export interface BoonCurseRoll {
  /** Positive = net boons, negative = net curses, 0 = none. */
  net: number;
  /** One d6 per net boon or curse, in roll order. */
  d6: number[];
  /** +highest d6 for boons, −highest for curses, 0 when none. */
  value: number;
}

/** Rolls one d6 per net boon/curse and adds (boons) or subtracts (curses) the highest. */
export function rollBoonsCurses(net: number, dice: Dice): BoonCurseRoll {
  const count = Math.abs(net);
  const d6 = Array.from({ length: count }, () => dice.roll(6));
  if (count === 0) return { net, d6, value: 0 };
  const highest = Math.max(...d6);
  return { net, d6, value: net > 0 ? highest : -highest };
}
