import type { Dice } from '../lib/dice';
import type { DamageRoll } from '../schema/rollRecord';
import type { DamageTier, DamageType } from '../schema/ability';
import type { RoomSettings } from '../schema/settings';

export type { DamageRoll };

/** Damage dice per tier ("Light damage is a single damage die, heavy is two, critical is three"). */
export const TIER_DICE: Record<DamageTier, number> = { fray: 0, light: 1, heavy: 2, critical: 3 };

const TIER_ORDER: readonly DamageTier[] = ['light', 'heavy', 'critical'];

/** Result of boosting a tier: the new tier, plus bonus dice and godly type once past critical. */
export interface BoostedTier {
  tier: DamageTier;
  /** Bonus damage gained by boosting critical (one per step past critical). */
  extraBonus: number;
  godly: boolean;
}

/**
 * Boosted damage: each step moves light → heavy → critical; boosting critical grants bonus damage
 * and makes it godly. Fray damage is never boosted.
 */
export function boostTier(tier: DamageTier, steps: number): BoostedTier {
  if (tier === 'fray' || steps <= 0) return { tier, extraBonus: 0, godly: false };
  const index = TIER_ORDER.indexOf(tier) + steps;
  const last = TIER_ORDER.length - 1;
  if (index <= last) return { tier: TIER_ORDER[index]!, extraBonus: 0, godly: false };
  return { tier: 'critical', extraBonus: index - last, godly: true };
}

/** What to roll: a tier of the roller's damage plus modifiers. */
export interface DamageRequest {
  /** null = no rolled damage, only `flat`. */
  tier: DamageTier | null;
  bonus: number;
  boost: number;
  flat: number;
  type: DamageType;
  /** The roller's damage die (sides) and fray damage. */
  damageDie: number;
  fray: number;
  /** A critical hit boosts one more step. */
  critical: boolean;
}

/**
 * Rolls damage ("Damage", "Increasing damage"): the tier's dice plus one extra die per bonus damage,
 * keeping the highest; fray is added flat and takes no bonus or boost. Whether light/heavy/critical
 * include fray is the `frayAddsToDice` setting (docs/rules/rolls-and-damage.md#damage).
 */
export function rollDamage(
  request: DamageRequest,
  dice: Dice,
  settings: Pick<RoomSettings, 'frayAddsToDice'>,
): DamageRoll {
  const boostSteps = request.tier && request.tier !== 'fray' ? request.boost + (request.critical ? 1 : 0) : 0;
  const boosted = request.tier ? boostTier(request.tier, boostSteps) : null;
  const tier = boosted?.tier ?? null;
  const count = tier ? TIER_DICE[tier] : 0;
  const bonus = count > 0 ? request.bonus + (boosted?.extraBonus ?? 0) : 0;
  const rolled = Array.from({ length: count > 0 ? count + bonus : 0 }, () => dice.roll(request.damageDie));
  const sorted = [...rolled].sort((a, b) => b - a);
  const kept = sorted.slice(0, count);
  const dropped = sorted.slice(count);
  const fray = tier === 'fray' || (tier !== null && settings.frayAddsToDice) ? request.fray : 0;
  const total = fray + kept.reduce((sum, die) => sum + die, 0) + request.flat;
  return {
    requestedTier: request.tier,
    tier,
    boostSteps,
    bonus,
    type: boosted?.godly ? 'godly' : request.type,
    dice: rolled,
    kept,
    dropped,
    fray,
    flat: request.flat,
    total,
  };
}
