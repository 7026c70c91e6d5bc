import { z } from 'zod';
import {
  atMost,
  boundedList,
  boundedText,
  MAX_BOONS,
  MAX_CATALOG_STATUSES,
  MAX_NAME_CHARS,
  MAX_TEXT_CHARS,
} from './limits';

/** A boon or curse a status puts on a kind of roll. `attacked` = attack rolls made against the bearer. */
export const StatusRollEffectSchema = z.object({
  roll: z.enum(['attack', 'save', 'attacked']),
  kind: z.enum(['boon', 'curse']),
  count: z.number().int().min(1).max(MAX_BOONS, atMost(MAX_BOONS, 'boons or curses per effect')).default(1),
});
export type StatusRollEffect = z.infer<typeof StatusRollEffectSchema>;

/**
 * One entry of a room's status catalog. ICON's own status list is not in our rules text, so the
 * defaults below are ours (docs/rules/statuses.md#statuses); GMs add or replace entries per room.
 */
export const StatusSchema = z.object({
  id: z
    .string()
    .max(64, atMost(64, 'characters'))
    .regex(/^[a-z][a-z0-9-]*$/, 'expected a lower-case id like "slow" or "stone-skin"'),
  name: boundedText(MAX_NAME_CHARS).min(1),
  description: boundedText(MAX_TEXT_CHARS).min(1),
  /** Ongoing (off by default): the end-of-turn save cannot remove it. */
  ongoing: z.boolean().default(false),
  /** One per roll kind and boon/curse at most matters; 6 covers every combination. */
  rolls: boundedList(StatusRollEffectSchema, 6, 'roll effects').default([]),
  /** Bearer must take a slow turn. */
  forcesSlowTurn: z.boolean().default(false),
  /** Actions the bearer gets per turn instead of two; null = unchanged. */
  actionsPerTurn: z.number().int().min(0).max(2).nullable().default(null),
  /** Bearer may not use abilities with the attack tag or basic attacks. */
  preventsAttacks: z.boolean().default(false),
  /** Bearer may not use interrupts. */
  preventsInterrupts: z.boolean().default(false),
  /** Multiplier on Speed, rounded up (0.5 = half). */
  speedFactor: z.number().min(0).max(1).default(1),
  /**
   * Bearer flies / phases while it lasts (docs/rules.md "Flying and phasing at the table"). The
   * text has no such statuses (its statuses are negative effects), so no default entry sets these;
   * a GM adds one for an ability that grants flight.
   */
  grantsFlying: z.boolean().default(false),
  grantsPhasing: z.boolean().default(false),
});
export type Status = z.infer<typeof StatusSchema>;
export type StatusInput = z.input<typeof StatusSchema>;

/** A room's catalog: ids must be unique. */
export const StatusCatalogSchema = boundedList(
  StatusSchema,
  MAX_CATALOG_STATUSES,
  'statuses in a catalog',
).refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'status ids must be unique');
export type StatusCatalog = z.infer<typeof StatusCatalogSchema>;

const DEFAULT_STATUS_INPUT: StatusInput[] = [
  {
    id: 'slow',
    name: 'Slow',
    description: 'Moves at half Speed (rounded up) and has to act on a slow turn.',
    forcesSlowTurn: true,
    speedFactor: 0.5,
  },
  {
    id: 'dazed',
    name: 'Dazed',
    description: 'Reeling: gets only one action on each of its turns.',
    actionsPerTurn: 1,
  },
  {
    id: 'weakened',
    name: 'Weakened',
    description: 'Its attack rolls take a curse.',
    rolls: [{ roll: 'attack', kind: 'curse', count: 1 }],
  },
  {
    id: 'blinded',
    name: 'Blinded',
    description: 'Cannot see well: its attack rolls take a curse and attacks against it gain a boon.',
    rolls: [
      { roll: 'attack', kind: 'curse', count: 1 },
      { roll: 'attacked', kind: 'boon', count: 1 },
    ],
  },
  {
    id: 'vulnerable',
    name: 'Vulnerable',
    description: 'Exposed: attack rolls against it gain a boon.',
    rolls: [{ roll: 'attacked', kind: 'boon', count: 1 }],
  },
  {
    id: 'pacified',
    name: 'Pacified',
    description: 'Will not fight: cannot use attacks.',
    preventsAttacks: true,
  },
  {
    id: 'sealed',
    name: 'Sealed',
    description: 'Cannot react: cannot use interrupts.',
    preventsInterrupts: true,
  },
  {
    id: 'stunned',
    name: 'Stunned',
    description: 'Gets no actions on its turn (it may still move) and its saves take a curse.',
    actionsPerTurn: 0,
    rolls: [{ roll: 'save', kind: 'curse', count: 1 }],
  },
];

/** The statuses every new room starts with (our own wording; see docs/rules/statuses.md#statuses). */
export const DEFAULT_STATUS_CATALOG: StatusCatalog = StatusCatalogSchema.parse(DEFAULT_STATUS_INPUT);

/**
 * The four blight kinds (our choice; the rules text only says four are possible). Each one the
 * bearer has deals 1 armor-ignoring damage at the start of its turn, never taking it below 1 HP.
 */
export const BLIGHT_IDS = ['burning', 'frostbite', 'poisoned', 'electrified'] as const;
/** Validator for a blight kind. */
export const BlightIdSchema = z.enum(BLIGHT_IDS);
export type BlightId = z.infer<typeof BlightIdSchema>;

/** What each blight is, for tooltips (our own flavour). */
export const BLIGHT_DESCRIPTIONS: Record<BlightId, string> = {
  burning: 'On fire: 1 damage at the start of each turn until put out.',
  frostbite: 'Frozen flesh: 1 damage at the start of each turn until thawed.',
  poisoned: 'Toxins in the blood: 1 damage at the start of each turn until purged.',
  electrified: 'Crackling charge: 1 damage at the start of each turn until grounded.',
};
