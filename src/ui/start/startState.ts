import { computed, signal } from '@preact/signals';
import type { MapData } from '../../schema/map';
import { mapCaption, type StartCatalog } from './startCatalog';

/**
 * What the GM has chosen on the start page. The encounter and the map are tied: an encounter is
 * played on its own map (its foes stand on that map's squares), so choosing one picks the other,
 * and choosing another map leaves the encounter out — both said in `encounterNote`.
 */
export function createStartState(catalog: StartCatalog) {
  const usable = new Map<string, MapData>();
  for (const entry of catalog.maps) if ('map' in entry) usable.set(entry.file, entry.map);

  const mapFile = signal(usable.keys().next().value ?? '');
  const encounterFile = signal('');
  const encounterNote = signal('');
  /** An uploaded map file, checked in the page; it wins over the list. */
  const uploaded = signal<MapData | undefined>(undefined);
  /** A chosen map file that does not load: "Create room" stays off (the GM meant that file). */
  const uploadBroken = signal(false);
  /** What the GM typed as the room's name; undefined = follow the default. */
  const typedName = signal<string | undefined>(undefined);
  /** A party checked in the page (from the list or an upload), sent with the room. */
  const party = signal<unknown>(undefined);
  const errors = signal(catalog.problem ?? '');

  const listMap = computed(() => usable.get(mapFile.value));
  const encounter = computed(() => catalog.encounters.find((e) => e.file === encounterFile.value));
  /** The server's own default (encounter's name, else the map's), shown so the GM can change it. */
  const defaultName = computed(
    () => encounter.value?.name ?? uploaded.value?.name ?? listMap.value?.name ?? '',
  );
  /**
   * Why the chosen encounter cannot be played on the map a room would get (an uploaded one, or
   * the list's when its own map is not listed), before any room is made; '' = it fits. Only the
   * map's size is known here (the foes stay on the server): the server's answer names each foe.
   */
  const fitProblem = computed(() => {
    const enc = encounter.value;
    const map = uploaded.value ?? listMap.value;
    if (!enc?.needs || !map) return '';
    const { width, height } = enc.needs;
    if (width <= map.width && height <= map.height) return '';
    return `“${enc.name}” needs a map of at least ${width}×${height}: its foes and party starts stand that far out. This map is ${map.width}×${map.height}: choose the encounter’s own map or another encounter.`;
  });
  const mapLabel = (file: string | undefined): string => {
    const map = file === undefined ? undefined : usable.get(file);
    return map ? mapCaption(map) : (file ?? 'an unknown map');
  };

  function chooseMap(file: string): void {
    mapFile.value = file;
    const enc = encounter.value;
    if (enc && enc.map !== file) {
      encounterFile.value = '';
      encounterNote.value = `No encounter: “${enc.name}” is played on ${mapLabel(enc.map)}, not on this map.`;
    } else if (!enc) {
      encounterNote.value = '';
    }
  }

  function chooseEncounter(file: string): void {
    encounterFile.value = file;
    const enc = encounter.value;
    if (!enc) {
      encounterNote.value = '';
      return;
    }
    if (enc.map && usable.has(enc.map)) {
      mapFile.value = enc.map;
      encounterNote.value = `Played on ${mapLabel(enc.map)}: chosen above.`;
    } else {
      encounterNote.value = `Played on ${enc.map ?? 'a map this server could not name'}, which is not among the maps above.`;
    }
  }

  return {
    catalog,
    mapFile,
    encounterFile,
    encounterNote,
    uploaded,
    uploadBroken,
    typedName,
    party,
    errors,
    listMap,
    defaultName,
    fitProblem,
    chooseMap,
    chooseEncounter,
  };
}

export type StartState = ReturnType<typeof createStartState>;
