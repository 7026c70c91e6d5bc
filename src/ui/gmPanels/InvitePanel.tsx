import { useRef, useState } from 'preact/hooks';
import { api, type Invite } from '../api';
import { inviteListOf, roomOfPage } from '../inviteList';
import type { RoomModel } from '../model/RoomModel';
import './invites.css';

/** 80: the server's limit for an invite's name (InviteBodySchema). */
const MAX_INVITE_NAME = 80;

/** A link made on this page, shown until the page is left (the server keeps no copy to show again). */
interface MadeLink {
  readonly key: number;
  /** The invite's id: its link is no longer shown once the invite has a new one or is revoked. */
  readonly id: string;
  readonly caption: string;
  readonly player: string;
  readonly link: string;
}

/**
 * GM: create an invite link for a player, bound to the party characters they will control, and
 * list the room's invites with a New link and a Revoke button each (docs/ui/gm.md, "Invites").
 * A new link replaces a lost one: same player, characters and whispers, and the old link stops
 * working. The characters offered and the names in the list are read from the model's scene, so
 * they follow the party as it changes.
 */
export function InvitePanel({ model }: { model: RoomModel }) {
  const gm = model.session.gm;
  const party = model.scene.value.tokens.filter((t) => t.side === 'party');
  const tokens = model.scene.value.tokens;
  const room = useRef(roomOfPage()).current;
  const [player, setPlayer] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [made, setMade] = useState<readonly MadeLink[]>([]);
  // New links made on this page, by invite id (shown under the invite's row).
  const [renewed, setRenewed] = useState<ReadonlyMap<string, string>>(new Map());
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
      const { link, id } = await gm.createInvite(
        name,
        picked.map((t) => t.id),
      );
      setMade((old) => [
        { key: Date.now(), id, caption: `${name} → ${commands}`, player: name, link },
        ...old,
      ]);
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

  /**
   * The links of invite `id` shown so far stop being shown (they no longer work); `replacement`,
   * its new link, shows under its row instead.
   */
  const forgetLinks = (id: string, replacement?: string): void => {
    setMade((old) => old.filter((m) => m.id !== id));
    setRenewed((old) => {
      const next = new Map(old);
      if (replacement === undefined) next.delete(id);
      else next.set(id, replacement);
      return next;
    });
  };

  const revoke = async (inv: Invite, chars: string): Promise<void> => {
    if (!room) return;
    if (!window.confirm(`Revoke ${inv.name}'s invite (${chars})? Their link stops working at once.`)) return;
    try {
      await api.revokeInvite(room.roomId, room.gmToken, inv.id);
      forgetLinks(inv.id);
      setRevokeError('');
    } catch (e) {
      setRevokeError(`Could not revoke: ${(e as Error).message}`);
    }
    await loadInvites();
  };

  const renew = async (inv: Invite, chars: string): Promise<void> => {
    if (!room) return;
    const asked =
      `Make a new link for ${inv.name} (${chars})? Their old link stops working at once; ` +
      'the new one opens the same characters and whispers.';
    if (!window.confirm(asked)) return;
    try {
      const { link } = await api.newInviteLink(room.roomId, room.gmToken, inv.id);
      forgetLinks(inv.id, link);
      setRevokeError('');
    } catch (e) {
      setRevokeError(`Could not make a new link: ${(e as Error).message}`);
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
            <LinkField link={m.link} label={`Invite link for ${m.player}`} testId="invite-link" />
          </div>
        ))}
      </div>
      {room && (
        <>
          <h4>Invites</h4>
          <div data-testid="invite-list">
            {invites && invites.length === 0 && <div class="muted">No player invites yet</div>}
            {invites?.map((inv) => {
              const chars = charactersOf(inv, tokens);
              const fresh = renewed.get(inv.id);
              return (
                <div
                  key={inv.id}
                  class="invite-item"
                  data-testid={`invite-row-${inv.id}`}
                  data-invite-name={inv.name}
                >
                  <div class="row invite-row">
                    <span class="invite-who">{`${inv.name} → ${chars}`}</span>
                    <span class="invite-actions">
                      <BusyButton
                        label="New link"
                        title="For a lost link: a new link to the same characters and whispers; the old link stops working"
                        testId={`invite-renew-${inv.id}`}
                        onClick={() => renew(inv, chars)}
                      />
                      <BusyButton
                        label="Revoke"
                        title="The link stops working and the player is disconnected"
                        testId={`invite-revoke-${inv.id}`}
                        onClick={() => revoke(inv, chars)}
                      />
                    </span>
                  </div>
                  {fresh && (
                    <div class="invite-fresh">
                      <div class="muted">{`New link for ${inv.name}; the old one no longer works:`}</div>
                      <LinkField link={fresh} label={`New link for ${inv.name}`} testId="invite-new-link" />
                    </div>
                  )}
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

/**
 * The characters an invite commands, by their names on the table; never an id: those not on this
 * map are counted ("Maren, 1 character not on this map").
 */
function charactersOf(inv: Invite, tokens: readonly { id: string; name: string }[]): string {
  if (inv.characterIds.length === 0) return 'spectator (commands nobody)';
  const names = inv.characterIds.flatMap((id) => tokens.find((t) => t.id === id)?.name ?? []);
  const away = inv.characterIds.length - names.length;
  if (away > 0) names.push(`${away} character${away === 1 ? '' : 's'} not on this map`);
  return names.join(', ');
}

/** A button that stays disabled while the server answers its click. */
function BusyButton(props: { label: string; title: string; testId: string; onClick: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      data-testid={props.testId}
      title={props.title}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await props.onClick();
        } finally {
          setBusy(false);
        }
      }}
    >
      {props.label}
    </button>
  );
}

/**
 * A link to hand to a player: a read-only field and Copy. Where the page may not write the
 * clipboard (a plain-http address other than localhost, a refused permission) the link is
 * selected in the field instead, and the line under it says to copy it by hand.
 */
function LinkField({ link, label, testId }: { link: string; label: string; testId: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const select = (): void => {
    field.current?.focus();
    field.current?.select();
  };
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid('Copied: send it to the player.');
    } catch {
      select();
      setSaid(
        'This page may not copy here, so the link is selected: copy it yourself (Ctrl+C, or press and hold on a phone).',
      );
    }
  };
  return (
    <div class="invite-link-field">
      <div class="invite-link-row">
        <input
          ref={field}
          value={link}
          readOnly
          class="invite"
          aria-label={label}
          data-testid={testId}
          onClick={select}
        />
        <button data-testid={`${testId}-copy`} aria-label={`Copy: ${label}`} onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <div class="muted invite-copied" role="status" data-testid={`${testId}-said`}>
        {said}
      </div>
    </div>
  );
}
