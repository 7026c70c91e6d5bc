import { z } from 'zod';
import { AbilityBonusSchema } from './abilityBonus';
import { DamageTierSchema, DamageTypeSchema } from './ability';
import { IncomingDamageSchema } from './incomingDamage';
import {
  atMost,
  boundedList,
  boundedText,
  MAX_BOONS,
  MAX_ID_CHARS,
  MAX_LIST_ITEMS,
  MAX_NAME_CHARS,
  MAX_STAT,
  MAX_TEXT_CHARS,
} from './limits';
import { RollModifierSchema } from './modifier';

/**
 * The rules engine's roll records, typed once: src/rules returns these `z.infer` types (with the
 * engine's extras, such as the whole combatant after damage, added by intersection), so a field
 * the engine records and this schema lacks does not compile. A stored outcome leaves the extras
 * out: the table diff carries the state change.
 */

export const OutcomeId = boundedText(MAX_ID_CHARS).min(1);
/** Any count or amount an outcome records (HP, damage, totals); negative for curse values. */
export const Amount = z
  .number()
  .int()
  .min(-MAX_STAT * 10)
  .max(MAX_STAT * 10, atMost(MAX_STAT * 10, ''));
/** One die's face (d4 … d20, d100 at most). */
const Face = z.number().int().min(1).max(100);
/** Dice rolled for one damage roll or one boon/curse roll. */
const MAX_DICE = 200;
const dice = (what: string) => boundedList(Face, MAX_DICE, what);
const Reason = boundedText(MAX_TEXT_CHARS);

/** The boon/curse part of a roll ("Boons and curses"): each d6 and the signed amount added. */
export const BoonCurseRollSchema = z.object({
  net: z
    .number()
    .int()
    .min(-MAX_BOONS * MAX_LIST_ITEMS)
    .max(MAX_BOONS * MAX_LIST_ITEMS),
  d6: dice('boon or curse dice'),
  value: z.number().int().min(-6).max(6),
});
export type BoonCurseRoll = z.infer<typeof BoonCurseRollSchema>;

/** One to-hit roll ("Attack rolls"), enough to explain and replay it. */
export const AttackRollSchema = z.object({
  d20: Face,
  attackBonus: Amount,
  modifiers: boundedList(RollModifierSchema, MAX_LIST_ITEMS * 2, 'modifiers'),
  boonsCurses: BoonCurseRollSchema,
  total: Amount,
  defense: Amount,
  hit: z.boolean(),
  critical: z.boolean(),
});
export type AttackRoll = z.infer<typeof AttackRollSchema>;

/** One save roll ("Save rolls"): d20 ± boons/curses, success on 10+. */
export const SaveRollSchema = z.object({
  d20: Face,
  modifiers: boundedList(RollModifierSchema, MAX_LIST_ITEMS * 2, 'modifiers'),
  boonsCurses: BoonCurseRollSchema,
  total: Amount,
  success: z.boolean(),
});
export type SaveRoll = z.infer<typeof SaveRollSchema>;

/** One damage roll with every die ("Damage", "Increasing damage"). */
export const DamageRollSchema = z.object({
  requestedTier: DamageTierSchema.nullable(),
  tier: DamageTierSchema.nullable(),
  boostSteps: z
    .number()
    .int()
    .min(0)
    .max(MAX_BOONS * 2),
  bonus: z.number().int().min(0).max(MAX_DICE),
  type: DamageTypeSchema,
  dice: dice('damage dice'),
  kept: dice('kept dice'),
  dropped: dice('dropped dice'),
  fray: Amount,
  flat: Amount,
  total: Amount,
});
export type DamageRoll = z.infer<typeof DamageRollSchema>;

/** One step of the damage reduction, for the log ("Armor", "Resistance", "Vigor"). */
export const DamageStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('armor'),
    armor: Amount,
    before: Amount,
    after: Amount,
    skipped: z.enum(['pierce', 'godly', 'ignores-armor']).optional(),
  }),
  z.object({
    kind: z.literal('resistance'),
    reasons: boundedList(Reason, MAX_LIST_ITEMS, 'reasons'),
    halvings: z.number().int().min(0).max(MAX_LIST_ITEMS),
    before: Amount,
    after: Amount,
  }),
  z.object({ kind: z.literal('vigor'), before: Amount, absorbed: Amount, after: Amount }),
  z.object({ kind: z.literal('floor'), floorHp: Amount, prevented: Amount }),
]);
export type DamageStep = z.infer<typeof DamageStepSchema>;

/** What damage did to one target (the engine's `DamageApplication` without the new combatant). */
export const DamageApplicationSchema = z.object({
  targetId: OutcomeId,
  incoming: IncomingDamageSchema,
  immune: Reason.nullable(),
  steps: boundedList(DamageStepSchema, MAX_LIST_ITEMS, 'damage steps'),
  vigorLost: Amount,
  hpLost: Amount,
  hpBefore: Amount,
  hpAfter: Amount,
  defeated: z.boolean(),
  wounded: z.boolean(),
  died: z.boolean(),
});
export type DamageApplicationRecord = z.infer<typeof DamageApplicationSchema>;

/** What one labelled component of an ability did to one target. */
export const EffectOutcomeSchema = z.object({
  component: z.enum(['onHit', 'onMiss', 'onCritical', 'effect', 'areaEffect']),
  targetId: OutcomeId,
  damage: DamageRollSchema.nullable(),
  application: DamageApplicationSchema.nullable(),
  statusesApplied: boundedList(OutcomeId, MAX_LIST_ITEMS, 'statuses'),
  blightsApplied: boundedList(OutcomeId, MAX_LIST_ITEMS, 'blights'),
  vigorGained: Amount,
  /** Healing, blights removed, the against-blighted extra and a next-ability grant (issue 11); absent in older entries. */
  healed: Amount.default(0),
  blightsRemoved: boundedList(OutcomeId, MAX_LIST_ITEMS, 'blights').default([]),
  againstBlighted: z.boolean().default(false),
  nextAbility: z
    .object({ to: z.enum(['receiver', 'user']), bonus: AbilityBonusSchema })
    .nullable()
    .default(null),
  refused: boundedList(Reason, MAX_LIST_ITEMS, 'refusals'),
  text: Reason,
});
export type EffectOutcomeRecord = z.infer<typeof EffectOutcomeSchema>;

/** Everything an attack did ("Attacks"): the roll, then each component (target state: in the diff). */
export const AttackOutcomeSchema = z.object({
  kind: z.literal('attack'),
  ability: boundedText(MAX_NAME_CHARS),
  attackerId: OutcomeId,
  targetId: OutcomeId,
  modifiers: boundedList(RollModifierSchema, MAX_LIST_ITEMS * 2, 'modifiers'),
  cover: z.boolean(),
  roll: AttackRollSchema,
  result: z.enum(['miss', 'hit', 'critical']),
  effects: boundedList(EffectOutcomeSchema, MAX_LIST_ITEMS, 'effects'),
});
export type AttackOutcomeRecord = z.infer<typeof AttackOutcomeSchema>;

/** One end-of-turn save against one status ("Statuses and other effects"). */
export const StatusSaveSchema = z.object({
  statusId: OutcomeId,
  ongoing: z.boolean(),
  roll: SaveRollSchema.nullable(),
  ended: z.boolean(),
});
export type StatusSave = z.infer<typeof StatusSaveSchema>;
