import { describe, expect, it } from 'vitest';
import { AbilitySchema } from '../../../src/schema/ability';
import { StatBlockSchema } from '../../../src/schema/statBlock';
import {
  keywordsFromText,
  moveItem,
  newAbility,
  newStatBlock,
  textFromKeywords,
  toggled,
} from '../../../src/ui/editors/drafts';

describe('editor drafts ↔ schema values', () => {
  it('a saved stat block opens and saves back unchanged', () => {
    const saved = StatBlockSchema.parse({
      ...newStatBlock('foe', 'Brute'),
      resistances: ['magical'],
      abilities: [newAbility('Club')],
    });
    expect(StatBlockSchema.parse(structuredClone(saved))).toEqual(saved);
  });

  it('the common case is a 1-action melee attack dealing light damage', () => {
    const a = AbilitySchema.parse(newAbility('Strike'));
    expect(a).toMatchObject({
      cost: '1-action',
      range: 1,
      tags: { attack: true },
      attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
    });
  });

  it('keywords are typed as one line, split on commas, blanks dropped', () => {
    expect(keywordsFromText(' mark, delay ,, stance ')).toEqual(['mark', 'delay', 'stance']);
    expect(textFromKeywords(['mark', 'delay'])).toBe('mark, delay');
  });

  it('moving an item up or down swaps it with its neighbour; past the ends nothing moves', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('toggled adds a missing item and removes a present one, keeping the order of the choices', () => {
    expect(toggled(['burning'], 'poisoned', true)).toEqual(['burning', 'poisoned']);
    expect(toggled(['burning', 'poisoned'], 'burning', false)).toEqual(['poisoned']);
  });
});
