import type { AbilityInput } from '../../src/schema/ability';
import { AbilitySchema } from '../../src/schema/ability';
import type { Combatant } from '../../src/schema/combatant';
import { DEFAULT_ROOM_SETTINGS } from '../../src/schema/settings';
import type { RoomSettings } from '../../src/schema/settings';
import { FoeSchema, PlayerCharacterSchema } from '../../src/schema/statBlock';
import { createCombatant } from '../../src/rules/createCombatant';
import { SAMPLE_FOE, SAMPLE_PC } from '../../src/rules/samples';

/** Test stat blocks: Health 8 (max HP 32), Defense 10, Armor 1, Speed 4, +3, fray 3, d6. */
export function pc(
  id = 'pc',
  overrides: Partial<Combatant> = {},
  stats: Record<string, unknown> = {},
): Combatant {
  // The sample fighter's numbers without its abilities (tests add the ones they need).
  const statBlock = PlayerCharacterSchema.parse({
    ...SAMPLE_PC,
    name: `PC ${id}`,
    abilities: [],
    ...stats,
  });
  return { ...createCombatant(statBlock, { id }), ...overrides };
}

/** Foe: Health 6 (max HP 24), Defense 9, Armor 1, Speed 4, +3, fray 2, d6. */
export function foe(
  id = 'foe',
  overrides: Partial<Combatant> = {},
  stats: Record<string, unknown> = {},
): Combatant {
  const statBlock = FoeSchema.parse({
    ...SAMPLE_FOE,
    name: `Foe ${id}`,
    abilities: [],
    ...stats,
  });
  return { ...createCombatant(statBlock, { id }), ...overrides };
}

export function ability(input: AbilityInput) {
  return AbilitySchema.parse(input);
}

export function settings(overrides: Partial<RoomSettings> = {}): RoomSettings {
  return { ...DEFAULT_ROOM_SETTINGS, ...overrides };
}
