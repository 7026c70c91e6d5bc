import { z } from 'zod';
import { JsonValueSchema } from './json';
import { OutcomeId } from './rollRecord';
import { LISTED_OUTCOMES } from './actionSchemas';

export type { AbilityMoveOutcome, ForcedMoveOutcome } from './actions/forceMove';
export type { TerrainHit } from './actions/attack';

/**
 * Every outcome the server writes, one kind each (docs/table/ability-outcomes.md): what an
 * intent answers and what its log entry keeps, with every die and modifier so the log can
 * explain any number. Each is declared beside its action's intent (src/schema/actions/) and
 * listed once in src/schema/actionSchemas.ts. State changes are NOT here: they are the entry's
 * table diff (src/schema/tableDiff.ts). The result views are a record over the kinds
 * (src/ui/combat/resultViews.ts): a new kind does not compile until it has one.
 */
export const OutcomeSchema = z.discriminatedUnion('kind', LISTED_OUTCOMES);
export type Outcome = z.infer<typeof OutcomeSchema>;
export type OutcomeKind = Outcome['kind'];
export type OutcomeOf<K extends OutcomeKind> = Extract<Outcome, { kind: K }>;
export const OUTCOME_KINDS = OutcomeSchema.options.map((o) => o.shape.kind.value) as OutcomeKind[];

/**
 * What players receive instead when a stat block the GM keeps hidden is involved (docs/table.md
 * "Foes with hidden stats"): the kind, the attack verdict, the applied entry's id; nothing else.
 */
export const RedactedOutcomeSchema = z.object({
  kind: z.enum(OUTCOME_KINDS as [OutcomeKind, ...OutcomeKind[]]),
  result: z.enum(['hit', 'miss', 'critical']).optional(),
  logId: OutcomeId.optional(),
  redacted: z.literal(true),
});
export type RedactedOutcome = z.infer<typeof RedactedOutcomeSchema>;

/** An outcome as stored in the log and sent in an intent's answer. */
export const StoredOutcomeSchema = z.union([RedactedOutcomeSchema, OutcomeSchema]);
export type StoredOutcome = z.infer<typeof StoredOutcomeSchema>;

/**
 * A stored or received outcome, read leniently: bounded JSON first (src/schema/json.ts, refused
 * past the bound), then the union; a value of an older shape (rooms from earlier versions) reads
 * as absent instead of failing its whole log entry. Writers parse strictly with OutcomeSchema.
 */
export const LenientOutcomeSchema = JsonValueSchema.transform(
  (value): StoredOutcome | undefined => StoredOutcomeSchema.safeParse(value).data,
);

/** The full outcome, or null for a redacted one (the view then shows the entry's text). */
export function fullOutcome(outcome: StoredOutcome | undefined): Outcome | null {
  return outcome && !('redacted' in outcome) ? outcome : null;
}

/** Narrows a stored outcome to one kind (null when absent, redacted or another kind). */
export function outcomeOf<K extends OutcomeKind>(
  outcome: StoredOutcome | undefined,
  kind: K,
): OutcomeOf<K> | null {
  const full = fullOutcome(outcome);
  return full?.kind === kind ? (full as OutcomeOf<K>) : null;
}
