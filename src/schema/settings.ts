import { z } from 'zod';
import { DEFAULT_STATUS_CATALOG, StatusCatalogSchema } from './status';
import { atMost, MAX_STAT } from './limits';

const Small = z.number().int().min(0).max(MAX_STAT, atMost(MAX_STAT, ''));

/**
 * Rule interpretations where reasonable tables differ, one switch each. Defaults are what we think
 * a GM expects; docs/rules.md explains each one.
 */
export const TallTerrainBlocksSightSchema = z.enum(['adjacent-only', 'anywhere']);
/**
 * Which terrain taller than a character hides what is behind it: only terrain next to one of the
 * two characters (the rules as written) or, in addition, terrain anywhere between them that rises
 * above both (docs/rules.md "Line of sight").
 */
export type TallTerrainBlocksSight = z.infer<typeof TallTerrainBlocksSightSchema>;

/** Fog of war's setting (docs/table/fog-of-war.md): off, the party's sight, or each player's own. */
export const VisionSchema = z.enum(['off', 'party', 'per-player']);
export type Vision = z.infer<typeof VisionSchema>;

/**
 * What players receive of a foe's HP: the numbers (`exact`), only whether it is bloodied
 * (`bloodied`), or nothing but its defeat (`hidden`). Applied by not sending: docs/table.md
 * "Foe HP players see".
 */
export const FoeHpSchema = z.enum(['exact', 'bloodied', 'hidden']);
export type FoeHp = z.infer<typeof FoeHpSchema>;

export const RoomSettingsSchema = z.object({
  /** Order of the reductions before vigor: armor first (default) or resistance first. */
  damageOrder: z.enum(['armor-then-resistance', 'resistance-then-armor']).default('armor-then-resistance'),
  /** Several resistances (type + cover) halve once (false) or once each (true). */
  resistanceStacks: z.boolean().default(false),
  /** Light/heavy/critical add the fray damage to the dice (true) or are dice only (false). */
  frayAddsToDice: z.boolean().default(true),
  /** A critical (total ≥ 20) hits even when the target's Defense is above the total. */
  criticalAlwaysHits: z.boolean().default(true),
  /** Max vigor as a multiple of Health before wounds (each wound lowers it by one Health). */
  maxVigorHealthMultiple: Small.max(10, atMost(10, '× Health')).default(4),
  /** Blights stop at this many HP ("cannot reduce past 1"). */
  blightFloorHp: Small.default(1),
  /** Elixirs each character starts an expedition with. */
  elixirsPerExpedition: Small.default(2),
  /** Which side starts round 1 ("A player character takes the first turn"). */
  firstSide: z.enum(['party', 'foes']).default('party'),
  /** Whack's 1 physical damage ignores armor (true) or armor reduces it like any damage (false). */
  whackIgnoresArmor: z.boolean().default(false),
  /** Fall damage (1 per level fallen, only for drops of 2+ levels) ignores armor (true) or not. */
  fallDamageIgnoresArmor: z.boolean().default(false),
  /**
   * Fog of war (docs/table/fog-of-war.md), by the attacks' line of sight, unlimited range:
   * `party` = a revealed foe is sent to players only while some party character sees it;
   * `per-player` = each player is sent the characters their own characters see (foes and other
   * players' characters); `off` = every revealed token is sent to everyone.
   */
  vision: VisionSchema.default('off'),
  /** Tall terrain blocks sight only next to a character (rules as written) or anywhere between. */
  tallTerrainBlocksSight: TallTerrainBlocksSightSchema.default('adjacent-only'),
  /**
   * When an attack, area or effect roll changes characters: at once (`immediately`) or after one
   * click on Apply (`on-confirm`: the dice are final, the change waits on the log entry; issue 6).
   */
  applyResults: z.enum(['immediately', 'on-confirm']).default('immediately'),
  /** The room's status catalog; GMs add or edit entries. */
  statuses: StatusCatalogSchema.default(DEFAULT_STATUS_CATALOG),
  /**
   * A ranged area attack is a ranged attack: +1 range per level its user stands above a placed
   * square, and +1 curse on its roll when its user is next to a foe (true, the text), or neither.
   */
  rangedAreaIsRangedAttack: z.boolean().default(true),
  /** Plain effects (no attack roll) also gain +1 range per level of height (the text: attacks only). */
  effectsGainHeightRange: z.boolean().default(false),
  /** Cover judged from the origin resists every area ability (true, the text) or only ranged ones. */
  areaCoverForEveryArea: z.boolean().default(true),
  /** A slow turn is declared at the start of combat or of a round (the text), or at any time. */
  slowTurnDeclaredAt: z.enum(['round-start', 'any-time']).default('round-start'),
  /** Round 1's first turn stays with the starting side even if all of it is slow (the text). */
  firstTurnBeatsSlow: z.boolean().default(true),
  /** Defeated player characters still obstruct foes (the text lifts obstruction for foes only). */
  defeatedPlayersObstruct: z.boolean().default(true),
  /** A move may end on an ally's space and only the TURN may not (`turn`, the text), or no move may. */
  allySpaceForbids: z.enum(['turn-end', 'move-end']).default('turn-end'),
  /**
   * Resolve each player character gains when a new round begins. The text only says Resolve
   * "builds up slowly over combat" and gives no rate; 1 a round is the slowest steady whole-number
   * rate (docs/rules.md "Resolve and Limit Breaks").
   */
  resolvePerRound: Small.max(10, atMost(10, 'Resolve a round')).default(1),
  /**
   * Wounds an interlude heals. The text says wounds are recovered only during interludes and sets
   * no limit, so the default (3, the most a living character has) heals them all.
   */
  woundsPerInterlude: z.number().int().min(0).max(3, atMost(3, 'wounds')).default(3),
  /**
   * Foes' HP, vigor and wounds as players receive them (issue 12): `bloodied` by default, so a
   * table learns what the rulebook's "bloodied" tells and no more; the GM always sees everything.
   */
  foeHp: FoeHpSchema.default('bloodied'),
  /**
   * Players may not edit their characters' sheets while combat runs (issue 13): the GM's switch,
   * off by default; the server refuses (docs/table.md "Character sheets").
   */
  lockSheetsInCombat: z.boolean().default(false),
});
export type RoomSettings = z.infer<typeof RoomSettingsSchema>;
export type RoomSettingsInput = z.input<typeof RoomSettingsSchema>;

/** Settings with every default filled in. */
export const DEFAULT_ROOM_SETTINGS: RoomSettings = RoomSettingsSchema.parse({});
