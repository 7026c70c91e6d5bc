import { api, unwrap } from '../api';
import { parseMapFile } from '../mapFile';
import type { MapData } from '../../schema/map';

/** A sample map of `maps/`: loaded and checked, or why it cannot be used. */
export type MapEntry = { file: string; map: MapData } | { file: string; error: string };

/** An encounter of `encounters/` as the server summarises it (its foes are never sent here). */
export interface EncounterEntry {
  file: string;
  /** The encounter's name, or its file name when its summary could not be read. */
  name: string;
  /** The map file it is played on, when known. */
  map?: string;
  /** The smallest map its foes and party starts fit on, when known. */
  needs?: { width: number; height: number };
}

export interface StartCatalog {
  maps: MapEntry[];
  encounters: EncounterEntry[];
  parties: Array<{ file: string; label: string }>;
  /** Why the map list could not be read (the page still offers an upload and room files). */
  problem?: string;
}

/**
 * Everything the start page lists, fetched at once. Each map is fetched whole (the picture is
 * drawn from its squares; the samples are small) and validated like an upload, so a broken
 * sample shows its problem on its card instead of failing the room later.
 */
export async function loadStartCatalog(): Promise<StartCatalog> {
  let problem: string | undefined;
  const [mapFiles, encounterFiles, parties] = await Promise.all([
    api.listMaps().catch((e: unknown) => {
      problem = `Could not list the sample maps: ${(e as Error).message}`;
      return [];
    }),
    api.listEncounters().catch(() => []),
    api.listParties().catch(() => []),
  ]);
  const [maps, encounters, namedParties] = await Promise.all([
    Promise.all(mapFiles.map(({ file }) => loadMap(file))),
    Promise.all(
      encounterFiles.map(async ({ file }): Promise<EncounterEntry> => {
        try {
          const summary = await api.getEncounter(file);
          return {
            file,
            name: summary.name,
            map: summary.map,
            ...(summary.needs ? { needs: summary.needs } : {}),
          };
        } catch {
          return { file, name: file };
        }
      }),
    ),
    // Parties by their own name; a file that cannot be read keeps its file name (choosing it says why).
    Promise.all(
      parties.map(async (p) => {
        try {
          const party = (await api.getParty(p.file)) as { name?: unknown };
          return typeof party.name === 'string' && party.name ? { file: p.file, label: party.name } : p;
        } catch {
          return p;
        }
      }),
    ),
  ]);
  return { maps, encounters, parties: namedParties, ...(problem ? { problem } : {}) };
}

export async function loadMap(file: string): Promise<MapEntry> {
  try {
    const parsed = parseMapFile(JSON.stringify(unwrap(await api.getMap(file), 'map')), `maps/${file}`);
    return parsed.ok ? { file, map: parsed.map } : { file, error: parsed.error };
  } catch (e) {
    return { file, error: (e as Error).message };
  }
}

/** "Sunken Temple Ruins · 24×18" */
export function mapCaption(map: Pick<MapData, 'name' | 'width' | 'height'>): string {
  return `${map.name} · ${map.width}×${map.height}`;
}
