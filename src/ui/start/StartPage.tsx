import { useSignal, type Signal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { MAX_NAME_CHARS } from '../../schema/limits';
import { api, unwrap } from '../api';
import { LibraryPanel } from '../library/LibraryPanel';
import { roomImportPanel } from '../RoomFilePanel';
import { MapChooser } from './MapChooser';
import { MapUpload } from './MapUpload';
import { openNewRoom } from './openNewRoom';
import { PartyChooser } from './PartyChooser';
import type { StartState } from './startState';
import { YourRoomsList } from './YourRoomsList';
import { rememberRoom, type KeyValueStorage, type YourRoom } from './yourRooms';

interface Props {
  state: StartState;
  rooms: Signal<YourRoom[]>;
  storage: KeyValueStorage;
}

/**
 * The GM's start page: the rooms made in this browser, then a new room — a sample map (as a
 * picture) or an uploaded map file, an optional encounter (which brings its own map) and party,
 * the room's name — and below, importing a room file exported from a table.
 */
export function StartPage({ state, rooms, storage }: Props) {
  const creating = useSignal(false);
  const encounters = state.catalog.encounters;

  const create = async (): Promise<void> => {
    state.errors.value = '';
    creating.value = true;
    try {
      const map = state.uploaded.value ?? unwrap(await api.getMap(state.mapFile.value), 'map');
      const name = (state.typedName.value ?? state.defaultName.value).trim() || state.defaultName.value;
      // The server reads the encounter file itself: its foes never pass through this page.
      await openNewRoom(storage, {
        map,
        ...(state.encounterFile.value ? { encounterFile: state.encounterFile.value } : {}),
        ...(state.party.value ? { party: state.party.value } : {}),
        ...(name ? { name } : {}),
      });
    } catch (e) {
      state.errors.value = (e as Error).message;
      creating.value = false;
    }
  };

  const fit = state.fitProblem.value;
  const blocked = state.uploadBroken.value || fit !== '';
  return (
    <div class="create start" data-testid="create-screen">
      <h1>icon-vtt — new table</h1>
      <p class="muted">
        Create a room for an ICON tactical combat. You will be its GM; invite players from inside the room.
      </p>
      <YourRoomsList rooms={rooms} storage={storage} />
      <h2>New room</h2>
      <MapChooser state={state} />
      <MapUpload state={state} />
      <div class="cols">
        <div>
          <label class="field-label" for="start-encounter">
            Encounter (optional)
          </label>
          <select
            id="start-encounter"
            data-testid="encounter-select"
            value={state.encounterFile.value}
            onChange={(e) => state.chooseEncounter(e.currentTarget.value)}
          >
            <option value="">(no encounter)</option>
            {encounters.map((enc) => (
              <option key={enc.file} value={enc.file}>
                {enc.name}
              </option>
            ))}
          </select>
          <p class="preview" data-testid="encounter-map-note" aria-live="polite">
            {state.encounterNote.value}
          </p>
          {fit && (
            <p class="error" data-testid="encounter-fit" role="alert">
              {fit}
            </p>
          )}
        </div>
        <PartyChooser state={state} />
      </div>
      <label class="field-label" for="start-room-name">
        Room name
      </label>
      <input
        id="start-room-name"
        class="room-name"
        data-testid="room-name"
        maxLength={MAX_NAME_CHARS}
        value={state.typedName.value ?? state.defaultName.value}
        placeholder={state.defaultName.value}
        onInput={(e) => (state.typedName.value = e.currentTarget.value)}
      />
      <p class="muted">Everyone at the table sees it.</p>
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="create-room"
          disabled={blocked || creating.value}
          title={
            fit
              ? 'The encounter does not fit this map (see above)'
              : blocked
                ? 'The uploaded map file has errors (see below)'
                : undefined
          }
          onClick={() => void create()}
        >
          Create room
        </button>
      </div>
      <div class="error" data-testid="create-error" role="alert">
        {state.errors.value}
      </div>
      <ImportPanel storage={storage} />
      <LibraryPanel storage={storage} />
    </div>
  );
}

/**
 * The room-file import (RoomFilePanel), still built with plain DOM: mounted once, kept as is. An
 * imported room is the GM's too, so it joins Your rooms.
 */
function ImportPanel({ storage }: { storage: KeyValueStorage }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.replaceChildren(
      roomImportPanel(({ gmLink, name }) =>
        rememberRoom(storage, {
          name: name.trim() || 'Imported room',
          gmLink,
          createdAt: new Date().toISOString(),
        }),
      ),
    );
  }, [storage]);
  return <div ref={host} />;
}
