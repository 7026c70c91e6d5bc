import type { CharacterSheet, CharacterSheetInput } from '../../src/schema/characterSheet';
import { CharacterSheetSchema } from '../../src/schema/characterSheet';
import type { PlayerCharacter } from '../../src/schema/statBlock';
import { PlayerCharacterSchema } from '../../src/schema/statBlock';

/** A plain one-action ability called `name` (no attack: the sheet rules do not care what it does). */
export function plainAbility(name: string) {
  return { name, cost: '1-action' as const, description: `${name} (test)` };
}

export const GUARD_STATS = {
  health: 10,
  defense: 7,
  armor: 2,
  speed: 4,
  attackBonus: 2,
  frayDamage: 3,
  damageDie: 6 as const,
  basicAttacks: { melee: { range: 1 }, ranged: { range: 3 } },
};

export const SCOUT_STATS = {
  ...GUARD_STATS,
  health: 8,
  defense: 10,
  armor: 0,
  speed: 5,
  attackBonus: 3,
};

/**
 * Two jobs of two classes: Shieldbearer (class Warden) and Pathfinder (class Rover). `learned`
 * lists abilities as [name, class, active]; Warden ones come from Shieldbearer, Rover ones from
 * Pathfinder.
 */
export function sheet(
  overrides: Partial<CharacterSheetInput> = {},
  learned: [string, 'Warden' | 'Rover', boolean][] = [],
): CharacterSheet {
  return CharacterSheetSchema.parse({
    level: 1,
    jobs: [
      {
        name: 'Shieldbearer',
        class: 'Warden',
        stats: GUARD_STATS,
        traits: [{ name: 'Steady', text: 'Hard to move.' }],
        limitBreak: {
          ...plainAbility('Last Wall'),
          cost: '2-actions',
          tags: { limitBreak: 3 },
        },
      },
      {
        name: 'Pathfinder',
        class: 'Rover',
        stats: SCOUT_STATS,
        traits: [{ name: 'Light Step', text: 'Moves well.' }],
        limitBreak: { ...plainAbility('Long Run'), tags: { limitBreak: 2 } },
      },
    ],
    currentJob: 'Shieldbearer',
    abilities: learned.map(([name, cls, active]) => ({
      ability: plainAbility(name),
      job: cls === 'Warden' ? 'Shieldbearer' : 'Pathfinder',
      class: cls,
      active,
    })),
    ...overrides,
  });
}

/** A character called Maren with `s` as its sheet (stats from the sheet's current job). */
export function withSheet(s: CharacterSheet, name = 'Maren'): PlayerCharacter {
  const job = s.jobs.find((j) => j.name === s.currentJob) ?? s.jobs[0]!;
  return PlayerCharacterSchema.parse({ kind: 'pc', name, ...job.stats, sheet: s });
}

/** `n` active Warden abilities "Guard 1" … "Guard n". */
export function wardenAbilities(n: number, active = true): [string, 'Warden', boolean][] {
  return Array.from({ length: n }, (_, i) => [`Guard ${i + 1}`, 'Warden', active]);
}
