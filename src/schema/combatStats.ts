import { z } from 'zod';
import { DamageTypeSchema } from './ability';
import { atMost, boundedText, MAX_MAP_SIDE, MAX_NAME_CHARS, MAX_STAT, MAX_TEXT_CHARS } from './limits';

/**
 * Field schemas shared by stat blocks (statBlock.ts) and character sheets' jobs
 * (characterSheet.ts); in a file of their own so the sheet can use them without an import cycle.
 */

/** A statistic: a whole number up to MAX_STAT. */
export const Stat = z
  .number()
  .int()
  .max(MAX_STAT, atMost(MAX_STAT, ''))
  .min(-MAX_STAT, `at least -${MAX_STAT}`);

/** Damage die by its number of sides (d4..d12). */
export const DamageDieSchema = z.literal([4, 6, 8, 10, 12], {
  error: 'expected a damage die by its sides: 4, 6, 8, 10 or 12',
});
export type DamageDie = z.infer<typeof DamageDieSchema>;

/** A basic attack's reach and damage type ("Every character has basic attacks, both melee & ranged"). */
export const BasicAttackSchema = z.object({
  range: Stat.min(1).max(MAX_MAP_SIDE, `a range is at most ${MAX_MAP_SIDE} squares (the largest map side)`),
  damageType: DamageTypeSchema.default('physical'),
});
export type BasicAttack = z.infer<typeof BasicAttackSchema>;

/** A passive trait, shown as text ("Traits"). */
export const TraitSchema = z.object({
  name: boundedText(MAX_NAME_CHARS).min(1),
  text: boundedText(MAX_TEXT_CHARS),
});
export type Trait = z.infer<typeof TraitSchema>;
