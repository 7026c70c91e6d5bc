import type { LogEntry } from '../../schema/logEntry';
import type { RoomSnapshot } from '../../table/snapshot';
import { el } from '../dom';
import type { CombatHost } from './CombatHost';
import { pendingResultView } from './pendingResultView';

type Status = (text: string, kind: 'ok' | 'refused' | 'info') => void;

/** How long (ms) a newly arrived result the viewer may apply flashes; matches styles.css. */
export const PENDING_FLASH_MS = 2400;

export interface PendingBlockArgs {
  entry: LogEntry;
  snapshot: RoomSnapshot;
  host: CombatHost;
  status: Status;
  /** The GM's typed damage per log entry, kept across re-renders. */
  drafts: Map<string, string>;
  /** Who rolled and with what ("Ranger → Brute: Basic ranged"), the block's title. */
  title: string;
}

const TITLE: Record<'pending' | 'applied' | 'discarded', string> = {
  pending: 'Waiting for Apply',
  applied: 'Applied',
  discarded: 'Discarded',
};

/**
 * Room setting `applyResults: 'on-confirm'`: the block at the top of the result panel with who
 * rolled, what the roll would change, Apply (the GM and the actor's player), the GM's damage
 * override and Discard; once settled, who applied or discarded it. `mine` is true while the
 * viewer has a button to press (the panel scrolls to it and highlights it).
 */
export function pendingBlock(args: PendingBlockArgs): { box: HTMLElement; mine: boolean } | null {
  const { entry, snapshot, host, status, drafts } = args;
  const view = pendingResultView(entry, snapshot, host);
  if (!view) return null;
  const mine = view.status === 'pending' && view.canApply;
  const box = el(
    'div',
    {
      class: `pending ${view.status}${mine ? ' mine' : ''}`,
      'data-testid': 'result-pending',
      'data-status': view.status,
      role: view.status === 'pending' ? 'alert' : undefined,
    },
    el(
      'div',
      { class: 'pending-title' },
      el('span', { class: 'pending-badge' }, TITLE[view.status]),
      ' ',
      el('span', { class: 'pending-who' }, args.title),
    ),
    el('div', { class: 'pending-text', 'data-testid': 'result-pending-text' }, view.text),
  );
  if (view.changes.length)
    box.append(el('ul', { class: 'pending-changes' }, ...view.changes.map((line) => el('li', {}, line))));
  if (!view.canApply) return { box, mine };
  const override = view.override
    ? el('input', {
        type: 'number',
        min: 0,
        max: 999,
        value: drafts.get(entry.id) ?? view.override.amount,
        style: 'width:4em',
        'aria-label': 'Damage before armor and vigor',
        'data-testid': 'result-damage-override',
      })
    : null;
  if (override) override.oninput = () => drafts.set(entry.id, override.value);
  const apply = el('button', { class: 'primary apply', 'data-testid': 'result-apply' }, 'Apply');
  apply.onclick = async () => {
    const value = override ? Math.min(999, Math.max(0, Number(override.value) | 0)) : undefined;
    const changed = view.override && value !== undefined && value !== view.override.amount;
    const r = await host.intent({
      kind: 'apply-result',
      logId: entry.id,
      ...(changed ? { damageOverride: value } : {}),
    });
    status(r.ok ? 'Applied' : `Apply refused: ${r.reason}`, r.ok ? 'ok' : 'refused');
  };
  const row = el('div', { class: 'row pending-actions' }, apply);
  if (view.canDiscard) {
    const discard = el('button', { 'data-testid': 'result-discard' }, 'Discard');
    discard.onclick = async () => {
      const r = await host.intent({ kind: 'discard-result', logId: entry.id });
      status(r.ok ? 'Discarded' : `Discard refused: ${r.reason}`, r.ok ? 'ok' : 'refused');
    };
    row.append(discard);
  }
  box.append(row);
  if (override)
    box.append(el('label', { class: 'pending-override' }, 'Damage (before armor and vigor) ', override));
  return { box, mine };
}

/**
 * Draws the eye to a result the viewer must apply: the first time a pending entry with this
 * viewer's Apply button is drawn, the panel scrolls it into view and it flashes for
 * PENDING_FLASH_MS. Every snapshot redraws the panel, so the flash resumes where it was (a
 * negative animation delay) instead of restarting.
 */
export class PendingAttention {
  private readonly seen = new Set<string>();
  private flashing: { id: string; since: number } | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Call after the block is in the document. */
  mark(entryId: string, box: HTMLElement, scrollTarget: HTMLElement): void {
    if (!this.seen.has(entryId) && box.isConnected) {
      this.seen.add(entryId);
      this.flashing = { id: entryId, since: this.now() };
      // Instant, not smooth: the Apply button must not move under a click that is already coming.
      scrollTarget.scrollIntoView({ block: 'start', behavior: 'auto' });
    }
    const f = this.flashing;
    if (f?.id !== entryId) return;
    const elapsed = this.now() - f.since;
    if (elapsed >= PENDING_FLASH_MS) return;
    box.classList.add('flash');
    box.style.animationDelay = `-${elapsed}ms`;
  }
}
