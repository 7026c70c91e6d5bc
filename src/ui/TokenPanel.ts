import { cssColour, SIDE_COLOURS } from '../render/heightRamp';
import { el, setChildren } from './dom';
import { canCommand, type Scene, type SceneToken } from './Scene';
import type { TableSession } from './TableSession';
import { MAX_TOKEN_NAME_CHARS } from '../schema/token';

/**
 * Right-panel token section: the list of tokens (GM also sees hidden ones, marked), the selected
 * token's stats (editable by the GM; read-only for players), hide/reveal, and "place token".
 */
export class TokenPanel {
  readonly root = el('section', { 'data-testid': 'token-panel' });
  private selectedId: string | undefined;

  constructor(
    private readonly session: TableSession,
    private readonly onPick: (id: string) => void,
  ) {}

  select(id: string | undefined): void {
    this.selectedId = id;
    this.render(this.session.scene());
  }

  render(scene: Scene): void {
    const gm = this.session.gm;
    const list = el('ul', { class: 'list', 'data-testid': 'token-list' });
    for (const t of scene.tokens) {
      const li = el(
        'li',
        { class: t.id === this.selectedId ? 'selected' : undefined, 'data-testid': `token-item-${t.id}` },
        el('span', {}, dot(t), t.name, t.hidden ? el('span', { class: 'muted' }, ' (hidden)') : ''),
        el('span', { class: 'muted' }, hpText(t)),
      );
      li.onclick = () => this.onPick(t.id);
      list.append(li);
    }
    const sel = scene.tokens.find((t) => t.id === this.selectedId);
    setChildren(
      this.root,
      el('h3', {}, gm ? 'Tokens' : 'On the battlefield'),
      list,
      sel
        ? this.details(sel)
        : el('p', { class: 'muted' }, 'Click a token to select it; drag your own to move.'),
      gm ? this.placeForm(scene) : '',
    );
  }

  private details(t: SceneToken): HTMLElement {
    const gm = this.session.gm;
    const box = el('div', { 'data-testid': 'token-details' }, el('h2', {}, dot(t), t.name));
    const info = [
      `Size ${t.size}`,
      t.speed !== undefined ? `Speed ${t.speed}` : '',
      t.statuses.length ? `Statuses: ${t.statuses.join(', ')}` : '',
      t.blights.length ? `Blights: ${t.blights.join(', ')}` : '',
      t.incapacitated ? 'Incapacitated' : '',
    ].filter(Boolean);
    box.append(el('div', { class: 'muted' }, info.join(' · ')));
    if (!gm) {
      box.append(el('div', {}, hpText(t)));
      if (canCommand(this.session.viewer, t))
        box.append(
          el('div', { class: 'muted' }, 'Drag to move; green squares show where you can go and the cost.'),
        );
      return box;
    }
    const num = (
      key: 'hp' | 'vigor' | 'wounds' | 'size' | 'health' | 'defense' | 'armor' | 'speed' | 'attackBonus',
      label: string,
      value: number | undefined,
    ): HTMLElement => {
      const input = el('input', {
        type: 'number',
        min: minOf(key),
        value: value ?? 0,
        'data-testid': `edit-${key}`,
      });
      input.onchange = () =>
        gm.editToken(t.id, { [key]: Math.max(minOf(key), Math.floor(Number(input.value) || 0)) });
      return el('div', { class: 'row' }, el('label', {}, label), input);
    };
    const name = el('input', { value: t.name, maxlength: MAX_TOKEN_NAME_CHARS, 'data-testid': 'edit-name' });
    name.onchange = () => name.value.trim() && gm.editToken(t.id, { name: name.value.trim() });
    const side = el(
      'select',
      { 'data-testid': 'edit-side' },
      el('option', { value: 'party' }, 'Party'),
      el('option', { value: 'foes' }, 'Foes'),
    );
    side.value = t.side;
    side.onchange = () => gm.editToken(t.id, { side: side.value as 'party' | 'foes' });
    const hide = el(
      'button',
      { 'data-testid': t.hidden ? 'reveal-token' : 'hide-token' },
      t.hidden ? 'Reveal to players' : 'Hide from players',
    );
    hide.onclick = () => gm.setHidden(t.id, !t.hidden);
    const remove = el('button', { 'data-testid': 'remove-token' }, 'Remove');
    remove.onclick = () => gm.removeToken(t.id);
    box.append(
      el('div', { class: 'row' }, el('label', {}, 'Name'), name),
      el('div', { class: 'row' }, el('label', {}, 'Side'), side),
      num('hp', `HP${t.maxHp !== undefined ? ` /${t.maxHp}` : ''}`, t.hp),
      num('vigor', 'Vigor', t.vigor),
      num('wounds', 'Wounds', t.wounds),
      num('size', 'Size', t.size),
      ...(t.stats
        ? [
            el('h3', {}, 'Stat block'),
            num('health', 'Health', t.stats.health),
            num('defense', 'Defense', t.stats.defense),
            num('armor', 'Armor', t.stats.armor),
            num('speed', 'Speed', t.stats.speed),
            num('attackBonus', 'Attack +', t.stats.attackBonus),
          ]
        : []),
      el('div', { class: 'row' }, hide, remove),
    );
    return box;
  }

