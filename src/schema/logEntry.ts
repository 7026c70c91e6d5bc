import { z } from 'zod';
import { IncomingDamageSchema } from './incomingDamage';
import { CombatantFieldsSchema } from './combatant';
import { LenientOutcomeSchema } from './outcome';
import { TableDiffSchema } from './tableDiff';
import {
  atMost,
  boundedList,
  boundedRecord,
  boundedText,
  MAX_ID_CHARS,
  MAX_NAME_CHARS,
  MAX_STAT,
  MAX_TEXT_CHARS,
  MAX_TOKENS,
} from './limits';

const Id = boundedText(MAX_ID_CHARS).min(1);

/** What a log line records; the UI picks an icon and a colour by kind. */
export const LOG_KINDS = [
  'move',
  'attack',
  'area',
  'save',
  'damage',
  'status',
  'turn',
  'basic-action',
  'reveal',
  'gm',
  'note',
] as const;
export const LogKindSchema = z.enum(LOG_KINDS);

/**
 * One character's part of a pending result as rooms before the table diff stored it: only the
 * fields the roll changes, before and after. Read only, and turned into a diff on read.
 */
const LegacyPendingChangeSchema = z.object({
  tokenId: Id,
  before: CombatantFieldsSchema,
  after: CombatantFieldsSchema,
});

/** A stored pending result's `changes` (older rooms) as the diff it means; others as they are. */
function migratePendingChanges(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || 'diff' in raw || !('changes' in raw)) return raw;
  const { changes, ...rest } = raw as { changes: unknown };
  const parsed = boundedList(LegacyPendingChangeSchema, MAX_TOKENS, 'changed characters').safeParse(changes);
  if (!parsed.success) return raw;
  const tokens = parsed.data.map((c) => ({
    tokenId: c.tokenId,
    state: { before: c.before, after: c.after },
  }));
  return { ...rest, diff: { tokens, terrain: [] } };
}

/** Rolled damage as it arrives at the target (the rules engine's IncomingDamage, amount summed). */
export const PendingDamageSchema = IncomingDamageSchema.extend({
  tokenId: Id,
  /** Rolled damage before armor, resistance and vigor: the number the GM may override. */
  amount: z
    .number()
    .int()
    .min(0)
    .max(MAX_STAT * 10, atMost(MAX_STAT * 10, '')),
});
export type PendingDamage = z.infer<typeof PendingDamageSchema>;

/**
 * A roll whose state change waits for one click (room setting `applyResults: 'on-confirm'`,
 * docs/combat.md "Apply on confirm"). The dice are final; `diff` is what Apply writes.
 */
export const PendingResultSchema = z.preprocess(
  migratePendingChanges,
  z.object({
    status: z.enum(['pending', 'applied', 'discarded']),
    /** What Apply writes (every `before` must still hold, else the result is stale). */
    diff: TableDiffSchema,
    /** The one damaged character whose rolled damage may be overridden; null = nothing to override. */
    damage: PendingDamageSchema.nullable().default(null),
    /** Who applied or discarded it (display name) and when (ms since the epoch). */
    settledBy: boundedText(MAX_NAME_CHARS).optional(),
    settledAt: z.number().int().nonnegative().optional(),
    /** The GM's replacement for `damage.amount`: the original is kept beside it. */
    override: z
      .object({ original: z.number().int(), value: z.number().int(), by: boundedText(MAX_NAME_CHARS) })
      .optional(),
  }),
);
export type PendingResult = z.infer<typeof PendingResultSchema>;

/**
 * What players were shown instead of a full line kept in the secrets doc (a stat block the GM
 * keeps hidden is involved): the public twin's words, and whether it keeps the dice.
 */
export const RedactedLineSchema = z.object({
  summary: z.string().min(1),
  details: z.array(z.string()).default([]),
  // Players keep the dice when only a foe's HP is kept from them (room setting `foeHp`): the
  // dice tell damage dealt, which the line says anyway; with hidden stats they would tell more.
  dice: z.boolean().default(false),
});

/**
 * One line of the shared log: every resolution with its dice and modifiers. `outcome` holds the
 * rules engine's plain-data outcome untouched, so any number in `summary`/`details` can be
 * explained and replayed. GM-only entries are stored in the secrets doc, never in the public one.
 */
export const LogEntrySchema = z.object({
  id: Id,
  /** Milliseconds since the Unix epoch, as written by the resolver. */
  at: z.number().int().nonnegative(),
  kind: LogKindSchema,
  /** Token or user that caused it ("gm" for the GM's manual edits). */
  actor: boundedText(MAX_NAME_CHARS).min(1),
  summary: boundedText(MAX_TEXT_CHARS).min(1),
  /** Extra human-readable lines: each die, each boon/curse and its reason, each damage step. */
  details: boundedList(boundedText(MAX_TEXT_CHARS), 1_000, 'detail lines').default([]),
  /** Every die rolled for this entry, in order, as [sides, result] pairs. */
  dice: boundedList(
    z.tuple([z.number().int().positive().max(100), z.number().int().positive().max(100)]),
    10_000,
    'dice',
  ).default([]),
  /**
   * One kind of the outcome union (OutcomeSchema, src/schema/outcome.ts). Read leniently: rooms from earlier
   * versions hold outcomes of older shapes; such an entry keeps its text and dice, its outcome
   * reads as absent. Writers parse strictly (IntentWrites). Still bounded JSON first.
   */
  outcome: LenientOutcomeSchema.optional(),
  /**
   * What this entry changed on the table, when it was applied (not on a pending result's own
   * entry: its diff waits in `pending`). The GM's "Undo this application" writes it back.
   */
  diff: TableDiffSchema.optional(),
  /** Present when the entry's state change waits for Apply (or was applied/discarded later). */
  pending: PendingResultSchema.optional(),
  gmOnly: z.boolean().default(false),
  /**
   * Only on a full entry kept in the secrets doc because it involves a stat block the GM keeps
   * hidden: what players were shown instead (the public twin with the same id). docs/table.md
   * "Foes with hidden stats".
   */
  redacted: RedactedLineSchema.optional(),
  /**
   * The names of the characters it concerns as they were when it was written (token id → name),
   * so a character removed or renamed since still reads by name (issue 32). Absent in older entries.
   */
  names: boundedRecord(boundedText(MAX_NAME_CHARS), MAX_TOKENS, 'names').optional(),
  /** The scene it happened in (docs/table/scenes.md); absent in rooms that had one scene then. */
  scene: boundedText(MAX_ID_CHARS).optional(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

/**
 * A line's fields without its outcome: a writer that has just parsed the outcome strictly
 * (IntentWrites) checks the rest with this, so the outcome is parsed once per write.
 */
export const LogEntryFieldsSchema = LogEntrySchema.omit({ outcome: true });

/** Chat lines live in ./chat (issue 15); re-exported for older imports. */
export { ChatMessageSchema, type ChatMessage } from './chat';
