import { describe, expect, it } from 'vitest';
import { FoeSchema } from '../../../src/schema/statBlock';
import { findFoes } from '../../../src/ui/encounterBuilder/FoePicker';
import type { PlaceableFoe } from '../../../src/ui/placing/placingState';

const foe = (name: string, template: string, group = 'Starter set'): PlaceableFoe => ({
  key: `${group}:${name}`,
  name,
  group,
  statBlock: FoeSchema.parse({
    kind: 'foe',
    name,
    template,
    health: 4,
    defense: 7,
    speed: 4,
    attackBonus: 1,
    frayDamage: 2,
    damageDie: 6,
  }),
});

describe('finding a foe for the encounter builder', () => {
  const foes = [
    foe('Ash Hound', 'normal'),
    foe('Quarry Brute', 'elite'),
    foe('Ash Hound', 'normal', 'Your library'),
  ];

  it('matches the name in any case, and the template when one is chosen', () => {
    expect(findFoes(foes, ' ash ', '').map((f) => f.key)).toEqual([
      'Starter set:Ash Hound',
      'Your library:Ash Hound',
    ]);
    expect(findFoes(foes, '', 'elite').map((f) => f.name)).toEqual(['Quarry Brute']);
    expect(findFoes(foes, 'hound', 'elite')).toEqual([]);
    expect(findFoes(foes, '', '')).toHaveLength(3);
  });
});
