import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';

export { startExpedition } from './health';

/**
 * An interlude between fights ("Wound": wounds are recovered only during interludes): a living
 * player character heals up to `woundsPerInterlude` wounds (all of them by default). HP is not
 * restored (elixirs do that) and elixirs wait for the next expedition (docs/rules.md "Between fights").
 */
export function interlude(
  combatant: Combatant,
  settings: Pick<RoomSettings, 'woundsPerInterlude'>,
): { combatant: Combatant; woundsHealed: number } {
  if (combatant.statBlock.kind !== 'pc' || combatant.dead) return { combatant, woundsHealed: 0 };
  const woundsHealed = Math.min(combatant.wounds, settings.woundsPerInterlude);
  return { combatant: { ...combatant, wounds: combatant.wounds - woundsHealed }, woundsHealed };
}
