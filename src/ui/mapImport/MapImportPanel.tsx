import { useEffect, useRef, useState } from 'preact/hooks';
import { importMapFile, importSummary, isMapImportFile, MAP_IMPORT_ACCEPT } from '../../import/importMapFile';
import type { MapImport } from '../../import/importResult';
import { MAX_IMPORT_IMAGE_BYTES } from '../../import/importLimits';
import type { RoomModel } from '../model/RoomModel';
import { importedMap } from './importedMap';

interface Pending {
  readonly fileName: string;
  readonly result: MapImport;
  /** The picture's bytes and size, from the file (UVTT) or chosen by the GM (Tiled). */
  readonly picture?: { bytes: Uint8Array; width: number; height: number } | undefined;
}

/** Width and height of a picture, decoded by the browser (the server checks it again on upload). */
async function pictureSize(bytes: Uint8Array): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(new Blob([bytes as BlobPart]));
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/**
 * GM: "Import a map file…" (this app's own map JSON, Universal VTT or Tiled, picked or dropped on
 * the page) → a summary of what the file holds → "Replace the map" writes it (one undo step) with
 * its picture uploaded as the map's background. An imported Universal VTT or Tiled map gets its
 * heights afterwards with the editor; this app's own map file brings them.
 */
export function MapImportPanel({ model }: { model: RoomModel }) {
  const gm = model.session.gm;
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const read = async (file: File) => {
    setError('');
    setNote('');
    setPending(null);
    try {
      const result = importMapFile(await file.text(), file.name);
      const bytes = result.picture?.bytes;
      const size = bytes ? await pictureSize(bytes) : undefined;
      setPending({ fileName: file.name, result, picture: bytes && size ? { bytes, ...size } : undefined });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const choosePicture = async (file: File) => {
    if (!pending) return;
    if (file.size > MAX_IMPORT_IMAGE_BYTES) {
      setError(`${file.name}: a picture is at most 25 MB`);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const size = await pictureSize(bytes);
    if (!size) {
      setError(`${file.name}: not a picture this browser can read (expected PNG, JPEG or WebP)`);
      return;
    }
    setError('');
    setPending({ ...pending, picture: { bytes, ...size } });
  };

  // Dropping a map file anywhere on the page imports it (pictures are left to other handlers).
  useEffect(() => {
    const mapFileOf = (e: DragEvent) =>
      [...(e.dataTransfer?.files ?? [])].find((f) => isMapImportFile(f.name));
    const over = (e: DragEvent) => {
      if ([...(e.dataTransfer?.items ?? [])].some((i) => i.kind === 'file')) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const file = mapFileOf(e);
      if (!file) return;
      e.preventDefault();
      void read(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  if (!gm?.replaceMap) return null;

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const { map, problem } = await importedMap(model.session.roomId, pending.result, pending.picture?.bytes);
    // A refusal (a token would end up off the new map) is said on the status line; the import
    // stays pending so the GM can move the token and confirm again.
    if (gm.replaceMap!(map)) {
      setPending(null);
      const next = pending.result.own
        ? 'Undo brings the old map back.'
        : 'Paint heights with the editor, then save the map.';
      setNote(
        problem ? `Imported ${pending.fileName}: ${problem}.` : `Imported ${pending.fileName}. ${next}`,
      );
    }
    setBusy(false);
  };

  const summary = pending ? importSummary(pending.fileName, pending.result, pending.picture) : '';
  const needsPicture = pending?.result.picture?.fileName && !pending.picture;
  return (
    <section data-testid="map-import" aria-label="Import a map file" class="map-import">
      <div class="row">
        <button type="button" onClick={() => input.current?.click()}>
          Import a map file…
        </button>
        <input
          ref={input}
          type="file"
          hidden
          accept={MAP_IMPORT_ACCEPT}
          data-testid="map-import-file"
          aria-label="Map file (this app's map JSON, Universal VTT or Tiled)"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void read(file);
          }}
        />
      </div>
      {error && (
        <p role="alert" class="map-import-error">
          {error}
        </p>
      )}
      {note && <p role="status">{note}</p>}
      {pending && (
        <div class="map-import-confirm">
          <p data-testid="map-import-summary">{summary}</p>
          {needsPicture && (
            <label>
              {`Picture ${pending.result.picture!.fileName}: `}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                data-testid="map-import-picture"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) void choosePicture(file);
                }}
              />
            </label>
          )}
          <p>This replaces the whole map; tokens stay where they are. Undo brings the old map back.</p>
          <div class="row">
            <button type="button" disabled={busy} onClick={() => void confirm()}>
              Replace the map
            </button>
            <button type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
