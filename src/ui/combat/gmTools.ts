import type { LogEntry } from '../../schema/logEntry';

/**
 * Whether the GM's "Undo this application" is offered for `entry` (docs/combat.md, "Apply on
 * confirm"). A result still waiting for Apply has changed nothing but the spent action, and a
 * discarded one never will, so undoing either would only hand the action back: offered only
 * once the entry is applied, or when it never waited (room setting `applyResults: 'immediately'`).
 */
export function offersUndoApplication(entry: Pick<LogEntry, 'pending'>): boolean {
  return !entry.pending || entry.pending.status === 'applied';
}
