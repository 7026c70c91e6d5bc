import type { z } from 'zod';
import type { Encounter } from '../schema/encounter';
import { EncounterSchema, migrateEncounter } from '../schema/encounter';
import type { MapData } from '../schema/map';
import { MapSchema, migrateMap } from '../schema/map';
import type { CellData } from '../schema/cell';
import { footprintMisfit, misfitSentence } from '../grid/footprintFit';
import type { Party } from '../schema/party';
import { PartySchema, migrateParty } from '../schema/party';
import { plainIssue } from '../schema/issueSentence';
import { LIBRARY_FILE_KIND, parseLibraryFile, type LibraryFile } from '../schema/library';

/**
 * Pure validation of the project's data files (maps/, encounters/, parties): text in, either the
 * parsed value or EVERY problem out, each naming the file, the JSON path and what was expected.
 * No file system here, so the server, the CLI and the browser can all use it.
 */
export interface FileProblem {
  file: string;
  /** JSON path in the file, e.g. `cells[3]` or `foes[0].statBlock.health`; `(root)` for the whole file. */
  path: string;
  message: string;
}

export type GameFile =
  | { kind: 'map'; data: MapData }
  | { kind: 'encounter'; data: Encounter }
  | { kind: 'party'; data: Party }
  | { kind: typeof LIBRARY_FILE_KIND; data: LibraryFile };

export type FileResult<T> = { ok: true; value: T } | { ok: false; problems: FileProblem[] };

const KINDS = ['map', 'encounter', 'party', LIBRARY_FILE_KIND] as const;

/** `['cells', 3]` → `cells[3]`; `['foes', 0, 'statBlock', 'health']` → `foes[0].statBlock.health`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
}

/** One line per problem: `maps/bad.json: cells[3]: expected 12 characters (the map's width), found 11`. */
export function formatProblem(p: FileProblem): string {
  return `${p.file}: ${p.path}: ${p.message}`;
}

function issuesOf(error: z.ZodError, file: string): FileProblem[] {
  return error.issues.map((issue) => ({ file, path: jsonPath(issue.path), message: plainIssue(issue) }));
}

/** Parses and validates one file by its `kind` (after migrating older versions). */
export function parseGameFile(text: string, file: string): FileResult<GameFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ file, path: '(root)', message: `not valid JSON (${(error as Error).message})` }],
    };
  }
  const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  switch (kind) {
    case 'map': {
      const result = MapSchema.safeParse(migrateMap(raw));
      return result.success
        ? { ok: true, value: { kind, data: result.data } }
        : { ok: false, problems: issuesOf(result.error, file) };
    }
    case 'encounter': {
      const result = EncounterSchema.safeParse(migrateEncounter(raw));
      return result.success
        ? { ok: true, value: { kind, data: result.data } }
        : { ok: false, problems: issuesOf(result.error, file) };
    }
    case 'party': {
      const result = PartySchema.safeParse(migrateParty(raw));
      return result.success
        ? { ok: true, value: { kind, data: result.data } }
        : { ok: false, problems: issuesOf(result.error, file) };
    }
    case LIBRARY_FILE_KIND: {
      // A campaign library file (the starter set): each problem already says its entry in words.
      const result = parseLibraryFile(raw);
      return result.ok
        ? { ok: true, value: { kind, data: result.file } }
        : { ok: false, problems: result.problems.map((message) => ({ file, path: 'entries', message })) };
    }
    default:
      return {
        ok: false,
        problems: [
          {
            file,
            path: 'kind',
            message: `expected one of ${KINDS.map((k) => `"${k}"`).join(', ')}, found ${JSON.stringify(kind) ?? 'nothing'}`,
          },
        ],
      };
  }
}

/**
 * Facts that need both files: every foe's footprint and every party start inside the map, on
 * squares a character may stand on (not impassable, not an edge), and no two of them overlapping.
 * Each problem in a GM's words ("F (size 2) stands at (17,3), outside this 12×10 map"), at its path.
 */
export function checkEncounterPlacement(encounter: Encounter, map: MapData, file: string): FileProblem[] {
  const problems: FileProblem[] = [];
  const owner = new Map<string, string>();
  const place = (path: string, who: { name: string; size: number }, at: CellData) => {
    const misfit = footprintMisfit(map, at, who.size, (x, y) => owner.get(`${x},${y}`));
    if (misfit) {
      problems.push({ file, path, message: misfitSentence(who, at, map, misfit) });
      return;
    }
    for (let y = at.y; y < at.y + who.size; y++)
      for (let x = at.x; x < at.x + who.size; x++) owner.set(`${x},${y}`, who.name);
  };
  encounter.foes.forEach((foe, i) => place(`foes[${i}].cell`, foe.statBlock, foe.cell));
  encounter.partyStarts.forEach((start, i) =>
    place(`partyStarts[${i}]`, { name: `Party start ${i + 1}`, size: 1 }, start),
  );
  return problems;
}
