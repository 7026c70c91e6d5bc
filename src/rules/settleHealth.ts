import type { Combatant } from '../schema/combatant';
import { defeat } from './health';

/**
 * "When a character is reduced to 0 HP, they are defeated" (rulebook: Victory and defeat), whatever
 * wrote the HP: damage, the GM's adjust-hp, a GM edit of the numbers (docs/rules/health-and-defeat.md#defeat-by-any-path).
 * `after` is the state as written; a character it leaves at 0 HP, not yet defeated or dead, is
 * defeated exactly as damage defeats (a PC's wound, or death at a fourth). When the same write
 * also set the wounds, the number written stands: the writer has counted the wound already.
 */
export function settleHealth(before: Combatant, after: Combatant): Combatant {
  if (after.hp > 0 || after.defeated || after.dead) return after;
  const defeated = defeat(after).combatant;
  return after.wounds !== before.wounds ? { ...defeated, wounds: after.wounds, dead: false } : defeated;
}

/** What a settled write did, for the log line: "defeated and takes a wound", "dies", "defeated", or nothing. */
type Standing = Pick<Combatant, 'dead' | 'defeated' | 'wounds'>;

export function defeatWords(before: Standing, after: Standing): string | null {
  if (after.dead && !before.dead) return 'dies (a fourth wound)';
  if (!after.defeated || before.defeated) return null;
  return after.wounds > before.wounds ? 'defeated and takes a wound' : 'defeated';
}
