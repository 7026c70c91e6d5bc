import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { centredCrop, CROP_VIEW_PX, MAX_ZOOM, MIN_ZOOM, moveCrop, zoomCrop, type Crop } from './cropMath';
import { renderPortrait, uploadPortrait } from './portraitAssets';

/** Largest picture file the dialog opens; the upload itself is the small cropped square. */
const MAX_SOURCE_BYTES = 30 * 1024 * 1024;
/** View pixels an arrow key moves the picture; Shift moves five times as far. */
const KEY_STEP_PX = 8;

interface Picked {
  readonly bitmap: ImageBitmap;
  readonly url: string;
}

/** The portrait dialog's content (fetched the first time a dialog opens: src/ui/lazy/chunks.ts). */
export function PortraitCropper(props: {
  model: RoomModel;
  tokenId: string;
  name: string;
  hasPortrait: boolean;
  close: () => void;
}) {
  const { model, tokenId, name } = props;
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => () => picked?.bitmap.close(), [picked]);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_SOURCE_BYTES)
      return setError(`${file.name} is ${mb(file.size)}: pick a picture of at most ${mb(MAX_SOURCE_BYTES)}`);
    try {
      const bitmap = await createImageBitmap(file);
      setPicked({ bitmap, url: URL.createObjectURL(file) });
      setCrop(centredCrop(bitmap));
      view.current?.focus();
    } catch {
      setError(`${file.name} is not a picture this browser can open: pick a PNG, JPEG or WebP`);
    }
  };
  const image = picked?.bitmap;
  const move = (dx: number, dy: number) => image && setCrop((c) => moveCrop(image, c, dx, dy));
  const zoomTo = (zoom: number, at?: { x: number; y: number }) =>
    image && setCrop((c) => zoomCrop(image, c, zoom, at));
  const local = (e: { clientX: number; clientY: number }) => {
    const box = view.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const save = async () => {
    if (!image) return;
    setBusy(true);
    setError(null);
    try {
      const hash = await uploadPortrait(model.session.roomId, await renderPortrait(image, crop));
      const answer = await model.report(
        { kind: 'set-portrait', tokenId, portrait: hash },
        `${name}: portrait set`,
        `${name}'s portrait refused`,
      );
      if (answer.ok) props.close();
      else setError(answer.reason);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    const answer = await model.report(
      { kind: 'set-portrait', tokenId, portrait: null },
      `${name}: portrait removed`,
      `${name}'s portrait refused`,
    );
    setBusy(false);
    if (answer.ok) props.close();
    else setError(answer.reason);
  };

  return (
    <div class="portrait-cropper">
      <h2 id="portrait-title">{`Portrait: ${name}`}</h2>
      <label class="portrait-file">
        Choose a picture (PNG, JPEG or WebP)
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          data-testid="portrait-file"
          onChange={(e) => void choose((e.currentTarget as HTMLInputElement).files?.[0])}
        />
      </label>
      <div
        ref={view}
        class="portrait-view"
        data-testid="portrait-view"
        tabIndex={picked ? 0 : -1}
        role="img"
        aria-label={
          picked
            ? 'The portrait as the token shows it: drag or arrow keys move it, wheel, pinch or + and - zoom'
            : 'No picture chosen yet'
        }
        style={{ width: `${CROP_VIEW_PX}px`, height: `${CROP_VIEW_PX}px` }}
        onKeyDown={(e) => {
          const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [step, 0],
            ArrowRight: [-step, 0],
            ArrowUp: [0, step],
            ArrowDown: [0, -step],
          };
          const by = moves[e.key];
          if (by) move(...by);
          else if (e.key === '+' || e.key === '=') zoomTo(crop.zoom * 1.1);
          else if (e.key === '-' || e.key === '_') zoomTo(crop.zoom / 1.1);
          else return;
          e.preventDefault();
        }}
        onWheel={(e) => {
          if (!image) return;
          e.preventDefault();
          zoomTo(crop.zoom * Math.exp(-e.deltaY / 500), local(e));
        }}
        onPointerDown={(e) => {
          if (!image) return;
          (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
          pointers.current.set(e.pointerId, local(e));
        }}
        onPointerMove={(e) => {
          const before = pointers.current.get(e.pointerId);
          if (!before || !image) return;
          const now = local(e);
          const gap = spread();
          pointers.current.set(e.pointerId, now);
          if (pointers.current.size === 1) move(now.x - before.x, now.y - before.y);
          else if (gap > 0) zoomTo(crop.zoom * (spread() / gap));
        }}
        onPointerUp={(e) => pointers.current.delete(e.pointerId)}
        onPointerCancel={(e) => pointers.current.delete(e.pointerId)}
      >
        {picked && image && (
          <img
            src={picked.url}
            alt=""
            draggable={false}
            style={{
              width: `${image.width}px`,
              height: `${image.height}px`,
              transform: `translate(${crop.x}px, ${crop.y}px) scale(${(CROP_VIEW_PX / Math.min(image.width, image.height)) * crop.zoom})`,
            }}
          />
        )}
      </div>
      <label class="portrait-zoom">
        Zoom
        <input
          type="range"
          data-testid="portrait-zoom"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={crop.zoom}
          disabled={!picked}
          onInput={(e) => zoomTo(Number((e.currentTarget as HTMLInputElement).value))}
        />
      </label>
      {error && (
        <p class="refused" role="alert" data-testid="portrait-error">
          {error}
        </p>
      )}
      <div class="row">
        <button
          type="button"
          data-testid="portrait-use"
          disabled={!picked || busy}
          onClick={() => void save()}
        >
          Use this portrait
        </button>
        {props.hasPortrait && (
          <button type="button" data-testid="portrait-remove" disabled={busy} onClick={() => void remove()}>
            Remove portrait
          </button>
        )}
        <button type="button" data-testid="portrait-cancel" onClick={props.close}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
