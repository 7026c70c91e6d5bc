import { z } from 'zod';
import type { StoredOutcome } from './outcome';
import { LenientOutcomeSchema } from './outcome';
import { JsonValueSchema, MAX_JSON_STRING_CHARS } from './json';
import { LISTED_INTENTS } from './actionSchemas';

/**
 * Everything a client can ask the server to do: the union of every action's intents
 * (src/schema/actionSchemas.ts). Players send intents; the server checks permission and
 * legality, rolls the dice and writes the outcome. Who may send which kind is each action's
 * `roles` (src/table/intents/actions.ts, docs/table/intents.md).
 */
export const IntentSchema = z.discriminatedUnion('kind', LISTED_INTENTS);
export type Intent = z.infer<typeof IntentSchema>;
export type IntentKind = Intent['kind'];
export type IntentOf<K extends IntentKind> = Extract<Intent, { kind: K }>;

/**
 * What the server answers: the outcome written to the log, or why it was refused. The browser
 * client parses every answer with it; the outcome is bounded JSON here and read as an outcome
 * only where a panel needs it (`readAnswerOutcome`): the same outcome reaches the page in its log
 * entry, parsed once there, so an attack's outcome is parsed once on each side (issue 31).
 */
export const IntentResultSchema = z.union([
  z.object({ ok: z.literal(true), outcome: JsonValueSchema.optional() }),
  z.object({ ok: z.literal(false), reason: z.string().max(MAX_JSON_STRING_CHARS) }),
]);
/** What the server resolves (its outcome as written) and the page receives (`IntentResultSchema`). */
export type IntentResult = { ok: true; outcome?: StoredOutcome } | { ok: false; reason: string };
export type IntentAnswer = z.infer<typeof IntentResultSchema>;

/** An answer's outcome as one kind of the union (older or unknown shapes read as absent). */
export function readAnswerOutcome(answer: IntentAnswer): StoredOutcome | undefined {
  return answer.ok && answer.outcome !== undefined ? LenientOutcomeSchema.parse(answer.outcome) : undefined;
}

/**
 * Optional on every intent (beside its own fields): a random key the client picks per intent and
 * sends again when it retries, so a retried request is applied once and answers the first result.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8 to 64 letters, digits, "-" or "_"');
export const IntentKeySchema = z.object({ idempotencyKey: IdempotencyKeySchema.optional() });
