import type { LogEntry } from '../../schema/logEntry';
import { outcomeOf } from '../../schema/outcome';
import type { RoomSnapshot } from '../../table/snapshot';
import { el, setChildren } from '../dom';
import { applicationOf, changedSince } from './applicationHistory';
import type { CombatHost } from './CombatHost';
import { overrideNumbers, revertApplication } from './gmCombatWrites';
import { offersUndoApplication } from './gmTools';
import type { ResultEffect, ResultLine } from './resultView';
import { attackResultView, effectView } from './resultView';
import { applyingEntryOf } from './pendingResultView';
import { PendingAttention, pendingBlock } from './resultPanelPending';
import { plainVerdictBlock, traceLines, verdictBlock } from './resultPanelVerdict';
import { healthText } from './healthText';

type Status = (text: string, kind: 'ok' | 'refused' | 'info') => void;

/** A roll about a foe whose stats the GM keeps hidden: players get only its verdict and summary. */
const isRedacted = (e: LogEntry): boolean => !!e.outcome && 'redacted' in e.outcome;

function lines(list: readonly ResultLine[]): HTMLElement {
  const dl = el('dl', { class: 'result-lines' });
  for (const l of list)
    dl.append(el('dt', {}, l.label), el('dd', l.testid ? { 'data-testid': l.testid } : {}, l.value));
  return dl;
}

/**
 * The newest attack or area resolution in the log, or any roll still waiting for Apply (what the
 * result panel shows by default).
 */
export function latestResolution(log: readonly LogEntry[]): LogEntry | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (
      e.pending?.status === 'pending' ||
      (e.kind === 'attack' && outcomeOf(e.outcome, 'attack')) ||
      (e.kind === 'area' && outcomeOf(e.outcome, 'area')) ||
      ((e.kind === 'attack' || e.kind === 'area') && isRedacted(e))
    )
      return e;
  }
  return null;
}

/**
 * The result of the newest roll, as every screen sees it: a roll waiting for Apply on top, then the
 * verdict in large type (HIT / MISS / CRITICAL, total vs Defense, damage taken), then the trace:
 * each die, each modifier and its source, the damage tier with bonus and boost, and each
 * reduction step. The server
 * rolled and applied it in one step; the GM may set any number by hand or revert the whole
 * application (one step in the GM's undo history).
 */
export class ResultPanel {
  readonly root = el('section', { class: 'combat-result', 'data-testid': 'result-panel' });
  /** Log entry picked in the log panel; null = the newest resolution. */
  pinned: string | null = null;
  /** The GM's typed damage per log entry, kept across re-renders (every snapshot redraws). */
  private readonly overrideDrafts = new Map<string, string>();
  /** Scrolls to and flashes a newly arrived result this viewer may apply (once per entry). */
  private readonly attention = new PendingAttention();

  constructor(
    private readonly host: CombatHost,
    private readonly status: Status,
  ) {}

