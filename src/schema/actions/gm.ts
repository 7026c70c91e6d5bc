import { z } from 'zod';
import { DamageTypeSchema } from '../ability';
import { boundedText, MAX_TEXT_CHARS } from '../limits';
import { Amount, DamageApplicationSchema, OutcomeId } from '../rollRecord';
import { BlightIdSchema } from '../status';
import { Id, Name, tokenOutcome } from './common';

/** The GM's hand on the characters: HP, statuses, blights and who is hidden. */

/** The GM's manual damage or healing (positive = damage), bypassing dice. */
export const AdjustHpIntentSchema = z.object({
  kind: z.literal('adjust-hp'),
  tokenId: Id,
  amount: z.number().int().min(-999).max(999),
  reason: z.string().max(200).default('GM adjustment'),
  /**
   * Damage through the rules (a positive amount): armor (unless `pierce`), resistance, vigor and
   * defeat, as an attack's damage of this type. Without it the amount comes straight off HP.
   */
  damageType: DamageTypeSchema.optional(),
  pierce: z.boolean().default(false),
});

/** A character's standing, what tells defeat, a wound or death apart (rules `defeatWords`). */
const StandingSchema = z.object({ defeated: z.boolean(), dead: z.boolean(), wounds: Amount });

export const AdjustHpOutcomeSchema = tokenOutcome('adjust-hp').extend({
  amount: Amount,
  hpBefore: Amount,
  hpAfter: Amount,
  // The log line is narrated from these (src/table/intents/gmIntents.ts); absent in older logs.
  /** The GM's reason ("trap"). */
  reason: boundedText(MAX_TEXT_CHARS).optional(),
  /** Damage through the rules (a `damageType` was given): its type, armor, vigor and defeat steps. */
  damage: DamageApplicationSchema.optional(),
  /** Standing before and after: says "defeated", "defeated and takes a wound" or "dies". */
  standing: z.object({ before: StandingSchema, after: StandingSchema }).optional(),
});

/** Add or remove a status from the room's catalog (the GM, or the character's own player). */
export const StatusIntentSchema = z.object({
  kind: z.enum(['add-status', 'remove-status']),
  tokenId: Id,
  statusId: Id,
});

/** The player who did it, named in the log line; absent when the GM did (and in older logs). */
const STATUS_FIELDS = { statusId: OutcomeId, by: Name.optional() };
export const AddStatusOutcomeSchema = tokenOutcome('add-status').extend(STATUS_FIELDS);
export const RemoveStatusOutcomeSchema = tokenOutcome('remove-status').extend({
  ...STATUS_FIELDS,
  /** The status was ongoing (only the GM ends one, as an override); absent in older logs. */
  ongoing: z.boolean().optional(),
});

/** Add or remove a blight (burning, frostbite, poisoned, electrified): the GM only. */
export const BlightIntentSchema = z.object({
  kind: z.enum(['add-blight', 'remove-blight']),
  tokenId: Id,
  blightId: BlightIdSchema,
});

const BLIGHT_FIELDS = { tokenId: OutcomeId, blightId: OutcomeId };
export const AddBlightOutcomeSchema = z.object({ kind: z.literal('add-blight'), ...BLIGHT_FIELDS });
export const RemoveBlightOutcomeSchema = z.object({ kind: z.literal('remove-blight'), ...BLIGHT_FIELDS });

/** Move a token between the secrets doc (hidden) and the public doc (revealed). */
export const VisibilityIntentSchema = z.object({
  kind: z.enum(['reveal', 'hide']),
  tokenId: Id,
  /**
   * Reveal only: the token appears but its stat block stays in the secrets doc, so players never
   * receive its Defense, abilities or other stats (docs/table.md "Foes with hidden stats").
   */
  keepStatsHidden: z.boolean().default(false),
});

export const RevealOutcomeSchema = tokenOutcome('reveal');
export const HideOutcomeSchema = tokenOutcome('hide');
