import type { Foe, PlayerCharacter } from '../schema/statBlock';
import { FoeSchema, PlayerCharacterSchema } from '../schema/statBlock';

/** A sample fighter for demos and tests (our own numbers, not from a rulebook). */
export const SAMPLE_PC: PlayerCharacter = PlayerCharacterSchema.parse({
  kind: 'pc',
  name: 'Brannoc',
  health: 8,
  defense: 10,
  armor: 1,
  speed: 4,
  attackBonus: 3,
  frayDamage: 3,
  damageDie: 6,
  basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
  abilities: [
    {
      name: 'Cleave',
      cost: '2-actions',
      tags: { attack: true },
      range: 1,
      attack: {
        kind: 'melee',
        onHit: { damage: { tier: 'heavy', bonus: 1 } },
        onMiss: { damage: { tier: 'fray' } },
      },
      description: 'A wide, heavy swing.',
    },
    {
      name: 'Rally',
      cost: '1-action',
      range: 3,
      effect: { vigor: 1, text: 'An ally in range gains vigor.' },
    },
    {
      name: 'Riposte',
      cost: 'free',
      tags: { interrupt: 1 },
      trigger: 'An adjacent foe misses you with a melee attack.',
      effect: { damage: { tier: 'fray' }, text: 'Strike back at the attacker.' },
    },
  ],
});

/** A sample foe for demos and tests. */
export const SAMPLE_FOE: Foe = FoeSchema.parse({
  kind: 'foe',
  name: 'Bandit Cutthroat',
  health: 6,
  defense: 9,
  armor: 1,
  speed: 4,
  attackBonus: 3,
  frayDamage: 2,
  damageDie: 6,
  abilities: [
    {
      name: 'Dirty Knife',
      cost: '1-action',
      tags: { attack: true },
      range: 1,
      attack: { kind: 'melee', onHit: { damage: { tier: 'light' }, statuses: ['weakened'] } },
    },
    {
      name: 'Boot',
      cost: '1-action',
      tags: { attack: true },
      range: 1,
      // Forced movement as data (docs/rules.md "Forced movement"): pushed 1 square on a hit.
      attack: {
        kind: 'melee',
        onHit: { damage: { tier: 'fray' }, forcedMove: { kind: 'push', squares: 1 } },
      },
    },
    {
      name: 'Crossbow',
      cost: '2-actions',
      tags: { attack: true, pierce: true },
      range: 6,
      attack: { kind: 'ranged', onHit: { damage: { tier: 'heavy' } }, onMiss: { damage: { tier: 'fray' } } },
    },
  ],
});
