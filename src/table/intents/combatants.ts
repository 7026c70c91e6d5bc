import type { Combatant } from '../../schema/combatant';
import { combatantOf } from '../snapshot';
import type { IntentContext } from './IntentContext';

/**
 * The combatants in the fight: revealed tokens with state and stats. Unrevealed (hidden) foes are
 * not in the turn order until the GM reveals them (docs/table.md "Hidden tokens and turns"); one
 * fog of war keeps from players (`outOfSight`) is revealed, and fights.
 */
export function fightingCombatants(ctx: IntentContext): Combatant[] {
  return ctx.snapshot.tokens
    .filter((t) => (!t.hidden || t.outOfSight !== undefined) && t.combatant)
    .map((t) => combatantOf(t))
    .filter((c): c is Combatant => c !== null);
}

export function nameOf(ctx: IntentContext, id: string | null): string {
  return (id && ctx.snapshot.tokensById[id]?.name) || id || 'nobody';
}
