import type { Encounter } from '../../schema/encounter';
import type { MapData } from '../../schema/map';
import type { Party } from '../../schema/party';
import { slug } from '../../table/slug';
import { api } from '../api';
import { libraryEntriesOf } from '../library/libraryClient';
import { parsePartyFile } from '../mapFile';
import { loadMap, mapCaption } from '../start/startCatalog';

/**
 * Where the builder and "Start a room" get their maps and parties: the server's sample files
 * (maps/, encounters/parties/) and the GM's library, each checked by its schema before use. A
 * source that cannot be read is left out (its list is simply shorter), never half used.
 */

/** A map to build on: a sample file of the server or a library entry. */
export interface MapChoice {
  /** "server:arena.json" or "library:<entry id>": unique among the choices. */
  readonly key: string;
  readonly label: string;
  readonly map: MapData;
  /** What the encounter records: the file name, and the library entry when it is one. */
  readonly file: string;
  readonly entryId?: string;
}

export interface PartyChoice {
  readonly key: string;
  readonly label: string;
  readonly party: Party;
}

/** The key of the room's own map among the choices (the builder opened inside a room). */
export const ROOM_MAP_KEY = 'room:current';

/** The room's current map as a choice; an encounter saved on it names the map by its name. */
export function roomMapChoice(map: MapData): MapChoice {
  return {
    key: ROOM_MAP_KEY,
    label: `This room's map: ${mapCaption(map)}`,
    map,
    file: `${slug(map.name) || 'map'}.json`,
  };
}

/** The server's sample maps, then the library's. */
export async function loadMapChoices(libraryKey: string | undefined): Promise<MapChoice[]> {
  const [files, mine] = await Promise.all([
    api.listMaps().catch(() => []),
    libraryEntriesOf(libraryKey, 'map').catch(() => []),
  ]);
  const samples = await Promise.all(files.map(({ file }) => loadMap(file)));
  return [
    ...samples.flatMap((entry) =>
      'map' in entry
        ? [{ key: `server:${entry.file}`, label: mapCaption(entry.map), map: entry.map, file: entry.file }]
        : [],
    ),
    ...mine.map(({ id, data }) => {
      const map = data as MapData;
      return {
        key: `library:${id}`,
        label: `${mapCaption(map)} (your library)`,
        map,
        file: `${slug(map.name) || 'map'}.json`,
        entryId: id,
      };
    }),
  ];
}

/** The library's parties, then the server's sample parties ("… (sample)"). */
export async function loadPartyChoices(libraryKey: string | undefined): Promise<PartyChoice[]> {
  const [mine, files] = await Promise.all([
    libraryEntriesOf(libraryKey, 'party').catch(() => []),
    api.listParties().catch(() => []),
  ]);
  const samples = await Promise.all(
    files.map(async ({ file }): Promise<PartyChoice[]> => {
      try {
        const parsed = parsePartyFile(JSON.stringify(await api.getParty(file)), `encounters/parties/${file}`);
        return parsed.ok
          ? [{ key: `server:${file}`, label: `${parsed.party.name} (sample)`, party: parsed.party }]
          : [];
      } catch {
        return [];
      }
    }),
  );
  return [
    ...mine.map(({ id, data }) => ({
      key: `library:${id}`,
      label: (data as Party).name,
      party: data as Party,
    })),
    ...samples.flat(),
  ];
}

/** The choice an encounter is played on: its library map first, else its sample file. */
export function mapOfEncounter(
  choices: readonly MapChoice[],
  encounter: Pick<Encounter, 'map' | 'mapEntry'>,
): MapChoice | undefined {
  return (
    (encounter.mapEntry ? choices.find((c) => c.entryId === encounter.mapEntry) : undefined) ??
    choices.find((c) => c.key === `server:${encounter.map}`)
  );
}
