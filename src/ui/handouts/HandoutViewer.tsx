import { useEffect, useRef, useState } from 'preact/hooks';
import type { Handout } from '../../schema/actions/handout';
import { fetchImage, pageAssetAccess } from '../assets/assetClient';
import type { RoomModel } from '../model/RoomModel';
import './handouts.css';

/**
 * A handout as everyone at the table reads it (docs/ui/player.md "Handouts"): a modal dialog with
 * its title, its picture and its text (never HTML); Esc or Close shuts it. `open` is a handout's
 * id, or 'list' for the room's Handouts list (newest first), from which any opens again.
 */
export function HandoutViewer(props: {
  model: RoomModel;
  open: string;
  onOpen: (open: string) => void;
  onClose: () => void;
}) {
  const { model, open, onOpen, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const handouts = model.snapshot.value?.handouts ?? [];
  const gm = model.viewer.role === 'gm';
  const shown = open === 'list' ? null : handouts.find((h) => h.id === open);
  // Taken back while open: the list instead (or nothing, when none is left).
  useEffect(() => {
    if (open !== 'list' && !shown) onOpen('list');
  }, [open, shown]);
  return (
    <dialog
      ref={dialog}
      class="modal-dialog handout-dialog"
      data-testid={shown ? 'handout-viewer' : 'handout-list'}
      aria-labelledby="handout-title"
      onClose={onClose}
    >
      <div class="handout-head">
        <h2 id="handout-title">{shown ? shown.title : 'Handouts'}</h2>
        <button data-testid="handout-close" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      {shown ? (
        <>
          <p class="muted handout-meta">{shownTo(shown, gm)}</p>
          {shown.image && <Picture roomId={model.session.roomId} hash={shown.image} title={shown.title} />}
          {shown.text && (
            <div class="handout-text" data-testid="handout-text">
              {shown.text}
            </div>
          )}
          {handouts.length > 1 && (
            <button class="handout-back" data-testid="handout-all" onClick={() => onOpen('list')}>
              All handouts ({handouts.length})
            </button>
          )}
        </>
      ) : handouts.length ? (
        <ul class="handout-list">
          {[...handouts].reverse().map((h) => (
            <li key={h.id}>
              <button data-testid="handout-item" onClick={() => onOpen(h.id)}>
                <span class="handout-item-title">{h.title}</span>
                <span class="muted">{shownTo(h, gm)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No handouts yet.</p>
      )}
    </dialog>
  );
}

/** "Shown to you at 20:14" / "Shown to everyone at 20:14" (the GM reads the player's name). */
export function shownTo(handout: Handout, gm: boolean): string {
  const time = new Date(handout.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const who = handout.to ? (gm ? handout.to.name : 'you') : 'everyone';
  return `Shown to ${who} at ${time}`;
}

/** The handout's picture, fetched with this page's link (only its readers may: the server says 404 to others). */
function Picture({ roomId, hash, title }: { roomId: string; hash: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    setUrl(null);
    setError('');
    fetchImage(pageAssetAccess(), roomId, hash).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      (e: Error) => live && setError(`The picture could not be loaded: ${e.message}`),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [roomId, hash]);
  if (error) return <p class="refused">{error}</p>;
  return (
    <figure class="handout-picture">
      {url ? (
        <img src={url} alt={title} data-testid="handout-picture" />
      ) : (
        <p class="muted">Loading the picture…</p>
      )}
    </figure>
  );
}
