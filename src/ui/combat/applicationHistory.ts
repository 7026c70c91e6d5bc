import type { LogEntry } from '../../schema/logEntry';
import type { CombatantState } from '../../table/docLayout';
import type { RoomSnapshot } from '../../table/snapshot';

/** Log kinds whose entry changed combatants' HP, vigor, wounds or statuses. */
const APPLYING_KINDS: readonly LogEntry['kind'][] = [
  'attack',
  'area',
  'damage',
  'basic-action',
  'save',
  'status',
  'gm',
  'move',
  'turn',
];

/** A resolution the GM may revert: the entry and each changed combatant's state before it. */
export interface Application {
  entryId: string;
  summary: string;
  before: Record<string, CombatantState>;
  after: Record<string, CombatantState>;
}

const same = (a: CombatantState, b: CombatantState): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The applications that arrived between two snapshots: each new log entry of a state-changing
 * kind, with the combatants whose state differs and what it was before. The server writes an
 * outcome and its log entry in one transaction, so the previous snapshot holds the "before".
 * When several entries arrive together, the changes are credited to the last of them.
 */
export function newApplications(previous: RoomSnapshot, next: RoomSnapshot): Application[] {
  const known = new Set(previous.log.map((e) => e.id));
  const fresh = next.log.filter((e) => !known.has(e.id) && APPLYING_KINDS.includes(e.kind));
  const last = fresh[fresh.length - 1];
  if (!last) return [];
  const before: Record<string, CombatantState> = {};
  const after: Record<string, CombatantState> = {};
  for (const token of next.tokens) {
    const was = previous.tokensById[token.id]?.state;
    const now = token.state;
    if (was && now && !same(was, now)) {
      before[token.id] = was;
      after[token.id] = now;
    }
  }
  if (Object.keys(before).length === 0) return [];
  return [{ entryId: last.id, summary: last.summary, before, after }];
}

/** Can this application still be reverted cleanly (nobody changed since)? Lists who did. */
export function changedSince(app: Application, snapshot: RoomSnapshot): string[] {
  return Object.keys(app.after).filter((id) => {
    const now = snapshot.tokensById[id]?.state;
    return !now || !same(now, app.after[id]!);
  });
}

/**
 * A combatant's state with one application taken back: every top-level field the application
 * changed returns to its value before it; fields changed only later (a new round's reset, a
 * status gained since) keep their current value.
 */
export function revertedState(
  current: CombatantState,
  before: CombatantState,
  after: CombatantState,
): CombatantState {
  const out: Record<string, unknown> = { ...current };
  for (const key of Object.keys(before) as (keyof CombatantState)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = before[key];
  }
  return out as CombatantState;
}
