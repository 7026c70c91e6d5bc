import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { EffectComponentSchema } from '../../src/schema/ability';
import { applyEffect } from '../../src/rules/applyEffect';
import { surrender } from '../../src/rules/health';
import { foe, pc, settings } from './fixtures';

const S = settings();
const delivery = {
  damageType: 'physical' as const,
  pierce: false,
  ranged: false,
  cover: false,
  critical: false,
};
// Light damage, a status, a blight and 1× Health of vigor: every kind of effect at once.
const everything = EffectComponentSchema.parse({
  damage: { tier: 'light' },
  statuses: ['weakened'],
  blights: ['burning'],
  vigor: 1,
});

describe('immunity of the defeated (rulebook: Victory and defeat)', () => {
  it('a defeated foe takes no damage and no effects: statuses, blights and vigor are refused', () => {
    const down = foe('bandit', { hp: 0, defeated: true, incapacitated: true });
    // The damage die is still rolled (for the log) but the application reports immunity.
    const { outcome, target } = applyEffect(
      pc('hero'),
      down,
      'effect',
      everything,
      delivery,
      fixedDice([5]),
      S,
    );
    expect(outcome.application?.immune).toMatch(/immune to damage/);
    expect(outcome.statusesApplied).toEqual([]);
    expect(outcome.blightsApplied).toEqual([]);
    expect(outcome.vigorGained).toBe(0);
    expect(outcome.refused).toEqual([
      'Foe bandit is defeated and immune to effects',
      'Foe bandit is defeated and immune to effects',
    ]);
    expect(target).toEqual(down);
  });

  it('a character who surrendered is immune to the rest of that ability (and everything after)', () => {
    const quitter = surrender(pc('hero'));
    const { outcome, target } = applyEffect(
      foe('bandit'),
      quitter,
      'effect',
      everything,
      delivery,
      fixedDice([6]),
      S,
    );
    expect(outcome.application).toMatchObject({ hpLost: 0, immune: expect.stringMatching(/immune/) });
    expect(outcome.statusesApplied).toEqual([]);
    expect(target).toMatchObject({
      hp: 32,
      surrendered: true,
      defeated: true,
      wounds: 0,
      statuses: [],
      blights: [],
    });
  });
});
