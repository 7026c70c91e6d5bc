import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { applyEffect } from '../../src/rules/applyEffect';
import type { EffectDelivery } from '../../src/rules/applyEffect';
import { EffectComponentSchema } from '../../src/schema/ability';
import type { EffectComponent } from '../../src/schema/ability';
import { foe, pc, settings } from './fixtures';

const S = settings();
const MELEE: EffectDelivery = {
  damageType: 'physical',
  pierce: false,
  ranged: false,
  cover: false,
  critical: false,
};
const component = (input: unknown): EffectComponent => EffectComponentSchema.parse(input);

describe('healing, vigor and blights as ability data', () => {
  it('heal is a multiple of the receiver Health, up to max HP', () => {
    // Health 8: heal 1 → +8; heal 2 from 30 stops at max HP 32.
    const once = applyEffect(
      pc('u'),
      pc('t', { hp: 10 }),
      'effect',
      component({ heal: 1 }),
      MELEE,
      fixedDice([]),
      S,
    );
    expect(once.target.hp).toBe(18);
    expect(once.outcome.healed).toBe(8);
    const capped = applyEffect(
      pc('u'),
      pc('t', { hp: 30 }),
      'effect',
      component({ heal: 2 }),
      MELEE,
      fixedDice([]),
      S,
    );
    expect(capped.outcome.healed).toBe(2);
    expect(capped.target.hp).toBe(32);
  });

  it('healing does not stand a defeated character up, and says so', () => {
    const down = pc('t', { hp: 0, defeated: true, incapacitated: true });
    const out = applyEffect(pc('u'), down, 'effect', component({ heal: 1 }), MELEE, fixedDice([]), S);
    expect(out.target.hp).toBe(0);
    expect(out.outcome.refused).toEqual(['PC t is defeated: healing needs a rescue']);
  });

  it('vigor and healing in one component: 1 × Health of each', () => {
    const out = applyEffect(
      pc('u'),
      pc('t', { hp: 20 }),
      'effect',
      component({ heal: 1, vigor: 1 }),
      MELEE,
      fixedDice([]),
      S,
    );
    expect(out.target).toMatchObject({ hp: 28, vigor: 8 });
  });

  it('removes the named blights, or all of them; an unknown name is reported', () => {
    const blighted = foe('t', { blights: ['burning', 'poisoned'] });
    const named = applyEffect(
      pc('u'),
      blighted,
      'effect',
      component({ removeBlights: ['burning', 'burnig'] }),
      MELEE,
      fixedDice([]),
      S,
    );
    expect(named.target.blights).toEqual(['poisoned']);
    expect(named.outcome.blightsRemoved).toEqual(['burning']);
    expect(named.outcome.refused).toEqual(['unknown blight "burnig"']);
    const all = applyEffect(
      pc('u'),
      blighted,
      'effect',
      component({ removeBlights: 'all' }),
      MELEE,
      fixedDice([]),
      S,
    );
    expect(all.target.blights).toEqual([]);
    expect(all.outcome.blightsRemoved).toEqual(['burning', 'poisoned']);
  });

  it('stronger against blighted targets: bonus die and +1 per blight only when the blight is there', () => {
    const strike = component({
      damage: { tier: 'light' },
      againstBlighted: { blight: 'burning', bonus: 1, flatPerBlight: 1 },
    });
    // Burning + poisoned: light + bonus 1 rolls 2 and 5, keeps 5; + fray 3 + 2 (two blights) = 10;
    // armor 1 → 9 of 24 HP.
    const hot = applyEffect(
      pc('u'),
      foe('t', { blights: ['burning', 'poisoned'] }),
      'effect',
      strike,
      MELEE,
      fixedDice([2, 5]),
      S,
    );
    expect(hot.outcome.againstBlighted).toBe(true);
    expect(hot.outcome.damage).toMatchObject({ kept: [5], dropped: [2], flat: 2, total: 10 });
    expect(hot.target.hp).toBe(15);
    // Only poisoned: the clause names burning, so plain light: 2 + 3 = 5, armor → 4.
    const cold = applyEffect(
      pc('u'),
      foe('t', { blights: ['poisoned'] }),
      'effect',
      strike,
      MELEE,
      fixedDice([2]),
      S,
    );
    expect(cold.outcome.againstBlighted).toBe(false);
    expect(cold.target.hp).toBe(20);
  });

  it('judges "blighted" before the component adds its own blight', () => {
    const ignite = component({
      damage: { tier: 'fray' },
      blights: ['burning'],
      againstBlighted: { flat: 5 },
    });
    const out = applyEffect(pc('u'), foe('t'), 'effect', ignite, MELEE, fixedDice([]), S);
    expect(out.outcome.againstBlighted).toBe(false);
    // fray 3, armor 1 → 2.
    expect(out.target).toMatchObject({ hp: 22, blights: ['burning'] });
  });

  it('an against-blighted clause must name a real blight', () => {
    expect(EffectComponentSchema.safeParse({ againstBlighted: { blight: 'burnig' } }).success).toBe(false);
  });
});
