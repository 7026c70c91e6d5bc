import { z } from 'zod';
import { EffectOutcomeSchema, OutcomeId, SaveRollSchema } from '../rollRecord';
import { Id, Name, ShoveDirection } from './common';
import { Forced } from './forceMove';

/**
 * A non-attack, non-area ability whose effect component simply happens, on one character (no
 * target = the user). `targetSave`: the ability's text says its effect relies on a save, so the
 * target saves first and a success avoids it.
 */
export const EffectIntentSchema = z.object({
  kind: z.literal('effect'),
  userId: Id,
  abilityId: Id,
  targetId: Id.optional(),
  targetSave: z.boolean().default(false),
  ...ShoveDirection,
});

/** A non-attack ability on one character; `save` when the effect relies on one. */
export const EffectAbilityOutcomeSchema = z.object({
  kind: z.literal('effect'),
  ability: Name,
  userId: OutcomeId,
  targetId: OutcomeId,
  interrupt: z.boolean(),
  save: SaveRollSchema.nullable(),
  effect: EffectOutcomeSchema.nullable(),
  ...Forced,
});
