import type { Encounter } from '../../schema/encounter';
import type { MapData } from '../../schema/map';
import type { SceneSource } from '../../table/scenes/sceneSources';
import { sceneFromEncounter, sceneFromMap } from '../../table/scenes/sceneSources';
import { api } from '../api';
import { libraryEntriesOf } from '../library/libraryClient';
import { loadMap, mapCaption, type MapEntry } from '../start/startCatalog';

/*
 * What the Scenes panel offers to make a new scene from (docs/table/scenes.md): the battlefield the
 * party is on, an encounter or a map of the GM's campaign library, a sample map of the server
 * (maps/), or a map file. Each list is fetched when the GM picks its kind, checked by the same
 * schemas as everywhere else; a source that cannot be read is said, never half used.
 */

export type SceneSourceKind = 'copy' | 'encounter' | 'library-map' | 'sample-map' | 'file';

/** The kinds in the order the form offers them, in the GM's words. */
export const SCENE_SOURCE_KINDS: ReadonlyArray<{ readonly kind: SceneSourceKind; readonly label: string }> = [
  { kind: 'copy', label: 'A copy of this scene' },
  { kind: 'encounter', label: 'An encounter of your library' },
  { kind: 'library-map', label: 'A map of your library' },
  { kind: 'sample-map', label: 'A sample map' },
  { kind: 'file', label: 'A map file' },
];

/** One thing of a list a scene can be made from. */
export interface SceneChoice {
  /** Unique in its list ("library:<entry id>", "sample:arena.json"). */
  readonly key: string;
  readonly label: string;
  /** The new scene's name unless the GM types another. */
  readonly name: string;
  /** Its content; `used` holds the token ids the room and its scenes already use. */
  make(used: ReadonlySet<string>): Promise<SceneSource>;
}

/** The list for a kind; says why in the error when the list cannot be had. */
export async function loadSceneChoices(
  kind: Exclude<SceneSourceKind, 'copy' | 'file'>,
  libraryKey: string | undefined,
): Promise<SceneChoice[]> {
  if (kind === 'sample-map') return (await sampleMaps()).flatMap(mapChoice('sample'));
  if (!libraryKey)
    throw new Error(
      'This browser has no campaign library yet: open "Campaign library" below to start one, then come back.',
    );
  const maps = (await libraryEntriesOf(libraryKey, 'map')).map(({ id, data }) => ({
    file: id,
    map: data as MapData,
  }));
  if (kind === 'library-map') return maps.flatMap(mapChoice('library'));
  const encounters = await libraryEntriesOf(libraryKey, 'encounter');
  return encounters.map(({ id, data }) => {
    const encounter = data as Encounter;
    const foes = encounter.foes.length;
    return {
      key: `library:${id}`,
      label: `${encounter.name} · ${foes} ${foes === 1 ? 'foe' : 'foes'}`,
      name: encounter.name.slice(0, 80),
      make: async (used) => sceneFromEncounter(encounter, await encounterMap(encounter, maps), used),
    };
  });
}

/** The server's sample maps, each fetched and checked (the start page's loader). */
async function sampleMaps(): Promise<MapEntry[]> {
  const files = await api.listMaps();
  return Promise.all(files.map(({ file }) => loadMap(file)));
}

function mapChoice(from: 'library' | 'sample') {
  return (entry: MapEntry): SceneChoice[] =>
    'map' in entry
      ? [
          {
            key: `${from}:${entry.file}`,
            label: mapCaption(entry.map),
            name: entry.map.name.slice(0, 80),
            make: () => Promise.resolve(sceneFromMap(entry.map)),
          },
        ]
      : [];
}

/**
 * The map an encounter is played on: the library map it names (`mapEntry`), else the sample file
 * `map` names; an encounter whose map is in neither is refused in words.
 */
export async function encounterMap(
  encounter: Pick<Encounter, 'name' | 'map' | 'mapEntry'>,
  libraryMaps: ReadonlyArray<{ file: string; map: MapData }>,
  sample: (file: string) => Promise<MapEntry> = loadMap,
): Promise<MapData> {
  const mine = encounter.mapEntry && libraryMaps.find((m) => m.file === encounter.mapEntry);
  if (mine) return mine.map;
  const found = await sample(encounter.map);
  if ('map' in found) return found.map;
  throw new Error(
    `${encounter.name} is played on ${encounter.map}, which is neither in your library nor among the sample maps`,
  );
}
