import type { Intent } from '../../schema/intent';
import { outcomeOf } from '../../schema/outcome';
import { netBoons } from '../../rules/boonsCurses';
import { saveChance } from '../../rules/hitChance';
import { statusSaveModifiers } from '../../rules/statuses';
import type { RoomSnapshot } from '../../table/snapshot';
import { el, setChildren } from '../dom';
import type { CombatHost } from './CombatHost';
import { confirmedIntentButton, intentButton, type StatusLine } from './intentButton';
import { percent } from './format';
import { clampNet } from './targeting';
import { hiddenFoes, trackerView, type TrackerRow } from './turnTracker';
import { setRoomSettings } from '../../table/writers/roomWriters';
import { setTokensHidden } from '../../table/writers/tokenWriters';
import { foeHpSetting } from './foeHpSetting';

const STATUS_WORD = {
  acting: 'acting',
  'may-act': 'may act',
  waiting: 'waiting',
  acted: 'done',
  out: 'out',
} as const;

/** The saves ending this turn will roll (one per status; ongoing ones get none), with their odds. */
export function pendingSaves(snapshot: RoomSnapshot, tokenId: string): string[] {
  const state = snapshot.tokensById[tokenId]?.state;
  if (!state) return [];
  const net = clampNet(netBoons(statusSaveModifiers(state, snapshot.statusCatalog)));
  const chance = percent(saveChance(net).value);
  return state.statuses.map((s) =>
    s.ongoing ? `${s.id}: ongoing, no save` : `${s.id}: save 10+ on d20, ${chance} to end it`,
  );
}

/**
 * Turn tracker (rulebook: Turn order): round, which side is up and who may still act, slow
 * turns; buttons to start a turn (or declare a slow one) for characters this viewer commands and
 * to end the current turn, which rolls the end-of-turn saves listed beforehand. Blight damage is
 * dealt by the server when a turn starts.
 */
export class TurnTrackerPanel {
  readonly root = el('section', { class: 'combat-tracker', 'data-testid': 'turn-tracker' });

  constructor(
    private readonly host: CombatHost,
    private readonly status: StatusLine,
  ) {}

  private button(label: string, testid: string, intent: Intent): HTMLButtonElement {
    return intentButton(this.host, this.status, label, testid, intent);
  }

  /**
   * GM: room setting `applyResults` — rolls change characters at once, or wait for one click on
   * Apply in the Result panel (issue 6). A GM write, so it is a step in the GM's undo history.
   */
  private applyResultsSetting(snapshot: RoomSnapshot): HTMLElement {
    const select = el(
      'select',
      { 'data-testid': 'tracker-apply-results' },
      el('option', { value: 'immediately' }, 'at once'),
      el('option', { value: 'on-confirm' }, 'after Apply'),
    );
    select.value = snapshot.settings.applyResults;
    select.onchange = () => {
      const now = this.host.snapshot();
      if (!now || !this.host.gm) return;
      const applyResults = select.value === 'on-confirm' ? 'on-confirm' : 'immediately';
      setRoomSettings(this.host.gm.docs(), { ...now.settings, applyResults });
      this.status(
        `Roll results now apply ${applyResults === 'on-confirm' ? 'after Apply' : 'at once'}`,
        'ok',
      );
    };
    return el('label', { class: 'row' }, 'Roll results apply: ', select);
  }

  /**
   * GM: Start combat. Hidden foes stay out of the turn order until revealed (docs/table.md
   * "Hidden tokens and turns"), so the status line says how many were left out (dead end 12).
   */
  private startCombatButton(): HTMLButtonElement {
    const b = el('button', { 'data-testid': 'tracker-start-combat' }, 'Start combat');
    b.onclick = async () => {
      const r = await this.host.intent({ kind: 'start-combat' });
      if (!r.ok) return this.status(`Start combat refused: ${r.reason}`, 'refused');
      const left = outcomeOf(r.outcome, 'start-combat')?.hiddenLeftOut ?? 0;
      this.status(
        left
          ? `Start combat: ${left} hidden ${left === 1 ? 'foe is' : 'foes are'} left out until you reveal them`
          : 'Start combat: done',
        'ok',
      );
    };
    return b;
  }

  /**
   * GM: reveal every hidden foe at once, as the token panel's "Reveal to players" does for one
   * (stat blocks come along), in one step of the GM's undo history. Revealed foes join the fight.
   */
  private revealAllButton(foes: { id: string; name: string }[]): HTMLButtonElement {
    const b = el(
      'button',
      { 'data-testid': 'tracker-reveal-foes', title: `Hidden: ${foes.map((f) => f.name).join(', ')}` },
      `Reveal all foes (${foes.length} hidden)`,
    );
    b.onclick = () => {
      const gm = this.host.gm;
      const now = this.host.snapshot();
      if (!gm || !now) return;
      const shown = hiddenFoes(now);
      try {
        setTokensHidden(
          gm.docs(),
          shown.map((f) => f.id),
          false,
        );
        this.status(`Revealed ${listOf(shown.map((f) => f.name))}`, 'ok');
      } catch (e) {
        this.status(`Reveal refused: ${e instanceof Error ? e.message : String(e)}`, 'refused');
      }
    };
    return b;
  }

