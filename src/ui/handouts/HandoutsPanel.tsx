import { useEffect, useRef, useState } from 'preact/hooks';
import {
  MAX_HANDOUT_TEXT_CHARS,
  MAX_HANDOUT_TITLE_CHARS,
  MAX_HANDOUTS,
  type Handout,
} from '../../schema/actions/handout';
import { takeBackHandout } from '../../table/handouts/takeBack';
import { assetInfo, fetchTile, pageAssetAccess, uploadImage } from '../assets/assetClient';
import { inviteListOf } from '../inviteList';
import type { RoomModel } from '../model/RoomModel';
import { shownTo } from './HandoutViewer';
import './handouts.css';

/** A picture the GM may show: one the room's docs already name, or one just uploaded. */
interface PictureChoice {
  readonly hash: string;
  readonly label: string;
}

const EVERYONE = '';
const NO_PICTURE = '';

/**
 * GM: show a handout (docs/ui/gm.md "Handouts"): a title, a text, a picture (one the room shows
 * already, or a new upload), to everyone or to one player (the invite list names them); Show
 * sends `show-handout`, whose refusal is said under the button. Below, every handout shown, with
 * Open (the viewer everyone sees) and Take back.
 */
export function HandoutsPanel({ model, open }: { model: RoomModel; open: (id: string) => void }) {
  const snapshot = model.snapshot.value;
  const invites = inviteListOf(model).invites.value ?? [];
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [picture, setPicture] = useState(NO_PICTURE);
  const [uploaded, setUploaded] = useState<readonly PictureChoice[]>([]);
  const [to, setTo] = useState(EVERYONE);
  const [busy, setBusy] = useState<'' | 'upload' | 'show'>('');
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);
  if (!snapshot) return null;
  const handouts = snapshot.handouts;
  const choices = [...uploaded, ...roomPictures(model)].filter(
    (c, i, all) => all.findIndex((o) => o.hash === c.hash) === i,
  );
  const toName = invites.find((i) => i.id === to)?.name;

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy('upload');
    setError('');
    try {
      const image = await uploadImage(pageAssetAccess(), model.session.roomId, picked, 'map');
      setUploaded((list) => [{ hash: image.hash, label: `Uploaded: ${picked.name}` }, ...list]);
      setPicture(image.hash);
    } catch (e) {
      setError(`${picked.name} was not uploaded: ${(e as Error).message}`);
    } finally {
      setBusy('');
      if (file.current) file.current.value = '';
    }
  };

  const show = async () => {
    setBusy('show');
    setError('');
    const answer = await model.report(
      {
        kind: 'show-handout',
        title: title.trim(),
        ...(text.trim() ? { text } : {}),
        ...(picture ? { image: picture } : {}),
        ...(to ? { to: { kind: 'player', channel: to } } : {}),
      },
      `Handout shown to ${toName ?? 'everyone'}: ${title.trim()}`,
      'Handout not shown',
    );
    setBusy('');
    if (!answer.ok) return setError(sentence(answer.reason));
    setTitle('');
    setText('');
    setPicture(NO_PICTURE);
  };

  const takeBack = (handout: Handout) => {
    const docs = model.host?.gm?.docs();
    const from = handout.to ? `${handout.to.name} no longer has it` : 'nobody has it any more';
    if (!docs || !window.confirm(`Take back "${handout.title}"? ${sentence(from)}.`)) return;
    takeBackHandout(docs, handout.id);
    model.say(`Took back ${handout.title}`, 'ok');
  };

  return (
    <section data-testid="handouts-panel" aria-labelledby="handouts-title" class="handouts-panel">
      <h3 id="handouts-title">Handouts</h3>
      <details class="handout-new" data-testid="handout-new">
        <summary>Show a new handout…</summary>
        <form
          class="handout-form"
          onSubmit={(e) => {
            e.preventDefault();
            void show();
          }}
        >
          <label>
            Title
            <input
              data-testid="handout-title-input"
              value={title}
              maxLength={MAX_HANDOUT_TITLE_CHARS}
              required
              placeholder="A letter sealed in black wax"
              onInput={(e) => setTitle(e.currentTarget.value)}
            />
          </label>
          <label>
            Text <span class="muted">(optional with a picture)</span>
            <textarea
              data-testid="handout-text-input"
              rows={4}
              value={text}
              maxLength={MAX_HANDOUT_TEXT_CHARS}
              onInput={(e) => setText(e.currentTarget.value)}
            />
          </label>
          <label>
            Picture
            <select
              data-testid="handout-picture-choice"
              value={picture}
              onChange={(e) => setPicture(e.currentTarget.value)}
            >
              <option value={NO_PICTURE}>No picture</option>
              {choices.map((c) => (
                <option key={c.hash} value={c.hash}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          {picture && <PicturePreview roomId={model.session.roomId} hash={picture} />}
          <label>
            <span>
              Or upload one <span class="muted">(PNG, JPEG or WebP)</span>
            </span>
            <input
              ref={file}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="handout-upload"
              disabled={busy !== ''}
              onChange={(e) => void upload(e.currentTarget.files?.[0])}
            />
          </label>
          {busy === 'upload' && <p class="muted">Uploading…</p>}
          <label>
            Show to
            <select data-testid="handout-to" value={to} onChange={(e) => setTo(e.currentTarget.value)}>
              <option value={EVERYONE}>Everyone</option>
              {invites.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name} only
                </option>
              ))}
            </select>
          </label>
          <div class="row">
            <button
              type="submit"
              class="primary"
              data-testid="handout-show"
              disabled={busy !== '' || !title.trim() || (!text.trim() && !picture)}
            >
              Show {toName ? `to ${toName}` : 'to everyone'}
            </button>
          </div>
          {!title.trim() || text.trim() || picture ? null : (
            <p class="muted">Add a text or a picture to show.</p>
          )}
          <p class="refused" role="alert" data-testid="handout-error">
            {error}
          </p>
        </form>
      </details>
      {handouts.length > 0 && (
        <>
          <h4>
            Shown ({handouts.length} of {MAX_HANDOUTS})
          </h4>
          <ul class="handout-shown">
            {[...handouts].reverse().map((h) => (
              <li key={h.id} data-testid="handout-row">
                <div class="handout-row-text">
                  <span class="handout-item-title">{h.title}</span>
                  <span class="muted">{shownTo(h, true)}</span>
                </div>
                <div class="row">
                  <button data-testid="handout-reopen" onClick={() => open(h.id)}>
                    Open
                  </button>
                  <button data-testid="handout-take-back" onClick={() => takeBack(h)}>
                    Take back
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** "The room keeps…" → the server's sentence starting with a capital, for the panel. */
function sentence(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/**
 * The pictures the room shows already, named: the battlemap, the portraits, earlier handouts'
 * (the GM's snapshot holds every one of them).
 */
function roomPictures(model: RoomModel): PictureChoice[] {
  const snapshot = model.snapshot.value;
  if (!snapshot) return [];
  const map = snapshot.map;
  return [
    ...[...snapshot.handouts]
      .reverse()
      .flatMap((h) => (h.image ? [{ hash: h.image, label: `Handout: ${h.title}` }] : [])),
    ...(map?.background ? [{ hash: map.background.asset, label: `Battlemap: ${map.name}` }] : []),
    ...snapshot.tokens.flatMap((t) =>
      t.statBlock?.portrait ? [{ hash: t.statBlock.portrait, label: `Portrait: ${t.name}` }] : [],
    ),
  ];
}

/** The chosen picture, small: its pyramid's last level, one tile (docs/server.md "Images"). */
function PicturePreview({ roomId, hash }: { roomId: string; hash: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    setError('');
    const access = pageAssetAccess();
    assetInfo(access, roomId, hash)
      .then((info) => {
        const last = info.levels[info.levels.length - 1]!;
        return fetchTile(access, roomId, hash, last.level, 0, 0);
      })
      .then(
        (bitmap) => {
          const c = canvas.current;
          if (!live || !c) return bitmap.close();
          c.width = bitmap.width;
          c.height = bitmap.height;
          c.getContext('2d')?.drawImage(bitmap, 0, 0);
          bitmap.close();
        },
        (e: Error) => live && setError(`The picture could not be loaded: ${e.message}`),
      );
    return () => {
      live = false;
    };
  }, [roomId, hash]);
  if (error) return <p class="refused">{error}</p>;
  return <canvas ref={canvas} class="handout-preview" data-testid="handout-preview" aria-hidden="true" />;
}
