import { api, type Invite } from './api';
import { el, setChildren } from './dom';
import type { Scene } from './Scene';
import type { GmActions } from './TableSession';

/** The live room this page is the GM of (`?room=…&token=…`), or null (local demo, no server). */
function roomOfPage(): { roomId: string; gmToken: string } | null {
  const params = new URLSearchParams(window.location.search);
  const roomId = params.get('room');
  const gmToken = params.get('token');
  return roomId && gmToken ? { roomId, gmToken } : null;
}

/**
 * GM: create an invite link for a player, bound to the party characters they will control, and
 * list the room's invites with a Revoke button each (docs/server.md, "Revoking an invite").
 * `refresh` redraws the character list (call when the party's tokens change).
 */
export function invitePanel(
  gm: GmActions,
  getScene: () => Scene,
): { root: HTMLElement; refresh: () => void } {
  const root = el('section', { 'data-testid': 'invite-panel' });
  const links = el('div', {});
  const room = roomOfPage();
  const list = el('div', { 'data-testid': 'invite-list' });
  const listError = el('div', { class: 'error', 'data-testid': 'invite-list-error' });

  const nameOf = (id: string): string => getScene().tokens.find((t) => t.id === id)?.name ?? id;

  const showInvites = (invites: readonly Invite[]): void => {
    if (invites.length === 0) {
      setChildren(list, el('div', { class: 'muted' }, 'No player invites yet'));
      return;
    }
    const rows = invites.map((inv) => {
      const chars = inv.characterIds.map(nameOf).join(', ') || 'spectator (commands nobody)';
      const revoke = el('button', { 'data-testid': `invite-revoke-${inv.id}` }, 'Revoke');
      revoke.title = 'The link stops working and the player is disconnected';
      revoke.onclick = async () => {
        if (!room) return;
        if (!window.confirm(`Revoke ${inv.name}'s invite (${chars})? Their link stops working at once.`))
          return;
        revoke.disabled = true;
        try {
          await api.revokeInvite(room.roomId, room.gmToken, inv.id);
          listError.textContent = '';
        } catch (e) {
          listError.textContent = `Could not revoke: ${(e as Error).message}`;
        }
        await loadInvites();
      };
      return el(
        'div',
        { class: 'row invite-row', 'data-testid': `invite-row-${inv.id}`, 'data-invite-name': inv.name },
        el('span', {}, `${inv.name} → ${chars}`),
        revoke,
      );
    });
    setChildren(list, ...rows);
  };

  const loadInvites = async (): Promise<void> => {
    if (!room) return;
    try {
      const { invites } = await api.listInvites(room.roomId, room.gmToken);
      showInvites(invites);
      listError.textContent = '';
    } catch (e) {
      listError.textContent = `Could not list invites: ${(e as Error).message}`;
    }
  };

  const render = (): void => {
    const party = getScene().tokens.filter((t) => t.side === 'party');
    // 80: the server's limit for an invite's name (InviteBodySchema).
    const name = el('input', { placeholder: 'Player name', maxlength: 80, 'data-testid': 'invite-name' });
    const boxes = party.map((t) => {
      const cb = el('input', { type: 'checkbox', value: t.id, 'data-testid': `invite-char-${t.id}` });
      return { cb, name: t.name, row: el('label', { class: 'row' }, cb, t.name) };
    });
    const btn = el('button', { 'data-testid': 'invite-create' }, 'Create invite link');
    const error = el('div', { class: 'error', role: 'alert', 'data-testid': 'invite-error' });
    btn.onclick = async () => {
      const player = name.value.trim();
      const picked = boxes.filter((b) => b.cb.checked);
      // A link for nobody in particular is a mistake more often than a choice: ask.
      if (!player) {
        error.textContent = "Type the player's name first.";
        name.focus();
        return;
      }
      if (
        picked.length === 0 &&
        !window.confirm(
          `No character is ticked, so ${player} gets a spectator link: sees the table, commands nobody. Create it?`,
        )
      )
        return;
      const commands = picked.map((b) => b.name).join(', ') || 'spectator (commands nobody)';
      btn.disabled = true;
      try {
        const { link } = await gm.createInvite(
          player,
          picked.map((b) => b.cb.value),
        );
        const input = el('input', {
          value: link,
          readonly: true,
          class: 'invite',
          'aria-label': `Invite link for ${player}`,
          'data-testid': 'invite-link',
        });
        input.style.width = '100%';
        input.onclick = () => input.select();
        links.prepend(
          el(
            'div',
            {},
            el('div', { class: 'muted', 'data-testid': 'invite-caption' }, `${player} → ${commands}`),
            input,
          ),
        );
        error.textContent = '';
        // Ready for the next player: an old name or ticks would slip into their link.
        name.value = '';
        for (const b of picked) b.cb.checked = false;
      } catch (e) {
        error.textContent = `Could not create the invite: ${(e as Error).message}`;
      } finally {
        btn.disabled = false;
      }
      await loadInvites();
    };
    const existing = room ? [el('h4', {}, 'Invites'), list, listError] : [];
    setChildren(
      root,
      el('h3', {}, 'Invite players'),
      name,
      ...boxes.map((b) => b.row),
      btn,
      error,
      links,
      ...existing,
    );
  };
  render();
  void loadInvites();
  return { root, refresh: render };
}
