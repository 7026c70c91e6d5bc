/**
 * The party of the combat test encounter (encounters/combat-test.json): a Ranger who shoots from
 * the hill (and can push 1 with Shield Bash) and a Sage with a ranged Blast 1, Ward, a plain effect
 * (vigor) within range 3, and Brace, an interrupt (vigor) when a foe moves next to the Sage. Shared
 * by the unit tests and the browser test.
 */
export const COMBAT_TEST_PARTY = {
  schemaVersion: 1,
  kind: 'party',
  name: 'Combat test party',
  characters: [
    {
      kind: 'pc',
      name: 'Ranger',
      health: 8,
      defense: 10,
      armor: 0,
      speed: 4,
      attackBonus: 3,
      frayDamage: 3,
      damageDie: 6,
      basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
      abilities: [
        {
          name: 'Shield Bash',
          cost: '1-action',
          tags: { attack: true },
          range: 1,
          attack: {
            kind: 'melee',
            onHit: { damage: { tier: 'fray' }, forcedMove: { kind: 'push', squares: 1 } },
          },
          description: 'A shove with the shield: push 1.',
        },
      ],
    },
    {
      kind: 'pc',
      name: 'Sage',
      health: 6,
      defense: 9,
      armor: 0,
      speed: 4,
      attackBonus: 2,
      frayDamage: 2,
      damageDie: 8,
      basicAttacks: { melee: { range: 1 }, ranged: { range: 4, damageType: 'magical' } },
      abilities: [
        {
          name: 'Fire Burst',
          cost: '2-actions',
          tags: { attack: true },
          range: 4,
          area: { primary: { kind: 'blast', size: 1 } },
          damageType: 'magical',
          attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
          areaEffect: { damage: { tier: 'fray' } },
        },
        {
          name: 'Ward',
          cost: '1-action',
          range: 3,
          effect: { vigor: 1 },
          description: 'A shimmering ward: the target gains vigor.',
        },
        {
          name: 'Brace',
          cost: 'free',
          tags: { interrupt: 1 },
          trigger: { kind: 'moves-adjacent', who: 'foe' },
          effect: { vigor: 1 },
          description: 'When a foe steps next to the Sage, the Sage braces: vigor.',
        },
      ],
    },
  ],
} as const;
