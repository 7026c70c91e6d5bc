import { z } from 'zod';
import type { JsonValue } from './json';
import { jsonProblem, JsonValueSchema } from './json';
import { MapSchema } from './map';
import {
  atMost,
  boundedList,
  boundedText,
  MAX_ID_CHARS,
  MAX_LOG_ENTRIES,
  MAX_NAME_CHARS,
  MAX_TOKENS,
} from './limits';

/**
 * A log entry's replay record (docs/table/replay.md): what its outcome was computed from, so
 * anyone holding the room can compute it again. Kept for the GM only (the secrets doc's `replay`
 * root, the room file's `secrets.replay`); bulky facts are stored once, by content hash, in
 * `replayInputs`, and each record names them as a change to the previous record's facts.
 */

/** 128 bits of SHA-256 in base64url (src/lib/contentHash.ts). */
export const ContentHashSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'expected a content hash');

/** `map`, `turn`…, or a doc letter, a part letter and a token id (`pt:orc-1`: the public doc's token). */
export const FactKeySchema = z.string().max(MAX_ID_CHARS + 3, atMost(MAX_ID_CHARS + 3, 'characters'));

/** Facts one record may name: six room-wide ones and four per token in each doc. */
export const MAX_FACTS = 6 + MAX_TOKENS * 8;

/** The entries a recorded resolution can read besides the table: a log entry, an image's answer. */
const MAX_READS = 100;

const Id = boundedText(MAX_ID_CHARS).min(1);

export const ReplayActorSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('gm') }),
  z.object({
    role: z.literal('player'),
    characterIds: boundedList(Id, MAX_TOKENS, 'characters'),
  }),
]);

export const ReplayRecordSchema = z.object({
  /** `RULES_VERSION` (src/rules/rulesVersion.ts) when the outcome was computed. */
  rules: z.number().int().nonnegative(),
  /** Order of records in the room, from 1. */
  seq: z.number().int().positive(),
  actor: ReplayActorSchema,
  /** The intent as `applyIntent` parsed it; parsed again (IntentSchema) when replayed. */
  intent: JsonValueSchema,
  /** Every die drawn, in order, as [sides, result]. */
  dice: boundedList(
    z.tuple([z.number().int().positive().max(100), z.number().int().positive().max(100)]),
    10_000,
    'dice',
  ),
  now: z.number().int().nonnegative(),
  senderName: boundedText(MAX_NAME_CHARS),
  /** What the resolution read besides the table: log entries by id (hash of `{entry, secret}`, null = absent), images by hash. */
  reads: z
    .object({
      log: z
        .record(Id, ContentHashSchema.nullable())
        .refine((r) => Object.keys(r).length <= MAX_READS, atMost(MAX_READS, 'log entries read')),
      assets: z
        .record(z.string().max(MAX_ID_CHARS), z.boolean())
        .refine((r) => Object.keys(r).length <= MAX_READS, atMost(MAX_READS, 'images read')),
    })
    .partial()
    .default({}),
  /**
   * The facts, as a change to the record `base` (a log entry id) names: `set` adds or replaces a
   * fact's hash, `drop` removes it. `base: null` is a full record.
   */
  facts: z.object({
    base: Id.nullable(),
    set: z
      .record(FactKeySchema, ContentHashSchema)
      .refine((r) => Object.keys(r).length <= MAX_FACTS, atMost(MAX_FACTS, 'facts')),
    drop: boundedList(FactKeySchema, MAX_FACTS, 'dropped facts').default([]),
  }),
});
export type ReplayRecord = z.infer<typeof ReplayRecordSchema>;

/** Records in one room: one per log entry that carries an outcome (both logs' bound). */
export const MAX_REPLAY_RECORDS = MAX_LOG_ENTRIES * 2;
/** Stored facts in one room (a room file bound; a real fight adds a few per entry). */
export const MAX_REPLAY_INPUTS = 1_000_000;

/**
 * One stored fact: bounded plain JSON, or a map (a map with many destructible squares holds more
 * values than the JSON bound, and is bounded by its own schema).
 */
export const ReplayInputSchema = z.custom<JsonValue>().superRefine((value, ctx) => {
  const problem = jsonProblem(value);
  if (!problem || MapSchema.safeParse(value).success) return;
  ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});

/** The room file's replay part: records by log entry id, facts by content hash. */
export const ReplayContentSchema = z.object({
  records: z
    .record(Id, ReplayRecordSchema)
    .refine((r) => Object.keys(r).length <= MAX_REPLAY_RECORDS, atMost(MAX_REPLAY_RECORDS, 'replay records')),
  inputs: z
    .record(ContentHashSchema, ReplayInputSchema)
    .refine((r) => Object.keys(r).length <= MAX_REPLAY_INPUTS, atMost(MAX_REPLAY_INPUTS, 'replay facts')),
});
export type ReplayContent = z.infer<typeof ReplayContentSchema>;
