import { z } from 'zod';
import { AbilityBonusSchema } from './abilityBonus';
import { AreaPatternSchema } from './area';
import { ForcedMoveSpecSchema } from './forcedMove';
import { BlightIdSchema } from './status';
import { StoredTriggerSchema } from './trigger';
import {
  atMost,
  boundedList,
  boundedText,
  MAX_BOONS,
  MAX_LIST_ITEMS,
  MAX_MAP_SIDE,
  MAX_NAME_CHARS,
  MAX_STAT,
  MAX_TEXT_CHARS,
} from './limits';

/** A whole number 0..MAX_STAT, saying the bound when it is larger. */
const Count = z.number().int().min(0).max(MAX_STAT, atMost(MAX_STAT, ''));
const Name = boundedText(MAX_NAME_CHARS);
const Text = boundedText(MAX_TEXT_CHARS);

/** What using an ability costs on your turn ("Actions on a turn"). */
export const ABILITY_COSTS = ['1-action', '2-actions', '2-actions-and-move', 'free'] as const;
/** Validator for an ability cost. */
export const AbilityCostSchema = z.enum(ABILITY_COSTS);
export type AbilityCost = z.infer<typeof AbilityCostSchema>;

/** Damage types ("Damage"): godly ignores armor, resistance and vigor. */
export const DAMAGE_TYPES = ['physical', 'magical', 'godly'] as const;
/** Validator for a damage type. */
export const DamageTypeSchema = z.enum(DAMAGE_TYPES);
export type DamageType = z.infer<typeof DamageTypeSchema>;

/**
 * Damage tiers. `fray` is the class's fixed fray damage alone; light/heavy/critical add one/two/three
 * damage dice to it (interpretation: docs/rules/rolls-and-damage.md#damage).
 */
export const DAMAGE_TIERS = ['fray', 'light', 'heavy', 'critical'] as const;
/** Validator for a damage tier. */
export const DamageTierSchema = z.enum(DAMAGE_TIERS);
export type DamageTier = z.infer<typeof DamageTierSchema>;

/** Melee or ranged: cover only resists ranged attacks, and ranged attacks next to a foe take a curse. */
export const AttackKindSchema = z.enum(['melee', 'ranged']);
export type AttackKind = z.infer<typeof AttackKindSchema>;

/** "X/turn" or "X/round": how many times the ability may be repeated in that span. */
export const AbilityLimitSchema = z.object({
  times: Count.min(1),
  per: z.enum(['turn', 'round']),
});
export type AbilityLimit = z.infer<typeof AbilityLimitSchema>;

/** The tags the engine acts on; anything else goes in `keywords` for display. */
export const AbilityTagsSchema = z.object({
  /** The attack tag: only one such ability per round. */
  attack: z.boolean().default(false),
  /** Ignores armor. */
  pierce: z.boolean().default(false),
  /** "Interrupt X": usable X times between your turns, once per any turn; null = not an interrupt. */
  interrupt: Count.min(1).nullable().default(null),
  /** "X/turn" or "X/round"; null = the no-repeats rule applies. */
  limited: AbilityLimitSchema.nullable().default(null),
  /**
   * A Limit Break ("Limit Breaks"): the Resolve it spends; null = not a Limit Break. The text gives
   * no costs, so each Limit Break states its own (docs/rules.md "Resolve and Limit Breaks").
   */
  limitBreak: Count.min(1).nullable().default(null),
  /** Other tags shown as-is ("mark", "delay", "stance"...). */
  keywords: boundedList(Name.min(1), MAX_LIST_ITEMS, 'keywords').default([]),
});
export type AbilityTags = z.infer<typeof AbilityTagsSchema>;

/** A damage instruction: a tier of the user's damage, plus bonus/boost counts, or a flat amount. */
export const DamageSpecSchema = z.object({
  /** null = no rolled damage (only `flat`). */
  tier: DamageTierSchema.nullable().default(null),
  /** Extra dice rolled, keeping the highest normal count (ignored for fray). */
  bonus: z.number().int().min(0).max(MAX_BOONS, atMost(MAX_BOONS, 'bonus dice')).default(0),
  /** Tier steps up (ignored for fray). */
  boost: z.number().int().min(0).max(MAX_BOONS, atMost(MAX_BOONS, 'boosts')).default(0),
  /** Fixed damage added after rolling, e.g. Whack's 1. */
  flat: Count.default(0),
  /** Overrides the ability's damage type for this component. */
  type: DamageTypeSchema.optional(),
});
export type DamageSpec = z.infer<typeof DamageSpecSchema>;

/** Blight names (see status.ts BLIGHT_IDS), checked when applied so a typo is reported, not lost. */
const BlightNames = boundedList(Name.min(1), 4, 'blights');

/**
 * "Many abilities have enhanced effects against targets affected by certain blights": extra damage
 * when the receiver has the blight named (or any blight), and a bonus per blight it has.
 */
