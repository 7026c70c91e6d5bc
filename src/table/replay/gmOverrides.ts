import type { IntentKind } from '../../schema/intent';
import type { LogEntry } from '../../schema/logEntry';
import { fullOutcome } from '../../schema/outcome';

/**
 * Actions whose result is what the sender typed, not what rules and dice decided: HP set by hand,
 * statuses and blights put on or taken off by hand, a character pushed by hand. Their entries
 * are GM overrides, never failures (docs/table/replay.md).
 */
export const HAND_EDITS: ReadonlySet<IntentKind> = new Set<IntentKind>([
  'adjust-hp',
  'add-status',
  'remove-status',
  'add-blight',
  'remove-blight',
  'force-move',
]);

/**
 * Why an entry is the GM's decision rather than the dice's (a plain sentence), or null: the
 * GM changed the rolled damage when applying it, or a hand edit the GM's panel wrote straight
 * into the log without an outcome ("GM sets Brute: HP 27 → 20", "GM reverts: …", a discarded
 * result).
 */
export function gmOverrideOf(entry: LogEntry, kind: IntentKind | null): string | null {
  const outcome = fullOutcome(entry.outcome);
  if (entry.pending?.override)
    return `the damage was changed from ${entry.pending.override.original} to ${entry.pending.override.value} when applied`;
  if (outcome?.kind === 'apply-result' && outcome.override)
    return `applied with the damage changed from ${outcome.override.original} to ${outcome.override.value}`;
  if (kind && HAND_EDITS.has(kind)) return 'set by hand';
  if (!entry.outcome && entry.actor === 'gm' && entry.kind === 'note') return 'a change made by hand';
  return null;
}
