import { entryNames } from './entryNames';
import type { LogEntry } from '../../schema/logEntry';
import { outcomeOf } from '../../schema/outcome';
import type { RoomSnapshot } from '../../table/snapshot';

/** Who is looking at the result panel. */
export interface Viewer {
  role: 'gm' | 'player';
  characterIds: readonly string[];
}

/**
 * What the result panel shows about a roll's waiting state change (room setting
 * `applyResults: 'on-confirm'`): a line of text, and which buttons this viewer gets. The server
 * checks the same permissions (src/table/intents/applyResultIntent.ts); this only hides buttons
 * that would be refused.
 */
export interface PendingResultView {
  status: 'pending' | 'applied' | 'discarded';
  text: string;
  /** One line per character the result changes: "Orc: HP 32 → 20". */
  changes: string[];
  canApply: boolean;
  /** GM only: the rolled damage (before armor and vigor) the GM may replace. */
  override: { tokenId: string; amount: number } | null;
  canDiscard: boolean;
}

/** The view of `entry.pending` for `viewer`; null when the entry never waited. */
export function pendingResultView(
  entry: LogEntry,
  snapshot: RoomSnapshot,
  viewer: Viewer,
): PendingResultView | null {
  const pending = entry.pending;
  if (!pending) return null;
  const name = entryNames(snapshot, entry);
  const changes = pending.diff.tokens.map((c) => {
    const state = c.state;
    const keys = state ? (Object.keys(state.after) as (keyof typeof state.after)[]) : [];
    const fields = keys.map(
      (f) => `${f} ${JSON.stringify(state!.before[f])} → ${JSON.stringify(state!.after[f])}`,
    );
    if (c.cell)
      fields.push(`square (${c.cell.before.x},${c.cell.before.y}) → (${c.cell.after.x},${c.cell.after.y})`);
    return `${name(c.tokenId)}: ${fields.join(', ')}`;
  });
  const gm = viewer.role === 'gm';
  const owns = !!snapshot.tokensById[entry.actor]?.ownerIds.some((id) => viewer.characterIds.includes(id));
  if (pending.status === 'pending') {
    return {
      status: 'pending',
      text: `Waiting for Apply — the dice are final; nothing has changed yet${gm || owns ? '' : ` (${name(entry.actor)}'s player or the GM applies it)`}`,
      changes,
      canApply: gm || owns,
      override:
        gm && pending.damage ? { tokenId: pending.damage.tokenId, amount: pending.damage.amount } : null,
      canDiscard: gm,
    };
  }
  const by = pending.settledBy ?? 'someone';
  const overridden = pending.override
    ? ` (damage ${pending.override.original} changed to ${pending.override.value} by ${pending.override.by})`
    : '';
  return {
    status: pending.status,
    text:
      pending.status === 'applied' ? `Applied by ${by}${overridden}` : `Discarded by ${by}: nothing changed`,
    changes,
    canApply: false,
    override: null,
    canDiscard: false,
  };
}

/** The log entry that applied `entryId` (its outcome names it), for "Undo this application". */
export function applyingEntryOf(log: readonly LogEntry[], entryId: string): LogEntry | null {
  return log.find((e) => outcomeOf(e.outcome, 'apply-result')?.logId === entryId) ?? null;
}
