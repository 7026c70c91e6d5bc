import { describe, expect, it } from 'vitest';
import { AbilitySchema } from '../../../src/schema/ability';
import { StatBlockSchema } from '../../../src/schema/statBlock';
import { problemsOf, subProblems } from '../../../src/ui/editors/fieldProblems';
import { newAbility, newStatBlock } from '../../../src/ui/editors/drafts';

const foe = () => newStatBlock('foe', 'Ogre');

describe('problemsOf: each problem names its field and what it expects, never a path or schema text', () => {
  it('a new foe, character and ability are valid as they are', () => {
    expect(problemsOf(StatBlockSchema, foe()).ok).toBe(true);
    expect(problemsOf(StatBlockSchema, newStatBlock('character', 'Ada')).ok).toBe(true);
    expect(problemsOf(AbilitySchema, newAbility('Strike')).ok).toBe(true);
  });

  it('numbers say they want a whole number and the bound broken', () => {
    const r = problemsOf(StatBlockSchema, { ...foe(), health: 0, defense: 10_000, speed: 1.5 });
    expect(r.ok).toBe(false);
    expect(r.problems.get('health')).toBe('Health: a whole number, at least 1');
    expect(r.problems.get('defense')).toBe('Defense: a whole number, at most 9,999');
    expect(r.problems.get('speed')).toBe('Speed: a whole number');
  });

  it('an empty number box says what belongs in it', () => {
    const r = problemsOf(StatBlockSchema, { ...foe(), attackBonus: Number.NaN, frayDamage: -1 });
    expect(r.problems.get('attackBonus')).toBe('Attack bonus: a whole number');
    expect(r.problems.get('frayDamage')).toBe('Fray damage: a whole number, at least 0');
  });

  it('list items are counted from 1 and named as people read them', () => {
    const r = problemsOf(StatBlockSchema, {
      ...foe(),
      name: '',
      traits: [
        { name: 'Tough', text: '' },
        { name: '', text: 'x' },
      ],
    });
    expect(r.problems.get('name')).toBe('Name: cannot be empty');
    expect(r.problems.get('traits.1.name')).toBe('Trait 2 name: cannot be empty');
    expect([...r.problems.values()].join(' ')).not.toMatch(/traits\.|\[|onHit|expected/);
  });

  it('ability parts: damage, limits and the rules the schema checks across fields', () => {
    const bad = {
      ...newAbility('Smash'),
      tags: { attack: true, pierce: false, interrupt: 2, limited: null, limitBreak: null, keywords: [] },
      attack: undefined,
      range: 300,
    };
    const r = problemsOf(AbilitySchema, bad);
    expect(r.problems.get('range')).toBe('Range: a range is at most 200 squares (the largest map side)');
    expect(r.problems.get('attack')).toBe('Attack roll: an ability with the attack tag needs an attack roll');
    expect(r.problems.get('trigger')).toBe('Trigger: an interrupt needs a trigger');
    const withBonus = newAbility('Smash');
    withBonus.attack!.onHit.damage!.bonus = 40;
    expect(problemsOf(AbilitySchema, withBonus).problems.get('attack.onHit.damage.bonus')).toBe(
      'On hit bonus dice: a whole number, at most 12 bonus dice',
    );
  });

  it('subProblems hands a nested editor its own part, keyed from there', () => {
    const r = problemsOf(StatBlockSchema, { ...foe(), abilities: [{ ...newAbility('A'), range: -1 }] });
    const mine = subProblems(r.problems, 'abilities.0');
    expect(mine.get('range')).toMatch(/^Ability 1 range: a whole number, at least 0$/);
  });
});