  render(snapshot: RoomSnapshot | null): void {
    if (!snapshot) return setChildren(this.root);
    const view = trackerView(snapshot);
    const commands = (id: string) =>
      this.host.role === 'gm' ||
      !!snapshot.tokensById[id]?.ownerIds.some((o) => this.host.characterIds.includes(o));
    const parts: (Node | string)[] = [
      el('h3', {}, view.inCombat ? `Round ${view.round}` : 'Turns'),
      el('div', { 'data-testid': 'tracker-headline', class: 'headline' }, view.headline),
    ];
    if (this.host.role === 'gm') {
      // Ending clears everyone's fight state at once: ask first (dead end 6).
      const round = view.round;
      parts.push(
        view.inCombat
          ? confirmedIntentButton(
              this.host,
              this.status,
              'End combat',
              'tracker-end-combat',
              { kind: 'end-combat' },
              () =>
                `End combat after round ${round}? The turn order is cleared, and statuses, blights, vigor and Resolve end for everyone.`,
            )
          : this.startCombatButton(),
      );
      const hidden = this.host.gm ? hiddenFoes(snapshot) : [];
      if (hidden.length) parts.push(' ', this.revealAllButton(hidden));
      // Between fights (GM only; the server refuses them during combat, saying so).
      if (!view.inCombat)
        parts.push(
          ' ',
          this.button('Interlude: heal wounds', 'tracker-interlude', { kind: 'interlude' }),
          ' ',
          this.button('New expedition: refill elixirs', 'tracker-new-expedition', {
            kind: 'new-expedition',
          }),
        );
    }
    if (this.host.gm)
      parts.push(this.applyResultsSetting(snapshot), foeHpSetting(this.host, this.status, snapshot));
    else if (snapshot.settings.applyResults === 'on-confirm')
      parts.push(
        el('div', { class: 'hint', 'data-testid': 'tracker-apply-results-note' }, 'Rolls wait for Apply'),
      );
    // Party above foes, each under a heading that says who may still act (dead end 10).
    for (const side of view.sides) {
      const rows = view.rows.filter((r) => r.side === side.side);
      if (!rows.length) continue;
      const list = el('ol', { class: 'tracker-rows' });
      for (const row of rows) list.append(this.row(snapshot, row, view.inCombat, commands));
      parts.push(
        el(
          'div',
          { class: `tracker-side ${side.side}${side.up ? ' up' : ''}` },
          el('h4', { 'data-testid': `tracker-side-${side.side}` }, side.line),
          list,
        ),
      );
    }
    setChildren(this.root, ...parts);
  }

  /** One combatant's line with the turn buttons this viewer may use. */
  private row(
    snapshot: RoomSnapshot,
    row: TrackerRow,
    inCombat: boolean,
    commands: (id: string) => boolean,
  ): HTMLLIElement {
    const li = el(
      'li',
      {
        'data-testid': `tracker-row-${row.id}`,
        'data-status': row.status,
        'data-slow': String(row.slow),
        class: `${row.side} ${row.status}`,
      },
      el('b', {}, row.name),
      ` ${row.side === 'party' ? 'party' : 'foe'} · ${STATUS_WORD[row.status]}${row.slow ? ' · slow turn' : ''} · ${row.health}${row.resolve !== null ? ` · Resolve ${row.resolve}` : ''}`,
    );
    if (inCombat && commands(row.id)) {
      if (row.status === 'may-act') {
        li.append(
          ' ',
          this.button('Start turn', `start-turn-${row.id}`, {
            kind: 'start-turn',
            tokenId: row.id,
            slow: false,
          }),
        );
      }
      if ((row.status === 'may-act' || row.status === 'waiting') && !row.slow) {
        li.append(
          ' ',
          this.button('Slow turn', `slow-turn-${row.id}`, {
            kind: 'start-turn',
            tokenId: row.id,
            slow: true,
          }),
        );
      }
      if (row.status === 'acting') {
        const saves = pendingSaves(snapshot, row.id);
        if (saves.length)
          li.append(
            el(
              'div',
              { class: 'saves', 'data-testid': `pending-saves-${row.id}` },
              `Ending the turn rolls: ${saves.join('; ')}`,
            ),
          );
        li.append(' ', this.button('End turn', `end-turn-${row.id}`, { kind: 'end-turn', tokenId: row.id }));
      }
    }
    // Removed by an edge: back at the start of its own turn (players for their PCs, the GM for
    // foes; the server checks who and when), or at once out of combat. Mobs never return.
    const removed = snapshot.tokensById[row.id]?.state?.removedFromPlay;
    const mayReturn = !inCombat || row.status === 'acting';
    if (removed && removed.returns !== 'never' && mayReturn && commands(row.id)) {
      li.append(
        ' ',
        this.button('Return to the battlefield', `return-to-play-${row.id}`, {
          kind: 'return-to-play',
          tokenId: row.id,
        }),
      );
    }
    const blights = snapshot.tokensById[row.id]?.state?.blights ?? [];
    if (blights.length && row.status !== 'out') {
      li.append(
        el(
          'div',
          { class: 'blights' },
          `Blights: ${blights.join(', ')} — ${blights.length} damage at turn start (not below 1 HP)`,
        ),
      );
    }
    return li;
  }
}

/** "Brute", "Brute and Goblin", "Brute, Goblin and Husk". */
function listOf(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
