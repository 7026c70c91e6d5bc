import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Encounter } from '../schema/encounter';
import type { MapData } from '../schema/map';
import type { FileProblem, FileResult, GameFile } from './validateFile';
import { checkEncounterPlacement, formatProblem, parseGameFile } from './validateFile';

/** Thrown by the *OrThrow loaders: every problem, one per line; nothing was loaded. */
export class GameFileError extends Error {
  constructor(readonly problems: readonly FileProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'GameFileError';
  }
}

export interface LoadOptions {
  /** Folder holding the maps encounters name (default: `maps/` under the working directory). */
  mapsDir?: string;
  /** How files are named in messages (default: relative to the working directory). */
  displayName?: (filePath: string) => string;
}

/** Paths inside the working directory are shown relative to it; others as they are. */
const relative = (p: string) => {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
};

const mapsDirOf = (opts: LoadOptions) => opts.mapsDir ?? path.resolve('maps');

/** The problem reported on an encounter whose `map` names no file in the maps folder. */
const mapNotFound = (file: string, map: string, mapsDir: string): FileProblem => ({
  file,
  path: 'map',
  message: `map file '${map}' not found in ${relative(mapsDir)}/`,
});

async function readText(filePath: string, file: string): Promise<FileResult<string>> {
  try {
    return { ok: true, value: await readFile(filePath, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      problems: [
        { file, path: '(root)', message: code === 'ENOENT' ? 'file not found' : `cannot read (${code})` },
      ],
    };
  }
}

/**
 * Loads and validates one data file. An encounter also loads its map and checks the placement of
 * foes and party starts against it (the result then carries that map).
 */
export async function loadGameFile(
  filePath: string,
  opts: LoadOptions = {},
): Promise<FileResult<GameFile & { map?: MapData }>> {
  const name = (opts.displayName ?? relative)(filePath);
  const text = await readText(filePath, name);
  if (!text.ok) return text;
  const parsed = parseGameFile(text.value, name);
  if (!parsed.ok)
    return { ok: false, problems: [...parsed.problems, ...(await mapFileProblems(text.value, name, opts))] };
  if (parsed.value.kind !== 'encounter') return parsed;
  const withMap = await attachMap(parsed.value.data, name, opts);
  return withMap.ok ? { ok: true, value: { ...parsed.value, map: withMap.value.map } } : withMap;
}

/**
 * For an encounter that failed validation: still say whether the map it names exists, so one
 * run reports every problem (placements can only be checked once the encounter is valid).
 */
async function mapFileProblems(text: string, name: string, opts: LoadOptions): Promise<FileProblem[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  const { kind, map } = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    kind?: unknown;
    map?: unknown;
  };
  if (kind !== 'encounter' || typeof map !== 'string' || !/^[A-Za-z0-9._-]+\.json$/.test(map)) return [];
  const mapsDir = mapsDirOf(opts);
  const found = await readText(path.join(mapsDir, map), map);
  return found.ok ? [] : [mapNotFound(name, map, mapsDir)];
}

async function attachMap(
  encounter: Encounter,
  name: string,
  opts: LoadOptions,
): Promise<FileResult<{ encounter: Encounter; map: MapData }>> {
  const mapsDir = mapsDirOf(opts);
  const mapPath = path.join(mapsDir, encounter.map);
  const mapName = (opts.displayName ?? relative)(mapPath);
  const text = await readText(mapPath, mapName);
  if (!text.ok) return { ok: false, problems: [mapNotFound(name, encounter.map, mapsDir)] };
  const parsed = parseGameFile(text.value, mapName);
  if (!parsed.ok) {
    return {
      ok: false,
      problems: [
        { file: name, path: 'map', message: `map '${encounter.map}' is not valid (see below)` },
        ...parsed.problems,
      ],
    };
  }
  if (parsed.value.kind !== 'map') {
    return {
      ok: false,
      problems: [
        { file: name, path: 'map', message: `'${encounter.map}' is a ${parsed.value.kind}, expected a map` },
      ],
    };
  }
  const problems = checkEncounterPlacement(encounter, parsed.value.data, name);
  return problems.length
    ? { ok: false, problems }
    : { ok: true, value: { encounter, map: parsed.value.data } };
}

/** For the server: an encounter and its map, fully checked, or a GameFileError listing every problem. */
export async function loadEncounterOrThrow(
  filePath: string,
  opts: LoadOptions = {},
): Promise<{ encounter: Encounter; map: MapData }> {
  const result = await loadGameFile(filePath, opts);
  if (!result.ok) throw new GameFileError(result.problems);
  if (result.value.kind !== 'encounter' || !result.value.map) {
    throw new GameFileError([
      {
        file: relative(filePath),
        path: 'kind',
        message: `expected "encounter", found "${result.value.kind}"`,
      },
    ]);
  }
  return { encounter: result.value.data, map: result.value.map };
}
