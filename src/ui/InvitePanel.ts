import { el, setChildren } from './dom';
import type { Scene } from './Scene';
import type { GmActions } from './TableSession';

/** GM: create an invite link for a player, bound to the party characters they will control. */
/** `refresh` redraws the character list (call when the party's tokens change). */
export function invitePanel(
  gm: GmActions,
  getScene: () => Scene,
): { root: HTMLElement; refresh: () => void } {
  const root = el('section', { 'data-testid': 'invite-panel' });
  const links = el('div', {});
  const render = (): void => {
    const party = getScene().tokens.filter((t) => t.side === 'party');
    const name = el('input', { placeholder: 'Player name', 'data-testid': 'invite-name' });
    const boxes = party.map((t) => {
      const cb = el('input', { type: 'checkbox', value: t.id, 'data-testid': `invite-char-${t.id}` });
      return { cb, row: el('label', { class: 'row' }, cb, t.name) };
    });
    const btn = el('button', { 'data-testid': 'invite-create' }, 'Create invite link');
    const error = el('div', { class: 'error' });
    btn.onclick = async () => {
      const ids = boxes.filter((b) => b.cb.checked).map((b) => b.cb.value);
      try {
        const { link } = await gm.createInvite(name.value.trim() || 'Player', ids);
        const input = el('input', {
          value: link,
          readonly: true,
          class: 'invite',
          'data-testid': 'invite-link',
        });
        input.style.width = '100%';
        input.onclick = () => input.select();
        links.prepend(
          el(
            'div',
            {},
            el(
              'div',
              { class: 'muted' },
              `${name.value.trim() || 'Player'} → ${ids.join(', ') || 'spectator'}`,
            ),
            input,
          ),
        );
        error.textContent = '';
      } catch (e) {
        error.textContent = (e as Error).message;
      }
    };
    setChildren(root, el('h3', {}, 'Invite players'), name, ...boxes.map((b) => b.row), btn, error, links);
  };
  render();
  return { root, refresh: render };
}
