import type { DamageTier, DamageType } from '../schema/ability';
import type { RoomSettings } from '../schema/settings';
import { boostTier, TIER_DICE } from './rollDamage';

/** Possible totals of one damage tier before armor/resistance/vigor. */
export interface DamageRange {
  /** The tier as requested (before boosts). */
  requestedTier: DamageTier;
  /** The tier actually rolled after boosts. */
  tier: DamageTier;
  /** Dice rolled and dice kept. */
  diceRolled: number;
  diceKept: number;
  min: number;
  max: number;
  godly: boolean;
}

/**
 * Min/max damage for each requested tier with a given die, fray, bonus and boost (a critical hit
 * is one more boost). Bonus dice change the odds, not the range: the kept dice are still 1..die.
 */
export function damageRanges(
  input: { damageDie: number; fray: number; bonus?: number; boost?: number; flat?: number },
  settings: Pick<RoomSettings, 'frayAddsToDice'>,
): Record<DamageTier, DamageRange> {
  const out = {} as Record<DamageTier, DamageRange>;
  for (const requestedTier of ['fray', 'light', 'heavy', 'critical'] as const) {
    const boosted = boostTier(requestedTier, input.boost ?? 0);
    const kept = TIER_DICE[boosted.tier];
    const bonus = kept > 0 ? (input.bonus ?? 0) + boosted.extraBonus : 0;
    const fray = boosted.tier === 'fray' || settings.frayAddsToDice ? input.fray : 0;
    const flat = input.flat ?? 0;
    out[requestedTier] = {
      requestedTier,
      tier: boosted.tier,
      diceRolled: kept > 0 ? kept + bonus : 0,
      diceKept: kept,
      min: fray + kept + flat,
      max: fray + kept * input.damageDie + flat,
      godly: boosted.godly,
    };
  }
  return out;
}

/** Convenience for a single tier and type. */
export function damageRange(
  tier: DamageTier,
  input: {
    damageDie: number;
    fray: number;
    bonus?: number;
    boost?: number;
    flat?: number;
    type?: DamageType;
  },
  settings: Pick<RoomSettings, 'frayAddsToDice'>,
): DamageRange {
  return damageRanges(input, settings)[tier];
}
