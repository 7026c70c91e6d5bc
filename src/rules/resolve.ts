import type { Ability } from '../schema/ability';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import { MAX_STAT } from '../schema/limits';

/** The most Resolve a combatant holds (the combatant schema's bound for counters). */
const MAX_RESOLVE = MAX_STAT * 10;

/**
 * "Limit Breaks": Resolve builds up over combat. Each player character still in the fight (not
 * dead, not surrendered) gains `resolvePerRound` when a new round begins; foes have no Limit
 * Breaks in the text and gain none (docs/rules.md "Resolve and Limit Breaks").
 */
export function gainResolve(
  combatant: Combatant,
  settings: Pick<RoomSettings, 'resolvePerRound'>,
): Combatant {
  if (combatant.statBlock.kind !== 'pc' || combatant.dead || combatant.surrendered) return combatant;
  if (settings.resolvePerRound === 0) return combatant;
  return { ...combatant, resolve: Math.min(MAX_RESOLVE, combatant.resolve + settings.resolvePerRound) };
}

/** Why a Limit Break cannot be paid for now, or null when it can (or is no Limit Break). */
export function resolveShortfall(
  combatant: Pick<Combatant, 'name' | 'resolve'>,
  ability: Pick<Ability, 'name' | 'tags'>,
): string | null {
  const cost = ability.tags.limitBreak;
  if (cost === null || combatant.resolve >= cost) return null;
  return (
    `${ability.name} is a Limit Break that costs ${cost} Resolve; ` +
    `${combatant.name} has ${combatant.resolve} (Resolve builds up each round)`
  );
}