  render(snapshot: RoomSnapshot | null): void {
    if (!snapshot) return setChildren(this.root);
    const entry =
      (this.pinned && snapshot.log.find((e) => e.id === this.pinned)) || latestResolution(snapshot.log);
    if (!entry)
      return setChildren(this.root, el('h3', {}, 'Result'), el('div', { class: 'hint' }, 'No roll yet.'));
    const names = (id: string) => snapshot.tokensById[id]?.state?.name ?? snapshot.tokensById[id]?.name ?? id;
    const area = outcomeOf(entry.outcome, 'area');
    const attack = outcomeOf(entry.outcome, 'attack') ?? area?.attack ?? null;
    const view = attack ? attackResultView(attack, names) : null;
    const summary = el('div', { class: 'result-summary', 'data-testid': 'result-summary' }, entry.summary);
    // The trace: every die, modifier and damage step, below the verdict.
    const trace: HTMLElement[] = [];
    const affected = new Set<string>();
    const taken: string[] = [];
    // The verdict's damage is what was rolled; a pending result changes nothing until Apply, and
    // a GM's damage override (named in the block above) replaces the main target's number.
    const p = entry.pending;
    const when =
      p?.status === 'pending'
        ? ' on Apply'
        : p?.status === 'discarded'
          ? ' (discarded)'
          : p?.override
            ? ' as rolled (GM changed the damage)'
            : '';
    const noteTaken = (name: string, e: ResultEffect) => {
      const a = e.application;
      if (a)
        taken.push(
          `${name}: −${a.hpLost} HP${a.vigorLost ? `, −${a.vigorLost} vigor` : ''}${a.defeated ? ', defeated' : ''}${when}`,
        );
    };
    if (attack && view) {
      trace.push(el('h4', {}, view.title), lines(traceLines(view.roll)));
      if (view.modifiers.length)
        trace.push(el('div', { 'data-testid': 'result-modifiers' }, lines(view.modifiers)));
      for (const e of view.effects) {
        trace.push(lines(e.lines));
        affected.add(e.targetId);
        noteTaken(e.targetName, e);
      }
      affected.add(attack.targetId);
    }
    if (area) {
      for (const effect of area.areaEffects) {
        const v = effectView(effect, names(effect.targetId));
        trace.push(el('h4', {}, names(effect.targetId)), lines(v.lines));
        affected.add(effect.targetId);
        noteTaken(v.targetName, v);
      }
    }
    if (isRedacted(entry) && entry.details.length)
      trace.push(el('div', { class: 'result-details' }, ...entry.details.map((d) => el('div', {}, d))));
    if (entry.dice.length)
      trace.push(
        el(
          'div',
          { class: 'dice', 'data-testid': 'result-dice' },
          `Dice in order: ${entry.dice.map(([s, r]) => `d${s}=${r}`).join(', ')}`,
        ),
      );
    const pending = pendingBlock({
      entry,
      snapshot,
      host: this.host,
      status: this.status,
      drafts: this.overrideDrafts,
      title: view?.title ?? entry.summary,
    });
    const parts: HTMLElement[] = [el('h3', {}, 'Result')];
    // Waiting changes first: the Apply button must never sit below the panel's fold.
    if (pending) parts.push(pending.box);
    if (view) parts.push(verdictBlock(view, taken), summary);
    else parts.push(plainVerdictBlock(summary, taken));
    parts.push(el('div', { class: 'result-trace' }, ...trace));
    for (const id of affected) {
      const token = snapshot.tokensById[id];
      const st = token?.state;
      // A foe whose HP the room keeps from players: what they may know (`foeHp`).
      const health = token?.hpHidden ? healthText(token) : st ? `HP ${st.hp}, vigor ${st.vigor}` : '';
      if (st)
        parts.push(
          el(
            'div',
            { class: 'result-now', 'data-testid': `result-now-${id}` },
            `${st.name} now: ${health}${st.defeated ? ', defeated' : ''}`,
          ),
        );
    }
    if (this.host.gm) parts.push(...this.gmTools(snapshot, entry, [...affected]));
    setChildren(this.root, ...parts);
    if (pending?.mine) this.attention.mark(entry.id, pending.box, this.root);
  }

  private gmTools(snapshot: RoomSnapshot, entry: LogEntry, affected: string[]): HTMLElement[] {
    const gm = this.host.gm!;
    const out: HTMLElement[] = [];
    // An applied on-confirm result was changed by its Apply entry, so that is what undo takes back.
    const applying = applyingEntryOf(snapshot.log, entry.id);
    const app = (applying && applicationOf(applying)) || applicationOf(entry);
    if (app && offersUndoApplication(entry)) {
      const moved = changedSince(app, snapshot);
      const undo = el('button', { 'data-testid': 'revert-application' }, 'Undo this application');
      undo.title = moved.length
        ? `Changed since: ${moved.join(', ')} (reverting restores the state before the roll)`
        : 'Restore everyone it changed';
      undo.onclick = () => {
        revertApplication(gm.docs(), app);
        this.status(`Reverted: ${app.summary} ("Undo GM change" re-applies it)`, 'ok');
      };
      out.push(undo);
    }
    const back = el('button', { 'data-testid': 'gm-combat-undo' }, 'Undo GM change');
    back.title = 'Undo the last revert or override made here (one step each)';
    back.onclick = () => this.status(gm.undo() ? 'Undone' : 'Nothing to undo', 'info');
    const again = el('button', { 'data-testid': 'gm-combat-redo' }, 'Redo');
    again.onclick = () => this.status(gm.redo() ? 'Redone' : 'Nothing to redo', 'info');
    out.push(el('div', { class: 'row' }, back, ' ', again));
    for (const id of affected) {
      const st = snapshot.tokensById[id]?.state;
      if (!st) continue;
      const num = (field: 'hp' | 'vigor' | 'wounds', max?: number) =>
        el('input', {
          type: 'number',
          min: 0,
          ...(max !== undefined ? { max } : {}),
          value: st[field],
          style: 'width:4em',
          'data-testid': `override-${field}-${id}`,
        });
      const hp = num('hp');
      const vigor = num('vigor');
      const wounds = num('wounds', 3);
      const set = el('button', { 'data-testid': `override-set-${id}` }, 'Set');
      set.onclick = () => {
        const value = (input: HTMLInputElement, max = 9999) =>
          Math.min(max, Math.max(0, Number(input.value) | 0));
        overrideNumbers(gm.docs(), id, { hp: value(hp), vigor: value(vigor), wounds: value(wounds, 3) });
        this.status(
          `GM set ${st.name}: HP ${value(hp)}, vigor ${value(vigor)}, wounds ${value(wounds, 3)} ("Undo GM change" undoes it)`,
          'ok',
        );
      };
      out.push(
        el(
          'div',
          { class: 'row' },
          `Override ${st.name}: HP `,
          hp,
          ' vigor ',
          vigor,
          ' wounds ',
          wounds,
          ' ',
          set,
        ),
      );
    }
    return out;
  }
}
