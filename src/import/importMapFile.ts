import { MapSchema, migrateMap } from '../schema/map';
import { parseOrThrow } from '../schema/formatIssues';
import { MAX_IMPORT_FILE_CHARS } from './importLimits';
import type { MapImport } from './importResult';
import { MapImportError, parseJsonFile } from './importResult';
import { importTiled, TILED_EXTENSIONS } from './tiled';
import { importUvtt, UVTT_EXTENSIONS } from './uvtt';

/** The file picker's `accept`: every map file the importers read. */
export const MAP_IMPORT_ACCEPT = [...UVTT_EXTENSIONS, ...TILED_EXTENSIONS].join(',');

/** Whether a file name looks like one of the importable map files. */
export function isMapImportFile(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return [...UVTT_EXTENSIONS, ...TILED_EXTENSIONS].some((ext) => lower.endsWith(ext));
}

/** This app's own map file (maps/, "Save map file"): a JSON object saying `"kind": "map"`. */
function isOwnMapFile(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'map';
}

/**
 * Reads a map file by its kind; throws MapImportError (or a SchemaError naming the file and the
 * place in it). A `.json` file is this app's own map when it says `"kind": "map"` (checked by the
 * same schema as maps/ and the start page's upload), else a Tiled map; the other extensions pick
 * the Universal VTT importer.
 */
export function importMapFile(text: string, fileName: string): MapImport {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) {
    const data = parseJsonFile(text, fileName, MAX_IMPORT_FILE_CHARS);
    if (isOwnMapFile(data))
      return {
        map: parseOrThrow(MapSchema, migrateMap(data), fileName),
        wallSquares: 0,
        own: true,
        picture: undefined,
      };
  }
  if (UVTT_EXTENSIONS.some((ext) => lower.endsWith(ext))) return importUvtt(text, fileName);
  if (TILED_EXTENSIONS.some((ext) => lower.endsWith(ext))) return importTiled(text, fileName);
  throw new MapImportError(
    `${fileName}: not a map file this can import (expected ${[...UVTT_EXTENSIONS, ...TILED_EXTENSIONS].join(', ')})`,
    [],
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "sample.uvtt: 12×8 squares, 8 wall squares, 1 door, a 768×512 picture" */
export function importSummary(
  fileName: string,
  result: MapImport,
  picture?: { width: number; height: number },
): string {
  const parts = [`${result.map.width}×${result.map.height} squares`];
  if (result.wallSquares > 0) parts.push(plural(result.wallSquares, 'wall square'));
  const doors = result.map.doors?.length ?? 0;
  if (doors > 0) parts.push(plural(doors, 'door'));
  if (picture) parts.push(`a ${picture.width}×${picture.height} picture`);
  else if (result.picture?.fileName) parts.push(`the picture ${result.picture.fileName} (choose it below)`);
  return `${fileName}: ${parts.join(', ')}`;
}
