import { z } from 'zod';
import { AbilitySchema, DamageTypeSchema } from './ability';
import { boundedList, boundedText, MAX_LIST_ITEMS, MAX_MAP_SIDE, MAX_NAME_CHARS } from './limits';
import { BasicAttackSchema, DamageDieSchema, Stat, TraitSchema } from './combatStats';
import { CharacterSheetSchema } from './characterSheet';
import { AssetHashSchema } from './asset';

export { BasicAttackSchema, DamageDieSchema } from './combatStats';
export type { BasicAttack, DamageDie } from './combatStats';

/** Version of stored character/foe stat blocks; bump with a migration when the shape changes. */
export const STAT_BLOCK_SCHEMA_VERSION = 1;

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
  traits: boundedList(TraitSchema, MAX_LIST_ITEMS, 'traits').default([]),
  /**
   * The token's picture (issue 14 "Token art"): an image uploaded to the room, by content hash,
   * drawn inside the side-coloured ring. Kept with the stat block, so a hidden foe's stays secret.
   */
  portrait: AssetHashSchema.optional(),
};

/** A player character (or allied NPC built like one): size 1, with basic melee and ranged attacks. */
export const PlayerCharacterSchema = z.object({
  kind: z.literal('pc'),
  ...sharedStats,
  size: z.literal(1).default(1),
  basicAttacks: z.object({ melee: BasicAttackSchema, ranged: BasicAttackSchema }),
  /** Elixirs at the start of each expedition (the rule says 2). */
  elixirs: Stat.min(0).default(2),
  /**
   * The character sheet (jobs, level, learned abilities), when the character has one: its
   * combat stats and `abilities` are then derived from it (src/rules/characterSheet.ts).
   */
  sheet: CharacterSheetSchema.optional(),
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
