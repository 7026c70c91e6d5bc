import { useRef } from 'preact/hooks';
import { parseMapFile } from '../mapFile';
import type { StartState } from './startState';

/**
 * "Or upload a map file": checked in the page (errors name the file and the JSON path). A file
 * that does not load turns "Create room" off until it is fixed or dropped: the GM meant that map,
 * and falling back to the list's would build a room on a map they did not pick.
 */
export function MapUpload({ state }: { state: StartState }) {
  const input = useRef<HTMLInputElement>(null);
  const uploaded = state.uploaded.value;

  const onChange = async (): Promise<void> => {
    const file = input.current?.files?.[0];
    state.uploaded.value = undefined;
    state.errors.value = '';
    state.uploadBroken.value = false;
    if (!file) return;
    const parsed = parseMapFile(await file.text(), file.name);
    if (!parsed.ok) {
      state.errors.value = `${parsed.error}\nThis map file cannot be used: choose a corrected file, or use the map from the list.`;
      state.uploadBroken.value = true;
      return;
    }
    state.uploaded.value = parsed.map;
  };

  const clear = (): void => {
    if (input.current) input.current.value = '';
    void onChange();
  };

  return (
    <div class="map-upload">
      <label class="muted">
        or upload a map file:{' '}
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          data-testid="map-upload"
          onChange={onChange}
        />
      </label>
      {/* A file input cannot be emptied by hand in every browser: this hands the choice back to the list. */}
      <button
        type="button"
        data-testid="map-upload-clear"
        hidden={!uploaded && !state.uploadBroken.value}
        onClick={clear}
      >
        Use the map from the list
      </button>
      <div class="preview" data-testid="map-preview">
        {uploaded
          ? `Uploaded “${uploaded.name}”, ${uploaded.width}×${uploaded.height}. It will be used instead of the list.`
          : ''}
      </div>
    </div>
  );
}
