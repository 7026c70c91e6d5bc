import { useRef, useState } from 'preact/hooks';
import { api, type Invite } from '../api';
import { inviteListOf, roomOfPage } from '../inviteList';
import type { RoomModel } from '../model/RoomModel';

/** 80: the server's limit for an invite's name (InviteBodySchema). */
const MAX_INVITE_NAME = 80;

/** A link made on this page, shown until the page is left (the server keeps no copy to show again). */
interface MadeLink {
  readonly key: number;
  readonly caption: string;
  readonly player: string;
  readonly link: string;
}

/**
 * GM: create an invite link for a player, bound to the party characters they will control, and
 * list the room's invites with a Revoke button each (docs/server.md, "Revoking an invite"). The
 * characters offered and the names in the list are read from the model's scene, so they follow
 * the party as it changes.
 */
export function InvitePanel({ model }: { model: RoomModel }) {
  const gm = model.session.gm;
  const party = model.scene.value.tokens.filter((t) => t.side === 'party');
  const nameOf = (id: string): string => model.scene.value.tokens.find((t) => t.id === id)?.name ?? id;
  const room = useRef(roomOfPage()).current;
  const [player, setPlayer] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [made, setMade] = useState<readonly MadeLink[]>([]);
  // One list for the room, shared with the chat's whisper targets (src/ui/inviteList.ts).
  const inviteList = inviteListOf(model);
  const invites = inviteList.invites.value;
  const [revokeError, setRevokeError] = useState('');
  const listError = revokeError || inviteList.error.value;
  const nameInput = useRef<HTMLInputElement>(null);
  const loadInvites = (): Promise<void> => inviteList.load();
  if (!gm) return null;

  const create = async (): Promise<void> => {
    const name = player.trim();
    // Ticks of characters that left the party are not offered, so they are not sent either.
    const picked = party.filter((t) => ticked.has(t.id));
    // A link for nobody in particular is a mistake more often than a choice: ask.
    if (!name) {
      setError("Type the player's name first.");
      nameInput.current?.focus();
      return;
    }
    if (
      picked.length === 0 &&
      !window.confirm(
        `No character is ticked, so ${name} gets a spectator link: sees the table, commands nobody. Create it?`,
      )
    )
      return;
    const commands = picked.map((t) => t.name).join(', ') || 'spectator (commands nobody)';
    setBusy(true);
    try {
      const { link } = await gm.createInvite(
        name,
        picked.map((t) => t.id),
      );
      setMade((old) => [{ key: Date.now(), caption: `${name} → ${commands}`, player: name, link }, ...old]);
      setError('');
      // Ready for the next player: an old name or ticks would slip into their link.
      setPlayer('');
      setTicked(new Set());
    } catch (e) {
      setError(`Could not create the invite: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
    await loadInvites();
  };

  const revoke = async (inv: Invite, chars: string): Promise<void> => {
    if (!room) return;
    if (!window.confirm(`Revoke ${inv.name}'s invite (${chars})? Their link stops working at once.`)) return;
    try {
      await api.revokeInvite(room.roomId, room.gmToken, inv.id);
      setRevokeError('');
    } catch (e) {
      setRevokeError(`Could not revoke: ${(e as Error).message}`);
    }
    await loadInvites();
  };

  return (
    <section data-testid="invite-panel" aria-label="Invite players">
      <h3>Invite players</h3>
      <input
        ref={nameInput}
        placeholder="Player name"
        aria-label="Player name"
        maxLength={MAX_INVITE_NAME}
        value={player}
        data-testid="invite-name"
        onInput={(e) => setPlayer(e.currentTarget.value)}
      />
      {party.map((t) => (
        <label key={t.id} class="row">
          <input
            type="checkbox"
            value={t.id}
            checked={ticked.has(t.id)}
            data-testid={`invite-char-${t.id}`}
            onChange={(e) => {
              const next = new Set(ticked);
              if (e.currentTarget.checked) next.add(t.id);
              else next.delete(t.id);
              setTicked(next);
            }}
          />
          {t.name}
        </label>
      ))}
      <button data-testid="invite-create" disabled={busy} onClick={() => void create()}>
        Create invite link
      </button>
      <div class="error" role="alert" data-testid="invite-error">
        {error}
      </div>
      <div>
        {made.map((m) => (
          <div key={m.key}>
            <div class="muted" data-testid="invite-caption">
              {m.caption}
            </div>
            <input
              value={m.link}
              readOnly
              class="invite"
              style={{ width: '100%' }}
              aria-label={`Invite link for ${m.player}`}
              data-testid="invite-link"
              onClick={(e) => e.currentTarget.select()}
            />
          </div>
        ))}
      </div>
      {room && (
        <>
          <h4>Invites</h4>
          <div data-testid="invite-list">
            {invites && invites.length === 0 && <div class="muted">No player invites yet</div>}
            {invites?.map((inv) => {
              const chars = inv.characterIds.map(nameOf).join(', ') || 'spectator (commands nobody)';
              return (
                <div
                  key={inv.id}
                  class="row invite-row"
                  data-testid={`invite-row-${inv.id}`}
                  data-invite-name={inv.name}
                >
                  <span>{`${inv.name} → ${chars}`}</span>
                  <RevokeButton inv={inv} onRevoke={() => revoke(inv, chars)} />
                </div>
              );
            })}
          </div>
          <div class="error" data-testid="invite-list-error">
            {listError}
          </div>
        </>
      )}
    </section>
  );
}

/** Revoke, disabled while the server answers. */
function RevokeButton({ inv, onRevoke }: { inv: Invite; onRevoke: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      data-testid={`invite-revoke-${inv.id}`}
      title="The link stops working and the player is disconnected"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onRevoke();
        } finally {
          setBusy(false);
        }
      }}
    >
      Revoke
    </button>
  );
}
