import { z } from 'zod';
import { AbilitySchema, DamageTypeSchema } from './ability';
import {
  atMost,
  boundedList,
  boundedText,
  MAX_LIST_ITEMS,
  MAX_MAP_SIDE,
  MAX_NAME_CHARS,
  MAX_STAT,
  MAX_TEXT_CHARS,
} from './limits';

/** A statistic: a whole number up to MAX_STAT. */
const Stat = z.number().int().max(MAX_STAT, atMost(MAX_STAT, '')).min(-MAX_STAT, `at least -${MAX_STAT}`);

/** Version of stored character/foe stat blocks; bump with a migration when the shape changes. */
export const STAT_BLOCK_SCHEMA_VERSION = 1;

/** Damage die by its number of sides (d4..d12). */
export const DamageDieSchema = z.literal([4, 6, 8, 10, 12], {
  error: 'expected a damage die by its sides: 4, 6, 8, 10 or 12',
});
export type DamageDie = z.infer<typeof DamageDieSchema>;

/** The statistics every combatant has ("Characters in tactical combat"). */
const sharedStats = {
  schemaVersion: z.literal(STAT_BLOCK_SCHEMA_VERSION).default(STAT_BLOCK_SCHEMA_VERSION),
  name: boundedText(MAX_NAME_CHARS).min(1),
  /** Baseline health; max HP = 4 × Health, wounds and vigor come in units of Health. */
  health: Stat.min(1),
  defense: Stat.min(0),
  armor: Stat.min(0).default(0),
  /** Squares per standard move. */
  speed: Stat.min(0).max(MAX_MAP_SIDE, `a speed is at most ${MAX_MAP_SIDE} squares (the largest map side)`),
  attackBonus: Stat,
  frayDamage: Stat.min(0),
  damageDie: DamageDieSchema,
  /** Damage types this combatant resists (halved). Cover adds resistance against ranged attacks. */
  resistances: boundedList(DamageTypeSchema.exclude(['godly']), 2, 'resistances').default([]),
  abilities: boundedList(AbilitySchema, MAX_LIST_ITEMS, 'abilities').default([]),
  /** Passive traits, shown as text. */
  traits: boundedList(
    z.object({ name: boundedText(MAX_NAME_CHARS).min(1), text: boundedText(MAX_TEXT_CHARS) }),
    MAX_LIST_ITEMS,
    'traits',
  ).default([]),
};

/** A basic attack's reach and damage type ("Every character has basic attacks, both melee & ranged"). */
export const BasicAttackSchema = z.object({
  range: Stat.min(1).max(MAX_MAP_SIDE, `a range is at most ${MAX_MAP_SIDE} squares (the largest map side)`),
  damageType: DamageTypeSchema.default('physical'),
});
export type BasicAttack = z.infer<typeof BasicAttackSchema>;

/** A player character (or allied NPC built like one): size 1, with basic melee and ranged attacks. */
export const PlayerCharacterSchema = z.object({
  kind: z.literal('pc'),
  ...sharedStats,
  size: z.literal(1).default(1),
  basicAttacks: z.object({ melee: BasicAttackSchema, ranged: BasicAttackSchema }),
  /** Elixirs at the start of each expedition (the rule says 2). */
  elixirs: Stat.min(0).default(2),
});
export type PlayerCharacter = z.infer<typeof PlayerCharacterSchema>;

/** Foe templates: how the GM built it. Mobs never return from an edge; the engine otherwise treats all alike. */
export const FoeTemplateSchema = z.enum(['normal', 'elite', 'mob', 'legend']);
export type FoeTemplate = z.infer<typeof FoeTemplateSchema>;

/** A hostile character: any Size, no basic attacks (foes act through abilities only). */
export const FoeSchema = z.object({
  kind: z.literal('foe'),
  ...sharedStats,
  /** Side length in squares of its square footprint. */
  size: z.number().int().min(1).max(10).default(1),
  template: FoeTemplateSchema.default('normal'),
});
export type Foe = z.infer<typeof FoeSchema>;

/** Either stat block, told apart by `kind`. */
export const StatBlockSchema = z.discriminatedUnion('kind', [PlayerCharacterSchema, FoeSchema]);
export type StatBlock = z.infer<typeof StatBlockSchema>;
export type StatBlockInput = z.input<typeof StatBlockSchema>;

/** Maximum HP before wounds: 4 × Health ("Hit Points"). */
export function baseMaxHp(stats: Pick<StatBlock, 'health'>): number {
  return 4 * stats.health;
}
