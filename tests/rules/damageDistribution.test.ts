import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dice } from '../../src/lib/dice';
import type { DamageTier } from '../../src/schema/ability';
import type { DamageRequest } from '../../src/rules/rollDamage';
import { rollDamage, TIER_DICE, boostTier } from '../../src/rules/rollDamage';
import { damageDistribution, meanOf } from '../../src/rules/damageDistribution';

/** Every total `rollDamage` gives over all sides^n dice, counted: the distribution by brute force. */
function enumerated(request: DamageRequest, frayAddsToDice: boolean): Map<number, number> {
  const steps = request.tier && request.tier !== 'fray' ? request.boost + (request.critical ? 1 : 0) : 0;
  const boosted = request.tier ? boostTier(request.tier, steps) : null;
  const keep = boosted ? TIER_DICE[boosted.tier] : 0;
  const n = keep > 0 ? keep + request.bonus + boosted!.extraBonus : 0;
  const out = new Map<number, number>();
  const all = request.damageDie ** n;
  for (let i = 0; i < all; i++) {
    let rest = i;
    const dice: Dice = {
      roll: (sides) => {
        const face = (rest % sides) + 1;
        rest = Math.floor(rest / sides);
        return face;
      },
    };
    const { total } = rollDamage(request, dice, { frayAddsToDice });
    out.set(total, (out.get(total) ?? 0) + 1 / all);
  }
  return out;
}

const request = (r: Partial<DamageRequest>): DamageRequest => ({
  tier: 'light',
  bonus: 0,
  boost: 0,
  flat: 0,
  type: 'physical',
  damageDie: 6,
  fray: 3,
  critical: false,
  ...r,
});

describe('the exact damage distribution (issue 33: danger weighs every total)', () => {
  it('light on a d6 with fray 3: 4–9, each 1/6; heavy 2d6 keeps both: 7 is the likeliest sum', () => {
    const light = damageDistribution(request({}), { frayAddsToDice: true });
    expect(light.map((d) => d.total)).toEqual([4, 5, 6, 7, 8, 9]);
    for (const d of light) expect(d.p).toBeCloseTo(1 / 6, 12);
    const heavy = damageDistribution(request({ tier: 'heavy', fray: 0 }), { frayAddsToDice: true });
    expect(heavy.find((d) => d.total === 7)?.p).toBeCloseTo(6 / 36, 12);
    expect(meanOf(heavy)).toBeCloseTo(7, 12);
  });

  it('a bonus die keeps the highest: light d6 with 1 bonus averages 161/36', () => {
    const d = damageDistribution(request({ fray: 0, bonus: 1 }), { frayAddsToDice: true });
    expect(meanOf(d)).toBeCloseTo(161 / 36, 12);
    expect(d.find((x) => x.total === 6)?.p).toBeCloseTo(11 / 36, 12);
  });

  it('fray alone and flat alone are certain', () => {
    expect(damageDistribution(request({ tier: 'fray', fray: 4 }), { frayAddsToDice: true })).toEqual([
      { total: 4, p: 1 },
    ]);
    expect(damageDistribution(request({ tier: null, flat: 2 }), { frayAddsToDice: true })).toEqual([
      { total: 2, p: 1 },
    ]);
  });

  it('property: equals counting every roll of rollDamage (tiers, bonus, boost, critical, fray setting)', () => {
    const tiers: (DamageTier | null)[] = [null, 'fray', 'light', 'heavy', 'critical'];
    fc.assert(
      fc.property(
        fc.constantFrom(...tiers),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.constantFrom(4, 6, 8),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (tier, bonus, boost, critical, damageDie, fray, flat, frayAddsToDice) => {
          const r = request({ tier, bonus, boost, critical, damageDie, fray, flat });
          const steps = tier && tier !== 'fray' ? boost + (critical ? 1 : 0) : 0;
          const boosted = tier ? boostTier(tier, steps) : null;
          const keep = boosted ? TIER_DICE[boosted.tier] : 0;
          const n = keep > 0 ? keep + bonus + boosted!.extraBonus : 0;
          fc.pre(damageDie ** n <= 5_000);
          const exact = damageDistribution(r, { frayAddsToDice });
          const counted = enumerated(r, frayAddsToDice);
          expect(exact.map((d) => d.total)).toEqual([...counted.keys()].sort((a, b) => a - b));
          for (const d of exact) expect(d.p).toBeCloseTo(counted.get(d.total)!, 12);
          expect(exact.reduce((s, d) => s + d.p, 0)).toBeCloseTo(1, 12);
        },
      ),
      { numRuns: 150 },
    );
  });
});
