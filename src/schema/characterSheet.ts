import { z } from 'zod';
import { AbilitySchema, DamageTypeSchema } from './ability';
import { BasicAttackSchema, DamageDieSchema, Stat, TraitSchema } from './combatStats';
import { flagDuplicates, WHEN_OBJECT } from './flagDuplicates';
import {
  boundedList,
  boundedText,
  MAX_LIST_ITEMS,
  MAX_MAP_SIDE,
  MAX_NAME_CHARS,
  MAX_NOTE_CHARS,
  MAX_TEXT_CHARS,
} from './limits';

/**
 * A player character's sheet as the rules text builds a character ("Characters in tactical
 * combat"): jobs within classes, a current job, a level, abilities learned from jobs, talents and
 * master talents. It is the shape only; what the rules allow is src/rules/characterSheet.ts, and
 * the stat block the engine reads is derived from it there (`deriveStatBlock`).
 */

/** "levels 5, 10, 12": the text's last named level. */
export const MAX_LEVEL = 12;
export const MAX_JOBS = 3;
/** "you can only have six active [abilities], plus one Limit Break". */
export const MAX_ACTIVE_ABILITIES = 6;
/** "Each ability has two tiers of talent." */
export const MAX_TALENTS = 2;
/** Levels at which a character may take a mastery point instead of a new job. */
export const MASTERY_INSTEAD_OF_JOB_LEVELS = [4, 8] as const;

const Name = boundedText(MAX_NAME_CHARS).min(1, 'a name is needed');

/** The numbers a job sets ("Health … mostly determined by your class"): a stat block's combat stats. */
export const JobStatsSchema = z.object({
  health: Stat.min(1),
  defense: Stat.min(0),
  armor: Stat.min(0).default(0),
  speed: Stat.min(0).max(MAX_MAP_SIDE, `a speed is at most ${MAX_MAP_SIDE} squares (the largest map side)`),
  attackBonus: Stat,
  frayDamage: Stat.min(0),
  damageDie: DamageDieSchema,
  resistances: boundedList(DamageTypeSchema.exclude(['godly']), 2, 'resistances').default([]),
  basicAttacks: z.object({ melee: BasicAttackSchema, ranged: BasicAttackSchema }),
});
export type JobStats = z.infer<typeof JobStatsSchema>;

/** One of the character's jobs: its class, combat numbers, passive traits and Limit Break. */
export const JobSchema = z.object({
  name: Name,
  class: Name,
  stats: JobStatsSchema,
  traits: boundedList(TraitSchema, MAX_LIST_ITEMS, 'traits').default([]),
  /** "determined by your current job": in play from level 2 while this is the current job. */
  limitBreak: AbilitySchema.optional(),
  /** "Unlike normal talents, Limit Breaks also have a master talent." */
  limitBreakMasterTalent: z.boolean().default(false),
});
export type Job = z.infer<typeof JobSchema>;

/** A talent written out: its name and what it does (the sheet keeps a group's own text). */
export const TalentTextSchema = z.object({
  name: boundedText(MAX_NAME_CHARS),
  text: boundedText(MAX_TEXT_CHARS).default(''),
});
export type TalentText = z.infer<typeof TalentTextSchema>;

/**
 * An ability the character learned, with where it came from. Whether it is a gambit is not
 * stored: an active ability from outside the current job's class IS one (rules/characterSheet.ts).
 */
export const LearnedAbilitySchema = z.object({
  ability: AbilitySchema,
  /** The job it was learned from, and that job's class. */
  job: Name,
  class: Name,
  active: z.boolean().default(false),
  talents: z
    .number()
    .int()
    .min(0, 'talents are 0, 1 or 2')
    .max(MAX_TALENTS, 'each ability has two tiers of talent')
    .default(0),
  masterTalent: z.boolean().default(false),
  /** What each talent tier taken says, in order (tier 1, tier 2); older sheets have none. */
  talentTexts: z.array(TalentTextSchema).max(MAX_TALENTS, 'each ability has two tiers of talent').optional(),
  /** What the master talent says, when it is written out. */
  masterTalentText: TalentTextSchema.optional(),
});
export type LearnedAbility = z.infer<typeof LearnedAbilitySchema>;

export const CharacterSheetSchema = z
  .object({
    level: z.number().int().min(1, 'levels start at 1').max(MAX_LEVEL, `the highest level is ${MAX_LEVEL}`),
    jobs: z
      .array(JobSchema)
      .min(1, 'a character has one to three jobs')
      .max(MAX_JOBS, 'a character has one to three jobs'),
    /** The job chosen for this expedition, by name. */
    currentJob: Name,
    abilities: boundedList(LearnedAbilitySchema, MAX_LIST_ITEMS, 'abilities').default([]),
    /** Levels (4 and/or 8) at which the character took a mastery point instead of a new job. */
    masteryInsteadOfJob: z
      .array(z.literal(MASTERY_INSTEAD_OF_JOB_LEVELS, { error: 'expected level 4 or 8' }))
      .max(2)
      .default([]),
    notes: boundedText(MAX_NOTE_CHARS).default(''),
  })
  .superRefine(flagDuplicates('jobs', 'name'), WHEN_OBJECT)
  .superRefine((sheet, ctx) => {
    // Names are unique within a stat block: the engine finds and counts abilities by name.
    const seen = new Set<string>();
    sheet.abilities.forEach((learned, i) => {
      const name = learned.ability.name;
      if (seen.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['abilities', i, 'ability', 'name'],
          message: `'${name}' is used twice`,
        });
      seen.add(name);
    });
  });
export type CharacterSheet = z.infer<typeof CharacterSheetSchema>;
export type CharacterSheetInput = z.input<typeof CharacterSheetSchema>;
