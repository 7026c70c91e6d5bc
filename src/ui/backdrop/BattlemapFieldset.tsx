import { useEffect, useState } from 'preact/hooks';
import { megabytes } from '../../schema/limits';
import { DEFAULT_TERRAIN_OPACITY, MAX_MAP_SIDE, type MapBackground } from '../../schema/map';
import type { RoomModel } from '../model/RoomModel';
import { clampPps, fitToMap, mapSizeForImage, MAX_PPS, MIN_PPS } from './alignment';
import { pageAssetAccess, uploadImage } from '../assets/assetClient';

/** Offset nudge, in squares: fine enough to line up art whose grid is a few pixels off. */
const NUDGE = 0.1;
const ACCEPT = 'image/png,image/jpeg,image/webp';

/** An upload under way (the file's name and size) or its refusal in the server's words. */
type Upload = { sending: string } | { error: string } | undefined;

/**
 * The map editor's "Battlemap" fieldset (GM, live rooms): upload a picture (file picker, or drop
 * an image file onto the map), then line it up with the squares: pixels per square, offset in
 * squares with nudges, fit to the map, size the map to the picture, terrain opacity, remove.
 * Every change is one GM write (one undo step); players see it live.
 */
export function BattlemapFieldset({ model }: { model: RoomModel }) {
  const gm = model.session.gm;
  const map = model.scene.value.map;
  const bg = map.background;
  const [upload, setUpload] = useState<Upload>(undefined);
  // What the GM is typing, until Enter or leaving the field.
  const [draft, setDraft] = useState<Partial<Record<'pps' | 'x' | 'y', string>>>({});
  const [opacity, setOpacity] = useState<number | undefined>(undefined);
  const setBackground = gm?.setBackground;

  const send = async (file: File): Promise<void> => {
    if (!setBackground) return;
    setUpload({ sending: `${file.name} (${megabytes(file.size)})` });
    try {
      const img = await uploadImage(pageAssetAccess(), model.session.roomId, file, 'map');
      const current = model.scene.peek().map;
      // Said first: a refused write replaces it with the reason (TableScreen's guardGm).
      model.say(`Battlemap ${file.name} is under the map. Line it up with the squares below.`, 'ok');
      setBackground({
        asset: img.hash,
        imageWidth: img.width,
        imageHeight: img.height,
        ...fitToMap(img.width, img.height, current.width, current.height),
        terrainOpacity: current.background?.terrainOpacity ?? DEFAULT_TERRAIN_OPACITY,
      });
      setUpload(undefined);
    } catch (e) {
      setUpload({ error: `${file.name} was not used: ${(e as Error).message}` });
    }
  };

  // Dropping an image file onto the battlefield uploads it (the drop is read from the window, so
  // no other part of the page needs to know).
  useEffect(() => {
    if (!setBackground) return;
    const onMap = (e: DragEvent) =>
      e.target instanceof HTMLCanvasElement &&
      !!e.dataTransfer &&
      [...e.dataTransfer.types].includes('Files');
    const over = (e: DragEvent) => {
      if (onMap(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!onMap(e)) return;
      e.preventDefault();
      const file = e.dataTransfer?.files[0];
      if (file) void send(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  });

  if (!setBackground) return null;
  const write = (patch: Partial<MapBackground>) => bg && setBackground({ ...bg, ...patch });
  const number = (
    key: 'pps' | 'x' | 'y',
    label: string,
    value: number,
    limits: { min: number; max: number; step: number },
    commit: (v: number) => void,
  ) => (
    <div class="row">
      <label for={`backdrop-${key}`}>{label}</label>
      <input
        id={`backdrop-${key}`}
        data-testid={key === 'pps' ? 'backdrop-pps' : `backdrop-offset-${key}`}
        type="number"
        {...limits}
        value={draft[key] ?? String(value)}
        onInput={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
        onChange={(e) => done(key, e.currentTarget.value, commit)}
        onKeyDown={(e) => e.key === 'Enter' && done(key, e.currentTarget.value, commit)}
      />
    </div>
  );
  const done = (key: 'pps' | 'x' | 'y', text: string, commit: (v: number) => void) => {
    const { [key]: _gone, ...rest } = draft;
    setDraft(rest);
    const v = Number(text);
    if (text.trim() !== '' && Number.isFinite(v)) commit(v);
  };
  const nudge = (dx: number, dy: number) =>
    bg && write({ offsetX: round(bg.offsetX + dx), offsetY: round(bg.offsetY + dy) });

  return (
    <fieldset class="backdrop" data-testid="backdrop">
      <legend>Battlemap</legend>
      <div class="row">
        <label for="backdrop-file">{bg ? 'Replace image' : 'Image'}</label>
        <input
          id="backdrop-file"
          data-testid="backdrop-file"
          type="file"
          accept={ACCEPT}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void send(file);
          }}
        />
      </div>
      {!bg && !upload && <p class="hint">PNG, JPEG or WebP; or drop the file onto the map.</p>}
      {upload && 'sending' in upload && (
        // The server answers once it has checked and cut the picture: no byte count to show.
        <p role="status" data-testid="backdrop-progress">
          Uploading {upload.sending} and cutting it into tiles… <progress />
        </p>
      )}
      {upload && 'error' in upload && (
        <p role="alert" class="refused" data-testid="backdrop-error">
          {upload.error}
        </p>
      )}
      {bg && (
        <>
          {number(
            'pps',
            'Pixels per square',
            bg.pixelsPerSquare,
            { min: MIN_PPS, max: MAX_PPS, step: 0.1 },
            (v) => write({ pixelsPerSquare: clampPps(v) }),
          )}
          {number(
            'x',
            'Offset X (squares)',
            bg.offsetX,
            { min: -MAX_MAP_SIDE, max: MAX_MAP_SIDE, step: 0.05 },
            (v) => write({ offsetX: round(v) }),
          )}
          {number(
            'y',
            'Offset Y (squares)',
            bg.offsetY,
            { min: -MAX_MAP_SIDE, max: MAX_MAP_SIDE, step: 0.05 },
            (v) => write({ offsetY: round(v) }),
          )}
          <div class="row nudges" role="group" aria-label="Nudge the image a tenth of a square">
            <button aria-label="Nudge left" onClick={() => nudge(-NUDGE, 0)}>
              ←
            </button>
            <button aria-label="Nudge right" onClick={() => nudge(NUDGE, 0)}>
              →
            </button>
            <button aria-label="Nudge up" onClick={() => nudge(0, -NUDGE)}>
              ↑
            </button>
            <button aria-label="Nudge down" onClick={() => nudge(0, NUDGE)}>
              ↓
            </button>
          </div>
          <div class="row">
            <label for="backdrop-opacity">Terrain over art</label>
            <input
              id="backdrop-opacity"
              data-testid="backdrop-opacity"
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={opacity ?? bg.terrainOpacity}
              aria-valuetext={`${Math.round((opacity ?? bg.terrainOpacity) * 100)}% terrain colour`}
              onInput={(e) => setOpacity(Number(e.currentTarget.value))}
              onChange={(e) => {
                setOpacity(undefined);
                write({ terrainOpacity: Number(e.currentTarget.value) });
              }}
            />
            <span aria-hidden="true">{Math.round((opacity ?? bg.terrainOpacity) * 100)}%</span>
          </div>
          <div class="row">
            <button
              data-testid="backdrop-fit"
              onClick={() => write(fitToMap(bg.imageWidth, bg.imageHeight, map.width, map.height))}
            >
              Fit to the map's squares
            </button>
            <button
              data-testid="backdrop-size-map"
              onClick={() => {
                const size = mapSizeForImage(bg);
                gm.resize(size.width, size.height);
              }}
            >
              Size the map to the image
            </button>
            <button data-testid="backdrop-remove" onClick={() => setBackground(undefined)}>
              Remove image
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** Offsets to a hundredth of a square: no 0.30000000000000004 in the field. */
function round(v: number): number {
  return Math.round(v * 100) / 100;
}
