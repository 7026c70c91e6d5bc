import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from './http/json';
import type { CellData } from '../schema/cell';
import { extentOf } from '../grid/footprintFit';

/**
 * The sample files shipped in maps/, encounters/ and encounters/parties/, served read-only to the "create a room"
 * screen. Each is validated on every read so a broken file gives a clear error, never half data.
 */

/** Plain file names only: no folders, no `..`, always `.json`. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*\.json$/;

export type Validator = (data: unknown, where: string) => unknown;

export function listJsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && FILE_NAME.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Read and validate one file; 404 when absent, 500 naming the file and path when invalid.
 * `folder` is how errors name the file's folder (default `<label>s`, e.g. `maps/arena.json`).
 */
export function readCatalogFile(
  dir: string,
  file: string,
  validate: Validator,
  label: string,
  folder = `${label}s`,
): unknown {
  if (!FILE_NAME.test(file))
    throw new HttpError(400, `${label} file name "${file}": expected a plain name ending in .json`);
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    throw new HttpError(404, `no ${label} file named ${file}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new HttpError(500, `${folder}/${file}: not valid JSON (${(error as Error).message})`);
  }
  try {
    return validate(data, `${folder}/${file}`);
  } catch (error) {
    throw new HttpError(500, (error as Error).message);
  }
}

/** What the start page knows of an encounter (src/ui/api.ts reads the same shape). */
export interface EncounterSummary {
  file: string;
  name: string;
  map: string;
  chapter: number;
  foeCount: number;
  partyStarts: number;
  needs: { width: number; height: number };
}

/**
 * What `GET /api/encounters/<file>` answers (anyone, no token): enough to pick an encounter, never
 * its foes, squares or stat blocks, which rooms seeded from it keep hidden. Rooms take the whole
 * file by name instead (`encounterFile` in `POST /api/rooms`).
 */
export function encounterSummary(
  file: string,
  encounter: {
    name: string;
    map: string;
    chapter: number;
    foes: readonly { cell: CellData; statBlock: { size: number } }[];
    partyStarts: readonly CellData[];
  },
): EncounterSummary {
  return {
    file,
    name: encounter.name,
    map: encounter.map,
    chapter: encounter.chapter,
    foeCount: encounter.foes.length,
    partyStarts: encounter.partyStarts.length,
    // The smallest map every foe and party start fits on (a size, no squares, no foe): the start
    // page says a chosen map is too small before any room is made (issue 13).
    needs: extentOf([
      ...encounter.foes.map((f) => ({ cell: f.cell, size: f.statBlock.size })),
      ...encounter.partyStarts.map((cell) => ({ cell, size: 1 })),
    ]),
  };
}