  private placeForm(scene: Scene): HTMLElement {
    const gm = this.session.gm;
    const name = el('input', {
      placeholder: 'Name',
      value: 'Foe',
      maxlength: MAX_TOKEN_NAME_CHARS,
      'data-testid': 'place-name',
    });
    const side = el(
      'select',
      { 'data-testid': 'place-side' },
      el('option', { value: 'foes' }, 'Foes'),
      el('option', { value: 'party' }, 'Party'),
    );
    const size = el('input', { type: 'number', min: 1, max: 5, value: 1, 'data-testid': 'place-size' });
    const hidden = el('input', { type: 'checkbox', 'data-testid': 'place-hidden' });
    const btn = el('button', { 'data-testid': 'place-token' }, '+ Place token');
    btn.onclick = () => {
      const s = Math.max(1, Math.min(5, Number(size.value) || 1));
      gm?.placeToken({
        name: name.value.trim() || 'Token',
        side: side.value as 'party' | 'foes',
        size: s,
        cell: freeCell(scene, s),
        hidden: hidden.checked,
      });
    };
    return el(
      'div',
      {},
      el('h3', {}, 'Place a token'),
      el('div', { class: 'row' }, name, side),
      el('div', { class: 'row' }, el('label', {}, 'Size'), size, el('label', {}, hidden, ' hidden')),
      btn,
    );
  }
}

function dot(t: SceneToken): HTMLElement {
  const d = el('span', { class: 'dot' });
  d.style.background = cssColour(SIDE_COLOURS[t.side]);
  return d;
}

function hpText(t: SceneToken): string {
  if (t.hp === undefined) return '';
  return `${t.hp}${t.maxHp !== undefined ? `/${t.maxHp}` : ''} HP${t.vigor ? ` +${t.vigor} vigor` : ''}${t.wounds ? ` · ${t.wounds}W` : ''}`;
}

/** First free footprint scanning from the map centre outwards, row by row (new tokens land here). */
export function freeCell(scene: Scene, size: number): { x: number; y: number } {
  const { width, height } = scene.map;
  const taken = (x: number, y: number): boolean =>
    scene.tokens.some(
      (t) => x < t.cell.x + t.size && t.cell.x < x + size && y < t.cell.y + t.size && t.cell.y < y + size,
    );
  const cx = Math.floor((width - size) / 2);
  const cy = Math.floor((height - size) / 2);
  for (let r = 0; r < Math.max(width, height); r++) {
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if (x < 0 || y < 0 || x + size > width || y + size > height) continue;
        if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r) continue;
        if (!taken(x, y) && scene.map.cells[y]?.[x] !== '#') return { x, y };
      }
    }
  }
  return { x: 0, y: 0 };
}

/** Lowest value a stat field accepts (Size and Health start at 1; attack bonuses may be negative). */
function minOf(key: string): number {
  return key === 'size' || key === 'health' ? 1 : key === 'attackBonus' ? -20 : 0;
}
