import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Encounter } from '../../schema/encounter';
import { parseEntryData } from '../../schema/library';
import { MAX_NAME_CHARS } from '../../schema/limits';
import type { Party } from '../../schema/party';
import { libraryClient } from '../library/libraryClient';
import type { ListedEntry } from '../library/LibraryList';
import { openNewRoom } from '../start/openNewRoom';
import type { KeyValueStorage } from '../start/yourRooms';
import { misfitsOn } from './builderDraft';
import {
  loadMapChoices,
  loadPartyChoices,
  mapOfEncounter,
  type MapChoice,
  type PartyChoice,
} from './builderSources';

export interface StartRoomProps {
  readonly storage: KeyValueStorage;
  readonly libraryKey: string | undefined;
  /** Start with this encounter (on its own map); else the GM chooses a map. */
  readonly encounter?: Encounter;
  /** Start with this party; else the GM chooses one (or none). */
  readonly party?: Party;
  readonly onClose: () => void;
}

/**
 * "Start a room" from the builder or a library entry: what is not given is chosen here (the
 * party from the library or the samples, or none; the map when no encounter brings one). What
 * does not fit is said in a GM's words BEFORE any room is made, and the button stays off; the
 * room then opens as rooms made on the start page do (src/ui/start/openNewRoom.ts).
 */
export function StartRoomForm({ storage, libraryKey, encounter, party, onClose }: StartRoomProps) {
  const maps = useSignal<MapChoice[] | undefined>(undefined);
  const parties = useSignal<PartyChoice[]>([]);
  const mapKey = useSignal('');
  const partyKey = useSignal('');
  const typedName = useSignal<string | undefined>(undefined);
  const refusal = useSignal('');
  const starting = useSignal(false);
  // Read once per library: the encounter's own map is looked up at each render, so a change in
  // the builder (another map) shows here at once without reading the lists again.
  useEffect(() => {
    void loadMapChoices(libraryKey).then((list) => (maps.value = list));
    void loadPartyChoices(libraryKey).then((list) => (parties.value = list));
  }, [libraryKey]);

  const list = maps.value ?? [];
  const map = encounter
    ? mapOfEncounter(list, encounter)
    : (list.find((m) => m.key === mapKey.value) ?? list[0]);
  const chosenParty = party ?? parties.value.find((p) => p.key === partyKey.value)?.party;
  const defaultName = encounter?.name ?? party?.name ?? map?.map.name ?? '';
  const problems: string[] =
    maps.value === undefined
      ? []
      : !map
        ? [
            encounter
              ? `“${encounter.name}” is played on ${encounter.map}, which is neither on this server nor in your library: open it in the encounter builder and choose a map.`
              : 'Choose a map.',
          ]
        : encounter
          ? misfitsOn(map.map, encounter).map((s) => `${s}.`)
          : [];

  const start = async (): Promise<void> => {
    if (!map) return;
    refusal.value = '';
    starting.value = true;
    const name = (typedName.value ?? defaultName).trim() || defaultName;
    try {
      await openNewRoom(storage, {
        map: map.map,
        ...(encounter ? { encounter } : {}),
        ...(chosenParty ? { party: chosenParty } : {}),
        ...(name ? { name } : {}),
      });
    } catch (e) {
      refusal.value = `The room was not made: ${(e as Error).message}`;
      starting.value = false;
    }
  };

  return (
    <section class="start-room" aria-labelledby="start-room-title" data-testid="start-room">
      <h3 id="start-room-title">
        Start a room{encounter ? ` with ${encounter.name}` : party ? ` with ${party.name}` : ''}
      </h3>
      {maps.value === undefined && <p class="muted">Loading the maps and parties…</p>}
      {!encounter && maps.value && (
        <label class="field-label">
          Map{' '}
          <select
            aria-label="Map"
            value={map?.key ?? ''}
            onChange={(e) => (mapKey.value = e.currentTarget.value)}
          >
            {maps.value.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {encounter && map && <p class="muted">On {map.label}.</p>}
      {!party && (
        <label class="field-label">
          Party{' '}
          <select
            aria-label="Party"
            value={partyKey.value}
            onChange={(e) => (partyKey.value = e.currentTarget.value)}
          >
            <option value="">(no party)</option>
            {parties.value.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {chosenParty && (
        <p class="muted">
          {chosenParty.characters.map((c) => c.name).join(', ')}
          {encounter ? ' start on the encounter’s party squares.' : ' start near the middle of the map.'}
        </p>
      )}
      <label class="field-label">
        Room name{' '}
        <input
          aria-label="Room name"
          maxLength={MAX_NAME_CHARS}
          value={typedName.value ?? defaultName}
          onInput={(e) => (typedName.value = e.currentTarget.value)}
        />
      </label>
      {problems.length > 0 && (
        <div class="error" role="alert" data-testid="start-room-problems">
          <p>This cannot start yet:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {refusal.value && (
        <p class="error" role="alert">
          {refusal.value}
        </p>
      )}
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={!map || problems.length > 0 || starting.value}
          onClick={() => void start()}
        >
          Start the room
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/**
 * "Start a room" on a library entry (an encounter or a party): its data is read and checked by
 * its kind's schema, then the same form.
 */
export function StartFromEntry({
  entry,
  storage,
  libraryKey,
  onClose,
}: {
  entry: ListedEntry;
  storage: KeyValueStorage;
  libraryKey: string | undefined;
  onClose: () => void;
}) {
  const loaded = useSignal<{ encounter?: Encounter; party?: Party } | string | undefined>(undefined);
  useEffect(() => {
    loaded.value = undefined;
    if (!libraryKey) return;
    libraryClient.get(libraryKey, entry.id).then(
      (found) => {
        if (entry.kind !== 'encounter' && entry.kind !== 'party') return;
        const parsed = parseEntryData(entry.kind, found.data);
        loaded.value = !parsed.ok
          ? `${entry.name} cannot start a room: ${parsed.problems.join('; ')}`
          : entry.kind === 'encounter'
            ? { encounter: parsed.data as Encounter }
            : { party: parsed.data as Party };
      },
      (e: unknown) => (loaded.value = `${entry.name} could not be read: ${(e as Error).message}`),
    );
  }, [entry.id, libraryKey]);
  const value = loaded.value;
  if (value === undefined) return <p class="muted">Reading {entry.name}…</p>;
  if (typeof value === 'string')
    return (
      <p class="error" role="alert">
        {value}
      </p>
    );
  return <StartRoomForm storage={storage} libraryKey={libraryKey} {...value} onClose={onClose} />;
}
