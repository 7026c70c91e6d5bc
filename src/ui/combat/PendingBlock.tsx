import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { LogEntry } from '../../schema/logEntry';
import type { RoomSnapshot } from '../../table/snapshot';
import type { RoomModel } from '../model/RoomModel';
import type { PendingAttention } from './pendingAttention';
import { pendingResultView } from './pendingResultView';

/** The largest damage override the server takes (ApplyResultIntentSchema, src/schema/actions/results.ts). */
const MAX_OVERRIDE = 999;

const TITLE: Record<'pending' | 'applied' | 'discarded', string> = {
  pending: 'Waiting for Apply',
  applied: 'Applied',
  discarded: 'Discarded',
};

/**
 * Room setting `applyResults: 'on-confirm'`: the block at the top of the result panel with who
 * rolled, what the roll would change, Apply (the GM and the actor's player), the GM's damage
 * override and Discard; once settled, who applied or discarded it. While the viewer has a button
 * to press, the block draws the eye once (scroll + flash, see PendingAttention). Render it keyed
 * by the entry id: the typed override is this block's own state, so a snapshot arriving while
 * the GM types patches the block around the box instead of replacing it.
 */
export function PendingBlock(props: {
  model: RoomModel;
  entry: LogEntry;
  snapshot: RoomSnapshot;
  /** Who rolled and with what ("Ranger → Brute: Basic ranged"), the block's title. */
  title: string;
  attention: PendingAttention;
  /** What to scroll into view the first time the viewer's Apply appears (the panel). */
  scrollTarget: RefObject<HTMLElement | null>;
}) {
  const { model, entry, attention } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const [, redraw] = useState(0);
  const view = pendingResultView(entry, props.snapshot, model.viewer);
  const mine = !!view && view.status === 'pending' && view.canApply;
  useLayoutEffect(() => {
    if (!mine || !attention.firstSight(entry.id)) return;
    // Instant, not smooth: the Apply button must not move under a click that is already coming.
    props.scrollTarget.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
    redraw((n) => n + 1);
    // Drop the flash class when it is over (the animation itself runs once).
    setTimeout(() => redraw((n) => n + 1), attention.flashLeft(entry.id));
  }, [mine, entry.id]);
  if (!view) return null;
  const flash = mine && attention.flashLeft(entry.id) > 0;
  const override = view.override;
  const typed = draft ?? String(override?.amount ?? '');
  const apply = async (): Promise<void> => {
    const value = override ? Math.min(MAX_OVERRIDE, Math.max(0, Number(typed) | 0)) : undefined;
    const changed = override && value !== undefined && value !== override.amount;
    await model.report(
      { kind: 'apply-result', logId: entry.id, ...(changed ? { damageOverride: value } : {}) },
      'Applied',
      'Apply refused',
    );
  };
  const discard = async (): Promise<void> => {
    await model.report({ kind: 'discard-result', logId: entry.id }, 'Discarded', 'Discard refused');
  };
  return (
    <div
      class={`pending ${view.status}${mine ? ' mine' : ''}${flash ? ' flash' : ''}`}
      data-testid="result-pending"
      data-status={view.status}
      role={view.status === 'pending' ? 'alert' : undefined}
    >
      <div class="pending-title">
        <span class="pending-badge">{TITLE[view.status]}</span> <span class="pending-who">{props.title}</span>
      </div>
      <div class="pending-text" data-testid="result-pending-text">
        {view.text}
      </div>
      {view.changes.length > 0 && (
        <ul class="pending-changes">
          {view.changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {view.canApply && (
        <div class="row pending-actions">
          <button type="button" class="primary apply" data-testid="result-apply" onClick={() => void apply()}>
            Apply
          </button>
          {view.canDiscard && (
            <button type="button" data-testid="result-discard" onClick={() => void discard()}>
              Discard
            </button>
          )}
        </div>
      )}
      {view.canApply && override && (
        <label class="pending-override">
          Damage (before armor and vigor){' '}
          <input
            type="number"
            min={0}
            max={MAX_OVERRIDE}
            style="width:4em"
            aria-label="Damage before armor and vigor"
            data-testid="result-damage-override"
            value={typed}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
        </label>
      )}
    </div>
  );
}
