import { z } from 'zod';
import { CellSchema } from '../cell';
import { boundedList, MAX_TOKENS } from '../limits';
import { RollModifierSchema } from '../modifier';
import { Amount, AttackOutcomeSchema, DamageRollSchema, OutcomeId } from '../rollRecord';
import { Id, Name, ShoveDirection } from './common';
import { Forced } from './forceMove';

/** The basic attacks every PC has, besides the attack abilities of its stat block. */
export const BASIC_ATTACK_IDS = ['basic-melee', 'basic-ranged', 'basic-heavy'] as const;

/**
 * A single-target attack: a basic attack or an ability with the attack tag, against a character
 * (`targetId`) or a destructible terrain square (`targetCell`, docs/rules.md "Destructible terrain").
 */
export const AttackIntentSchema = z.object({
  kind: z.literal('attack'),
  attackerId: Id,
  targetId: Id.optional(),
  targetCell: CellSchema.optional(),
  abilityId: Id,
  ...ShoveDirection,
  /** Extra boons/curses the GM grants (source 'gm'); refused from players. */
  modifiers: z.array(RollModifierSchema).max(10).default([]),
});

export const AttackResultSchema = AttackOutcomeSchema.extend({
  /** Squares between the footprints, and the range after the height bonus. */
  distance: Amount,
  effectiveRange: Amount,
  ...Forced,
});

/** One destructible square hit ("Destructible terrain"): HP and height before and after. */
export const TerrainHitSchema = CellSchema.extend({
  damage: Amount,
  hpBefore: Amount,
  hpAfter: Amount,
  heightBefore: Amount,
  heightAfter: Amount,
  destroyed: z.boolean(),
});
export type TerrainHit = z.infer<typeof TerrainHitSchema>;
export const TerrainHits = boundedList(TerrainHitSchema, MAX_TOKENS * 8, 'damaged squares');

/**
 * An attack on destructible terrain (attack intent with `targetCell`): it hits automatically and
 * the rolled damage lowers the square a level per 10 HP (docs/rules.md "Destructible terrain").
 */
export const TerrainDamageOutcomeSchema = z.object({
  kind: z.literal('terrain-damage'),
  sourceId: OutcomeId,
  ability: Name.optional(),
  damage: DamageRollSchema.nullable().optional(),
  squares: TerrainHits,
});
