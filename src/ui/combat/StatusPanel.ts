import type { Intent } from '../../schema/intent';
import { BLIGHT_IDS } from '../../schema/status';
import { findStatus } from '../../rules/statuses';
import type { RoomSnapshot } from '../../table/snapshot';
import { el, setChildren } from '../dom';
import type { CombatHost } from './CombatHost';
import { forceMoveControls } from './forceMoveControls';
import { gmHpControls } from './gmHpControls';
import { confirmedIntentButton, intentButton, type StatusLine } from './intentButton';

/**
 * Statuses and blights of one character (rulebook: Statuses and other effects; Blights): each
 * status with its description, whether it is ongoing; for whoever commands it a save button and
 * adding/removing statuses from the room's catalog (intents; players on their own characters);
 * the GM also toggles blights (`add-blight` / `remove-blight` intents). The
 * character's health line shows wounds, Bloodied, defeat, surrender and death as the rules engine
 * recorded them.
 */
export class StatusPanel {
  readonly root = el('section', { class: 'combat-statuses', 'data-testid': 'status-panel' });

  constructor(
    private readonly host: CombatHost,
    private readonly status: StatusLine,
  ) {}

  private button(label: string, testid: string, intent: Intent): HTMLButtonElement {
    return intentButton(this.host, this.status, label, testid, intent);
  }

  render(snapshot: RoomSnapshot | null, tokenId: string | null): void {
    const token = tokenId ? snapshot?.tokensById[tokenId] : undefined;
    const st = token?.state;
    if (!snapshot || !token || !st) return setChildren(this.root);
    const commands =
      this.host.role === 'gm' || token.ownerIds.some((o) => this.host.characterIds.includes(o));
    const flags = [
      st.dead ? 'dead' : st.surrendered ? 'surrendered' : st.defeated ? 'defeated' : null,
      st.incapacitated && !st.defeated ? 'incapacitated' : null,
      token.bloodied ? 'Bloodied' : null,
      st.wounds ? `${st.wounds} wound${st.wounds === 1 ? '' : 's'}` : null,
    ].filter(Boolean);
    const parts: (Node | string)[] = [
      el('h3', {}, `${st.name}: statuses`),
      el(
        'div',
        { 'data-testid': 'health-line' },
        `${token.hpHidden ? 'HP not shown' : `HP ${st.hp}${token.maxHp !== null ? `/${token.maxHp}` : ''}, vigor ${st.vigor}`}${flags.length ? ` — ${flags.join(', ')}` : ''}`,
      ),
    ];
    const list = el('ul', { 'data-testid': 'status-list' });
    for (const applied of st.statuses) {
      const def = findStatus(snapshot.statusCatalog, applied.id);
      const li = el(
        'li',
        {},
        el('b', {}, def?.name ?? applied.id),
        `${applied.ongoing ? ' (ongoing)' : ''} — ${def?.description ?? 'not in the catalog'}`,
      );
      // Saves are rolled when the turn ends; a save at another time is the GM's override, and
      // only the GM may end an ongoing status (docs/rules.md#saves).
      const gm = this.host.role === 'gm';
      if (gm && !applied.ongoing)
        li.append(
          ' ',
          this.button('Save now (GM)', `save-${applied.id}`, {
            kind: 'save',
            tokenId: token.id,
            statusId: applied.id,
          }),
        );
      if (commands && (gm || !applied.ongoing))
        li.append(
          ' ',
          this.button('Remove', `remove-status-${applied.id}`, {
            kind: 'remove-status',
            tokenId: token.id,
            statusId: applied.id,
          }),
        );
      list.append(li);
    }
    if (!st.statuses.length) list.append(el('li', { class: 'hint' }, 'No statuses'));
    parts.push(list);
    if (st.blights.length)
      parts.push(el('div', { 'data-testid': 'blight-list' }, `Blights: ${st.blights.join(', ')}`));
    if (commands) {
      const pick = el('select', { 'data-testid': 'add-status-pick' });
      for (const s of snapshot.statusCatalog) pick.append(el('option', { value: s.id }, s.name));
      const add = el('button', { 'data-testid': 'add-status' }, 'Add status');
      add.onclick = async () => {
        const r = await this.host.intent({ kind: 'add-status', tokenId: token.id, statusId: pick.value });
        this.status(
          r.ok ? `${st.name} gains ${pick.value}` : `Refused: ${r.reason}`,
          r.ok ? 'ok' : 'refused',
        );
      };
      parts.push(el('div', { class: 'row' }, pick, ' ', add));
    }
    if (this.host.role === 'gm') {
      // Blights are the GM's (rulebook: Blights); the server writes and logs them.
      const blights = el('div', { class: 'row', 'data-testid': 'blight-toggles' }, 'Blights: ');
      for (const b of BLIGHT_IDS) {
        const box = el('input', {
          type: 'checkbox',
          checked: st.blights.includes(b),
          'data-testid': `blight-${b}`,
        });
        box.onchange = async () => {
          const on = box.checked;
          box.disabled = true;
          const r = await this.host.intent({
            kind: on ? 'add-blight' : 'remove-blight',
            tokenId: token.id,
            blightId: b,
          });
          box.disabled = false;
          if (!r.ok) box.checked = !on;
          this.status(
            r.ok ? `${st.name} ${on ? 'gains' : 'loses'} ${b}` : `Refused: ${r.reason}`,
            r.ok ? 'ok' : 'refused',
          );
        };
        blights.append(el('label', {}, box, b), ' ');
      }
      parts.push(blights);
      parts.push(gmHpControls(this.host, this.status, token));
      if (!st.defeated) parts.push(forceMoveControls(this.host, this.status, snapshot, token));
    }
    if (commands && !st.dead) {
      // The character's own choices (rulebook: Surrender; Elixirs, out of combat only).
      const own = el('div', { class: 'row' });
      if (!st.surrendered) {
        // Cannot be taken back: ask first, saying what it means (issue 12, dead end 6).
        const give = confirmedIntentButton(
          this.host,
          this.status,
          'Surrender',
          'surrender',
          { kind: 'surrender', tokenId: token.id },
          () =>
            `Surrender: ${st.name} is defeated for this battle, takes no wound, and cannot be rescued. This cannot be undone.`,
        );
        give.title = 'Instead of taking damage: defeated for the battle, no wound, cannot be rescued';
        own.append(give, ' ');
      }
      if (!snapshot.turn && st.elixirs > 0) {
        own.append(
          this.button(`Drink an elixir (${st.elixirs} left)`, 'drink-elixir', {
            kind: 'drink-elixir',
            tokenId: token.id,
          }),
        );
      }
      parts.push(own);
    }
    setChildren(this.root, ...parts);
  }
}
