import { z } from 'zod';
import { DamageTypeSchema } from './ability';

/**
 * Damage arriving at a character, before armor, resistance and vigor (`applyDamage` in
 * src/rules/applyDamage.ts reduces it). Also stored on a result waiting for Apply.
 */
export const IncomingDamageSchema = z.object({
  amount: z.number(),
  type: DamageTypeSchema,
  /** The pierce tag: ignores armor. */
  pierce: z.boolean().optional(),
  /** Ignores armor for another reason (blights, dangerous terrain). */
  ignoresArmor: z.boolean().optional(),
  /** From a ranged attack the target has cover against (cover = resistance). */
  cover: z.boolean().optional(),
  /** Not halved by resistance (blights). */
  ignoresResistance: z.boolean().optional(),
  /** HP cannot drop below this (blights stop at 1). */
  floorHp: z.number().int().optional(),
  /** Not soaked by vigor (godly always skips vigor). */
  ignoresVigor: z.boolean().optional(),
});
export type IncomingDamage = z.infer<typeof IncomingDamageSchema>;
