import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import type { BlightId } from '../schema/status';
import { BLIGHT_IDS } from '../schema/status';
import type { DamageApplication } from './applyDamage';
import { applyDamage } from './applyDamage';
import type { Refusal } from './health';

/** Adds a blight kind (each kind at most once, so at most four). Defeated characters are immune. */
export function applyBlight(
  target: Combatant,
  blight: BlightId,
): { ok: true; combatant: Combatant } | Refusal {
  if (!BLIGHT_IDS.includes(blight)) return { ok: false, reason: `unknown blight "${String(blight)}"` };
  if (target.defeated || target.dead)
    return { ok: false, reason: `${target.name} is defeated and immune to effects` };
  if (target.blights.includes(blight)) return { ok: true, combatant: target };
  return { ok: true, combatant: { ...target, blights: [...target.blights, blight] } };
}

/** Removes a blight: only abilities (or the GM) do this; saves never do. */
export function removeBlight(target: Combatant, blight: BlightId): Combatant {
  return { ...target, blights: target.blights.filter((b) => b !== blight) };
}

/**
 * Start-of-turn blight damage ("Blights"): 1 per blight kind, ignoring armor (and resistance), never
 * taking HP below `blightFloorHp` (1). Vigor soaks it as usual (docs/rules/statuses.md#blights). Null when
 * the combatant has no blights.
 */
export function startOfTurnBlights(
  combatant: Combatant,
  settings: Pick<RoomSettings, 'damageOrder' | 'resistanceStacks' | 'blightFloorHp'>,
): DamageApplication | null {
  if (combatant.blights.length === 0) return null;
  return applyDamage(
    combatant,
    {
      amount: combatant.blights.length,
      type: 'physical',
      ignoresArmor: true,
      ignoresResistance: true,
      floorHp: settings.blightFloorHp,
    },
    settings,
  );
}
