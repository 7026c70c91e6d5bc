import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { damageRanges } from '../../src/rules/damageRange';
import type { DamageRequest } from '../../src/rules/rollDamage';
import { boostTier, rollDamage } from '../../src/rules/rollDamage';

const FRAY_ON = { frayAddsToDice: true };
const request = (overrides: Partial<DamageRequest>): DamageRequest => ({
  tier: 'light',
  bonus: 0,
  boost: 0,
  flat: 0,
  type: 'physical',
  damageDie: 6,
  fray: 3,
  critical: false,
  ...overrides,
});

describe('boosting tiers', () => {
  it('moves light → heavy → critical, then adds bonus damage and turns godly', () => {
    expect(boostTier('light', 1)).toEqual({ tier: 'heavy', extraBonus: 0, godly: false });
    expect(boostTier('light', 2)).toEqual({ tier: 'critical', extraBonus: 0, godly: false });
    expect(boostTier('critical', 1)).toEqual({ tier: 'critical', extraBonus: 1, godly: true });
    expect(boostTier('heavy', 3)).toEqual({ tier: 'critical', extraBonus: 2, godly: true });
  });

  it('never boosts fray', () => {
    expect(boostTier('fray', 2)).toEqual({ tier: 'fray', extraBonus: 0, godly: false });
  });
});

describe('rolling damage', () => {
  it('light = fray + one die', () => {
    expect(rollDamage(request({}), fixedDice([4]), FRAY_ON)).toMatchObject({
      dice: [4],
      kept: [4],
      total: 7,
    });
  });

  it('heavy and critical roll two and three dice', () => {
    expect(rollDamage(request({ tier: 'heavy' }), fixedDice([2, 5]), FRAY_ON).total).toBe(10);
    expect(rollDamage(request({ tier: 'critical' }), fixedDice([1, 2, 6]), FRAY_ON).total).toBe(12);
  });

  it("bonus ×2 on light rolls three dice and keeps the single highest (the rulebook's example)", () => {
    const roll = rollDamage(request({ bonus: 2, fray: 0 }), fixedDice([2, 5, 3]), FRAY_ON);
    expect(roll).toMatchObject({ dice: [2, 5, 3], kept: [5], dropped: [3, 2], total: 5 });
  });

  it('a critical hit boosts light to heavy', () => {
    const roll = rollDamage(request({ critical: true }), fixedDice([2, 5]), FRAY_ON);
    expect(roll).toMatchObject({ requestedTier: 'light', tier: 'heavy', boostSteps: 1, total: 10 });
  });

  it('boosting critical grants a bonus die and makes it godly', () => {
    const roll = rollDamage(request({ tier: 'critical', boost: 1 }), fixedDice([1, 2, 3, 4]), FRAY_ON);
    expect(roll).toMatchObject({
      tier: 'critical',
      bonus: 1,
      kept: [4, 3, 2],
      dropped: [1],
      type: 'godly',
      total: 12,
    });
  });

  it('a critical on a boosted heavy with bonus 1 rolls five dice and keeps three, godly', () => {
    const roll = rollDamage(
      request({ tier: 'heavy', boost: 1, bonus: 1, critical: true }),
      fixedDice([6, 1, 2, 6, 5]),
      FRAY_ON,
    );
    expect(roll).toMatchObject({ tier: 'critical', bonus: 2, kept: [6, 6, 5], type: 'godly', total: 20 });
  });

  it('fray damage takes neither bonus nor boost, not even from a critical', () => {
    const roll = rollDamage(
      request({ tier: 'fray', bonus: 2, boost: 1, critical: true }),
      fixedDice([]),
      FRAY_ON,
    );
    expect(roll).toMatchObject({ tier: 'fray', dice: [], total: 3, type: 'physical' });
  });

  it('with frayAddsToDice off, tiers are dice only', () => {
    expect(rollDamage(request({}), fixedDice([4]), { frayAddsToDice: false }).total).toBe(4);
  });

  it('flat damage (Whack) rolls nothing', () => {
    expect(rollDamage(request({ tier: null, flat: 1 }), fixedDice([]), FRAY_ON)).toMatchObject({
      total: 1,
      fray: 0,
    });
  });
});

describe('damage ranges', () => {
  it('d6 with fray 3: fray 3–3, light 4–9, heavy 5–15, critical 6–21', () => {
    const ranges = damageRanges({ damageDie: 6, fray: 3 }, FRAY_ON);
    expect([ranges.fray, ranges.light, ranges.heavy, ranges.critical].map((r) => [r.min, r.max])).toEqual([
      [3, 3],
      [4, 9],
      [5, 15],
      [6, 21],
    ]);
  });

  it('boost 1 and bonus 1 on a d8: light becomes heavy, critical becomes godly with two extra dice', () => {
    const ranges = damageRanges({ damageDie: 8, fray: 2, bonus: 1, boost: 1 }, FRAY_ON);
    expect(ranges.light).toMatchObject({
      tier: 'heavy',
      diceRolled: 3,
      diceKept: 2,
      min: 4,
      max: 18,
      godly: false,
    });
    expect(ranges.critical).toMatchObject({
      tier: 'critical',
      diceRolled: 5,
      diceKept: 3,
      min: 5,
      max: 26,
      godly: true,
    });
    expect(ranges.fray).toMatchObject({ tier: 'fray', diceRolled: 0, min: 2, max: 2 });
  });
});