export const AgainstBlightedSchema = z.object({
  /** The blight that enables it, or `any` blight. */
  blight: z.union([z.literal('any'), BlightIdSchema]).default('any'),
  /** Added to the component's damage when the receiver has that blight. */
  bonus: z.number().int().min(0).max(MAX_BOONS, atMost(MAX_BOONS, 'bonus dice')).default(0),
  boost: z.number().int().min(0).max(MAX_BOONS, atMost(MAX_BOONS, 'boosts')).default(0),
  flat: Count.default(0),
  /** Flat damage per blight the receiver has ("+1 damage per blight"), on top of `flat`. */
  flatPerBlight: Count.default(0),
});
export type AgainstBlighted = z.infer<typeof AgainstBlightedSchema>;

/** A "your next ability" grant: to the component's receiver (default) or to the ability's user. */
export const NextAbilityGrantSchema = AbilityBonusSchema.extend({
  to: z.enum(['receiver', 'user']).default('receiver'),
});
export type NextAbilityGrant = z.infer<typeof NextAbilityGrantSchema>;

/** One component of an ability ("On hit:", "Miss:", "Effect:", "Area effect:"), as data plus text. */
export const EffectComponentSchema = z.object({
  damage: DamageSpecSchema.optional(),
  /** Status ids from the room's catalog (see status.ts). */
  statuses: boundedList(Name.min(1), MAX_LIST_ITEMS, 'statuses').default([]),
  /** Applied statuses that are ongoing (cannot be saved off). */
  ongoing: z.boolean().default(false),
  /** Blight ids (see status.ts BLIGHT_IDS). */
  blights: BlightNames.default([]),
  /** Vigor granted, in multiples of the receiver's Health. */
  vigor: Count.default(0),
  /** HP healed, in multiples of the receiver's Health ("Most healing effects ... a multiple of your Health"). */
  heal: Count.default(0),
  /** Blights removed from the receiver ("removed by an ability"): by name, or `all` of them. */
  removeBlights: z.union([z.literal('all'), BlightNames]).default([]),
  /** Stronger against blighted receivers. */
  againstBlighted: AgainstBlightedSchema.optional(),
  /** "Your next ability gains…": a bonus the next ability of the receiver (or user) consumes. */
  nextAbility: NextAbilityGrantSchema.optional(),
  /** Push, pull or shove N squares, resolved after the damage (docs/rules.md "Forced movement"). */
  forcedMove: ForcedMoveSpecSchema.optional(),
  /** The user and the receiver trade spaces, after the damage (docs/rules/movement.md "Swapping places"). */
  swapPlaces: z.boolean().optional(),
  /** Free text for everything the engine does not model (mark, teleport...). */
  text: Text.default(''),
});
export type EffectComponent = z.infer<typeof EffectComponentSchema>;

/** The to-hit part: rolled against the single target (or the attack space of an area). */
export const AttackComponentSchema = z.object({
  kind: AttackKindSchema,
  onHit: EffectComponentSchema,
  onMiss: EffectComponentSchema.optional(),
  /** Extra result on a critical hit, beyond the automatic damage boost. */
  onCritical: EffectComponentSchema.optional(),
});
export type AttackComponent = z.infer<typeof AttackComponentSchema>;

/** An ability as data. Names are unique within a stat block (the no-repeats rule counts by name). */
export const AbilitySchema = z
  .object({
    name: Name.min(1),
    cost: AbilityCostSchema,
    tags: AbilityTagsSchema.default({
      attack: false,
      pierce: false,
      interrupt: null,
      limited: null,
      limitBreak: null,
      keywords: [],
    }),
    /** Range in squares; null = no listed range (melee reach / self-origin areas). */
    range: z
      .number()
      .int()
      .min(0)
      .max(MAX_MAP_SIDE, `a range is at most ${MAX_MAP_SIDE} squares (the largest map side)`)
      .nullable()
      .default(null),
    /** "(self)": an area whose origin is the user and which may overlap the user. */
    self: z.boolean().default(false),
    area: AreaPatternSchema.optional(),
    damageType: DamageTypeSchema.default('physical'),
    attack: AttackComponentSchema.optional(),
    /** Applies to the area spaces of an area ability. */
    areaEffect: EffectComponentSchema.optional(),
    /** Happens without a roll (possibly conditional, see text). */
    effect: EffectComponentSchema.optional(),
    /** When an interrupt may be used: data the table detects, or free text (older plain strings). */
    trigger: StoredTriggerSchema.optional(),
    /** "Some abilities get bonuses from being used on a slow turn": the bonus, when used on one. */
    slowTurnBonus: AbilityBonusSchema.optional(),
    description: Text.default(''),
  })
  .refine((ability) => !ability.tags.attack || ability.attack !== undefined, {
    message: 'an ability tagged attack needs an attack component (kind, onHit)',
    path: ['attack'],
  })
  .refine((ability) => ability.tags.interrupt === null || ability.trigger !== undefined, {
    message: 'an interrupt needs a trigger',
    path: ['trigger'],
  });
export type Ability = z.infer<typeof AbilitySchema>;
export type AbilityInput = z.input<typeof AbilitySchema>;
