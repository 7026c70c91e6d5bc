import { RULES_VERSION } from '../../rules/rulesVersion';
import type { IntentKind } from '../../schema/intent';
import { IntentSchema } from '../../schema/intent';
import type { LogEntry } from '../../schema/logEntry';
import type { Outcome } from '../../schema/outcome';
import { fullOutcome, OutcomeSchema } from '../../schema/outcome';
import type { ReplayRecord } from '../../schema/replay';
import { canonicalJson } from '../../lib/contentHash';
import { tableStateOf } from '../snapshot';
import type { TableState } from '../snapshot';
import { describeDifference } from './describeDifference';
import { gmOverrideOf } from './gmOverrides';
import { partsRebuilder, RebuildError } from './rebuildParts';
import { LogReadSchema, rederive } from './rederive';
import type { ReplayStore } from './replayStore';
import { entryPlace } from './entryPlace';

/** How one log entry stands (docs/table/replay.md "Verdicts"); only `differs` is a failure. */
export type VerdictKind = 'verified' | 'differs' | 'older-rules' | 'gm-override' | 'older-entry';

export interface Verdict {
  readonly entryId: string;
  readonly kind: VerdictKind;
  /** A plain sentence: "Round 3, Brannoc's Shield Bash: stored 7 damage, re-derived 9". */
  readonly sentence: string;
}

export interface Verification {
  readonly verdicts: readonly Verdict[];
  readonly counts: Readonly<Record<VerdictKind, number>>;
  /** "214 of 214 outcomes re-derived; 3 GM overrides; 2 older entries". */
  readonly summary: string;
}

/**
 * Verifies a room's log (the GM's merged log, oldest first) against its replay records: each
 * entry that carries an outcome is re-derived from its record (its action run again on the
 * rebuilt table with its dice) and compared with the stored outcome; GM overrides, entries of
 * older rules and entries without a record are named, not failed. Pure.
 */
export function verifyLog(log: readonly LogEntry[], store: ReplayStore): Verification {
  const rebuilder = partsRebuilder(store);
  const verdicts: Verdict[] = [];
  for (const entry of log) {
    const verdict = verifyEntry(entry, rebuilder);
    if (verdict) verdicts.push(verdict);
  }
  const counts = { verified: 0, differs: 0, 'older-rules': 0, 'gm-override': 0, 'older-entry': 0 };
  for (const v of verdicts) counts[v.kind] += 1;
  return { verdicts, counts, summary: summaryOf(counts) };
}

/** "214 of 214 outcomes re-derived; 3 GM overrides; 2 older entries". */
export function summaryOf(counts: Readonly<Record<VerdictKind, number>>): string {
  const checked = counts.verified + counts.differs;
  const parts = [`${counts.verified} of ${checked} ${checked === 1 ? 'outcome' : 'outcomes'} re-derived`];
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (counts.differs) parts.push(plural(counts.differs, 'differs', 'differ'));
  if (counts['gm-override']) parts.push(plural(counts['gm-override'], 'GM override', 'GM overrides'));
  if (counts['older-rules'])
    parts.push(plural(counts['older-rules'], 'computed by older rules', 'computed by older rules'));
  if (counts['older-entry']) parts.push(plural(counts['older-entry'], 'older entry', 'older entries'));
  return parts.join('; ');
}

function verifyEntry(entry: LogEntry, rebuilder: ReturnType<typeof partsRebuilder>): Verdict | null {
  let record: ReplayRecord | undefined;
  try {
    record = rebuilder.record(entry.id);
  } catch (error) {
    if (!(error instanceof RebuildError)) throw error;
    return differs(entry, null, null, error.message);
  }
  const kind: IntentKind | null = record ? (IntentSchema.safeParse(record.intent).data?.kind ?? null) : null;
  const override = gmOverrideOf(entry, kind);
  if (!entry.outcome && !record && !override) return null; // a line that carries no outcome
  let state: TableState | null = null;
  if (record) {
    try {
      state = tableStateOf(rebuilder.parts(entry.id));
    } catch (error) {
      if (!(error instanceof RebuildError)) throw error;
      return differs(entry, null, record, error.message);
    }
  }
  const place = entryPlace(entry, state, record ?? null);
  if (override)
    return { entryId: entry.id, kind: 'gm-override', sentence: `${place}: GM override (${override})` };
  if (!record || !state)
    return { entryId: entry.id, kind: 'older-entry', sentence: `${place}: not verifiable (older entry)` };
  if (record.rules !== RULES_VERSION)
    return { entryId: entry.id, kind: 'older-rules', sentence: `${place}: computed by older rules` };
  const stored = OutcomeSchema.safeParse(fullOutcome(entry.outcome));
  if (!stored.success) return differs(entry, state, record, 'its stored outcome cannot be read');
  const again = rederive(record, state, (hash) => rebuilder.input(hash, LogReadSchema));
  if (!again.ok) return differs(entry, state, record, again.reason);
  if (!same(stored.data, again.outcome))
    return differs(entry, state, record, describeDifference(stored.data, again.outcome));
  // The words are the outcome's (its action's `narrate`): a line edited by hand reads otherwise.
  if (entry.summary !== again.summary || canonicalJson(entry.details) !== canonicalJson(again.details))
    return differs(
      entry,
      state,
      record,
      `its log line reads "${entry.summary}", its outcome says "${again.summary}"`,
    );
  if (canonicalJson(entry.dice) !== canonicalJson(record.dice))
    return differs(entry, state, record, 'the dice the log shows are not the dice drawn');
  return { entryId: entry.id, kind: 'verified', sentence: `${place}: verified` };
}

function same(a: Outcome, b: Outcome): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function differs(
  entry: LogEntry,
  state: TableState | null,
  record: ReplayRecord | null,
  why: string,
): Verdict {
  return { entryId: entry.id, kind: 'differs', sentence: `${entryPlace(entry, state, record)}: ${why}` };
}
