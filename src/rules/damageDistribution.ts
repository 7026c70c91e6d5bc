import type { RoomSettings } from '../schema/settings';
import type { DamageRequest } from './rollDamage';
import { boostTier, TIER_DICE } from './rollDamage';

/** Every total a damage roll can give, with its probability (they sum to 1), lowest total first. */
export type DamageDistribution = ReadonlyArray<{ readonly total: number; readonly p: number }>;

/** n choose k, for the small counts of dice a roll takes. */
function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * The exact distribution of `rollDamage`'s total for `request` ("Damage", "Increasing damage"):
 * the tier's dice plus one extra die per bonus damage, the highest kept, plus fray (as the room's
 * `frayAddsToDice` says) and flat. Computed, not sampled: the dice are taken face by face from
 * the highest, counting the ways each number of dice can show that face, so the work grows with
 * faces × dice² × totals, never with faces^dice. The threat map's danger (issue 33) weighs each
 * total with it; `tests/rules/damageDistribution.test.ts` checks it against every roll of
 * `rollDamage` with small dice.
 */
export function damageDistribution(
  request: DamageRequest,
  settings: Pick<RoomSettings, 'frayAddsToDice'>,
): DamageDistribution {
  // The same counting as rollDamage: boost steps, the tier reached, bonus dice, fray.
  const boostSteps = request.tier && request.tier !== 'fray' ? request.boost + (request.critical ? 1 : 0) : 0;
  const boosted = request.tier ? boostTier(request.tier, boostSteps) : null;
  const tier = boosted?.tier ?? null;
  const keep = tier ? TIER_DICE[tier] : 0;
  const bonus = keep > 0 ? request.bonus + (boosted?.extraBonus ?? 0) : 0;
  const fray = tier === 'fray' || (tier !== null && settings.frayAddsToDice) ? request.fray : 0;
  const base = fray + request.flat;
  if (keep === 0) return [{ total: base, p: 1 }];
  const n = keep + bonus;
  const sides = request.damageDie;
  // ways[m][k] maps a kept sum to the number of ways: m dice placed so far (the highest faces
  // first), k of them kept (the highest `keep` are kept).
  let ways = new Map<string, number>([['0,0,0', 1]]);
  for (let face = sides; face >= 1; face--) {
    const next = new Map<string, number>();
    for (const [key, count] of ways) {
      const [m, k, sum] = key.split(',').map(Number) as [number, number, number];
      // The last face takes every die left; any other face 0 up to all of them.
      for (let c = face === 1 ? n - m : 0; c <= n - m; c++) {
        const kept = Math.min(c, keep - k);
        const to = `${m + c},${k + kept},${sum + kept * face}`;
        next.set(to, (next.get(to) ?? 0) + count * choose(n - m, c));
      }
    }
    ways = next;
  }
  const all = sides ** n;
  const byTotal = new Map<number, number>();
  for (const [key, count] of ways) {
    const sum = Number(key.split(',')[2]);
    byTotal.set(base + sum, (byTotal.get(base + sum) ?? 0) + count / all);
  }
  return [...byTotal].sort((a, b) => a[0] - b[0]).map(([total, p]) => ({ total, p }));
}

/** The mean total of a distribution. */
export function meanOf(distribution: DamageDistribution): number {
  return distribution.reduce((sum, { total, p }) => sum + total * p, 0);
}
