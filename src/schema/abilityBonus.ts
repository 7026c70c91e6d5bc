import { z } from 'zod';
import { atMost, boundedText, MAX_BOONS, MAX_NAME_CHARS, MAX_STAT } from './limits';

const Boons = z.number().int().min(0).max(MAX_BOONS, atMost(MAX_BOONS, ''));

/**
 * A bonus to one use of an ability: "your next ability gains…" or "on a slow turn, gains…". It
 * counts for the whole ability, attack and effect alike ("Attack vs. ability vs. effect"): boons on
 * its to-hit roll, bonus damage dice, boosts and flat damage on each of its damage components.
 */
export const AbilityBonusSchema = z.object({
  /** Boons on the to-hit roll (attack components only). */
  boons: Boons.default(0),
  /** Bonus damage (extra dice, keep the highest), added to every rolled damage component. */
  bonus: Boons.default(0),
  /** Damage tier steps up, added to every rolled damage component. */
  boost: Boons.default(0),
  /** Fixed damage added to every damage component. */
  flat: z.number().int().min(0).max(MAX_STAT, atMost(MAX_STAT, '')).default(0),
  /** Who granted it, for the log ("Battle Cry"). */
  source: boundedText(MAX_NAME_CHARS).default(''),
});
export type AbilityBonus = z.infer<typeof AbilityBonusSchema>;
export type AbilityBonusInput = z.input<typeof AbilityBonusSchema>;

/** No bonus at all. */
export const NO_ABILITY_BONUS: AbilityBonus = { boons: 0, bonus: 0, boost: 0, flat: 0, source: '' };
