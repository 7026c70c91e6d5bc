import { z } from 'zod';
import { AbilitySchema } from './ability';
import { formatAreaPattern } from './area';
import { EncounterSchema, migrateEncounter } from './encounter';
import { issueSentence } from './issueSentence';
import { atMost, MAX_ID_CHARS } from './limits';
import { MapSchema, migrateMap } from './map';
import { migrateParty, PartySchema } from './party';
import { FoeSchema, PlayerCharacterSchema } from './statBlock';

/**
 * The campaign library (issue 13): characters, foes, abilities, parties, maps and encounters a GM
 * keeps between rooms. Each kind is validated by the SAME schema as the files in maps/ and
 * encounters/ (and stat blocks inside them); nothing here redefines a game shape. Where the
 * library lives and why: docs/server.md "The library".
 */

/** Bump when the library file's envelope changes, and teach `migrateLibraryFile` the step. */
export const LIBRARY_SCHEMA_VERSION = 1;
/** The `kind` of a library file, so it is never mistaken for a map or an encounter. */
export const LIBRARY_FILE_KIND = 'icon-vtt-library';

export const LIBRARY_KINDS = ['character', 'foe', 'ability', 'party', 'map', 'encounter'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const LibraryKindSchema = z.enum(LIBRARY_KINDS);

/** What people call each kind (headings, "New …", summaries). */
export const LIBRARY_KIND_NAMES: Record<LibraryKind, { one: string; many: string }> = {
  character: { one: 'Character', many: 'Characters' },
  foe: { one: 'Foe', many: 'Foes' },
  ability: { one: 'Ability', many: 'Abilities' },
  party: { one: 'Party', many: 'Parties' },
  map: { one: 'Map', many: 'Maps' },
  encounter: { one: 'Encounter', many: 'Encounters' },
};

/** The one schema per kind: the same ones files and rooms use. */
export const LIBRARY_DATA_SCHEMAS = {
  character: PlayerCharacterSchema,
  foe: FoeSchema,
  ability: AbilitySchema,
  party: PartySchema,
  map: MapSchema,
  encounter: EncounterSchema,
} as const satisfies Record<LibraryKind, z.ZodType<{ name: string }>>;

export type LibraryData<K extends LibraryKind = LibraryKind> = z.infer<(typeof LIBRARY_DATA_SCHEMAS)[K]>;

/** Per-kind migrations that exist today; stat blocks and abilities have none (yet). */
export type KindMigrations = Partial<Record<LibraryKind, (data: unknown) => unknown>>;
export const KIND_MIGRATIONS: KindMigrations = {
  party: migrateParty,
  encounter: migrateEncounter,
  map: migrateMap,
};

// Bounds (docs/server.md "Limits"): far above a campaign's prep, low enough to bound disk and memory.
/** Entries in one library. */
export const MAX_LIBRARY_ENTRIES = 500;
/** Bytes of one entry's data as JSON: a 200×200 map with every terrain square destructible fits. */
export const MAX_LIBRARY_ENTRY_BYTES = 1024 * 1024;
/** Bytes of all the entries of one library together (as JSON). */
export const MAX_LIBRARY_BYTES = 8 * 1024 * 1024;
/** Bytes of one import request: a whole library's export, with room for its envelope. */
export const MAX_LIBRARY_IMPORT_BYTES = MAX_LIBRARY_BYTES + 256 * 1024;
/** Libraries one client address may start per hour (a GM needs one; a script cannot fill the disk). */
export const DEFAULT_LIBRARIES_PER_HOUR = 10;

/** Entry ids: short, URL-safe, chosen by the server (or kept from an imported file). */
export const LibraryEntryIdSchema = z
  .string()
  .max(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters'))
  .regex(/^[A-Za-z0-9_-]+$/, 'expected an id of letters, digits, dashes and underscores');

/** ms since the epoch of the entry's last change; also its version for "changed since you read it". */
const UpdatedAtSchema = z.number().int().min(0);

/** A stored entry: `data` follows its kind's schema; its name is `data.name`. */
export interface LibraryEntry<K extends LibraryKind = LibraryKind> {
  readonly id: string;
  readonly kind: K;
  readonly data: LibraryData<K>;
  readonly updatedAt: number;
}

/** What lists show: no data, a one-line summary instead. */
export const LibrarySummarySchema = z.object({
  id: LibraryEntryIdSchema,
  kind: LibraryKindSchema,
  name: z.string(),
  summary: z.string(),
  updatedAt: UpdatedAtSchema,
});
export type LibrarySummary = z.infer<typeof LibrarySummarySchema>;

/** A JSON object (not an array or a primitive): what an entry and its data must be. */
const PlainObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected an object',
);

/**
 * An entry of a library file before its data is checked (ids and times are optional there). The
 * data is an object within the entry bound; its kind's schema then checks every field, and reads
 * only the fields it knows, so no nesting inside it is ever walked.
 */
const RawEntrySchema = z.object({
  id: LibraryEntryIdSchema.optional(),
  kind: LibraryKindSchema,
  data: PlainObject.refine(
    (data) => jsonBytes(data) <= MAX_LIBRARY_ENTRY_BYTES,
    atMost(MAX_LIBRARY_ENTRY_BYTES, 'bytes per entry'),
  ),
  updatedAt: UpdatedAtSchema.optional(),
});

/** The export/import file envelope; each entry is checked on its own (`parseLibraryFile`). */
export const LibraryFileEnvelopeSchema = z.object({
  schemaVersion: z.literal(LIBRARY_SCHEMA_VERSION),
  kind: z.literal(LIBRARY_FILE_KIND),
  entries: z.array(PlainObject).max(MAX_LIBRARY_ENTRIES, atMost(MAX_LIBRARY_ENTRIES, 'entries in a library')),
});

/** A checked library file: every entry's data valid for its kind. */
export interface LibraryFile {
  readonly schemaVersion: typeof LIBRARY_SCHEMA_VERSION;
  readonly kind: typeof LIBRARY_FILE_KIND;
  readonly entries: ReadonlyArray<{
    readonly id?: string;
    readonly kind: LibraryKind;
    readonly data: LibraryData;
    readonly updatedAt?: number;
  }>;
}

/**
 * Migration hook: brings an older library file up to LIBRARY_SCHEMA_VERSION, then runs each
 * entry's own kind migration (migrateParty, migrateEncounter, migrateMap) on its data. Version 1
 * is the first envelope. `migrations` is a parameter so a test can prove the per-kind step runs.
 */
export function migrateLibraryFile(data: unknown, migrations: KindMigrations = KIND_MIGRATIONS): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const file = data as { entries?: unknown };
  if (!Array.isArray(file.entries)) return data;
  return {
    ...file,
    entries: file.entries.map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return entry;
      const { kind, data: inner } = entry as { kind?: unknown; data?: unknown };
      const migrate = typeof kind === 'string' ? migrations[kind as LibraryKind] : undefined;
      return migrate ? { ...entry, data: migrate(inner) } : entry;
    }),
  };
}

/** The data of one entry checked against its kind; problems as sentences ("Health: at least 1"). */
export function parseEntryData<K extends LibraryKind>(
  kind: K,
  data: unknown,
): { ok: true; data: LibraryData<K> } | { ok: false; problems: string[] } {
  const migrate = KIND_MIGRATIONS[kind];
  const result = LIBRARY_DATA_SCHEMAS[kind].safeParse(migrate ? migrate(data) : data);
  if (!result.success) return { ok: false, problems: result.error.issues.map(issueSentence) };
  const bytes = jsonBytes(result.data);
  if (bytes > MAX_LIBRARY_ENTRY_BYTES)
    return {
      ok: false,
      problems: [`${atMost(MAX_LIBRARY_ENTRY_BYTES, 'bytes')} per entry (this one is ${bytes})`],
    };
  return { ok: true, data: result.data as LibraryData<K> };
}

/** UTF-8 bytes of a value as JSON, the unit every library bound counts in. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** "entry 3 (Ogre)": counted from 1, with the name when the entry has one. */
function entryPlace(index: number, raw: unknown): string {
  const name = (raw as { data?: { name?: unknown } } | null)?.data?.name;
  return typeof name === 'string' && name.trim()
    ? `entry ${index + 1} (${name.trim().slice(0, 60)})`
    : `entry ${index + 1}`;
}

/**
 * Check a whole library file: the envelope, then every entry, collecting EVERY problem with its
 * place in words ("entry 3 (Ogre): Health: at least 1"). All or nothing: one bad entry and the
 * caller saves none.
 */
export function parseLibraryFile(
  raw: unknown,
): { ok: true; file: LibraryFile } | { ok: false; problems: string[] } {
  const migrated = migrateLibraryFile(raw);
  const envelope = LibraryFileEnvelopeSchema.safeParse(migrated);
  if (!envelope.success) return { ok: false, problems: envelope.error.issues.map(issueSentence) };
  const problems: string[] = [];
  const entries: LibraryFile['entries'][number][] = [];
  const ids = new Set<string>();
  envelope.data.entries.forEach((rawEntry, index) => {
    const place = entryPlace(index, rawEntry);
    const entry = RawEntrySchema.safeParse(rawEntry);
    if (!entry.success) {
      problems.push(...entry.error.issues.map((issue) => `${place}: ${issueSentence(issue)}`));
      return;
    }
    const { id, kind, updatedAt } = entry.data;
    if (id !== undefined) {
      if (ids.has(id)) problems.push(`${place}: Id: '${id}' is used by an earlier entry`);
      ids.add(id);
    }
    const data = parseEntryData(kind, entry.data.data);
    if (!data.ok) {
      problems.push(...data.problems.map((problem) => `${place}: ${problem}`));
      return;
    }
    entries.push({
      ...(id !== undefined ? { id } : {}),
      kind,
      data: data.data,
      ...(updatedAt !== undefined ? { updatedAt } : {}),
    });
  });
  if (problems.length) return { ok: false, problems };
  return { ok: true, file: { schemaVersion: LIBRARY_SCHEMA_VERSION, kind: LIBRARY_FILE_KIND, entries } };
}

const COSTS: Record<string, string> = {
  '1-action': '1 action',
  '2-actions': '2 actions',
  '2-actions-and-move': '2 actions and a move',
  free: 'free',
};

/** The one line a list shows under a name: "Foe · elite · size 2 · Health 12". */
export function entrySummary(kind: LibraryKind, data: LibraryData): string {
  const parts: string[] = [LIBRARY_KIND_NAMES[kind].one];
  switch (kind) {
    case 'foe': {
      const foe = data as LibraryData<'foe'>;
      parts.push(foe.template, `size ${foe.size}`, `Health ${foe.health}`);
      break;
    }
    case 'character': {
      const pc = data as LibraryData<'character'>;
      parts.push(`Health ${pc.health}`, `Defense ${pc.defense}`, `Speed ${pc.speed}`);
      break;
    }
    case 'ability': {
      const ability = data as LibraryData<'ability'>;
      parts.push(COSTS[ability.cost] ?? ability.cost);
      if (ability.area) parts.push(formatAreaPattern(ability.area));
      else if (ability.range !== null) parts.push(`range ${ability.range}`);
      if (ability.attack) parts.push(ability.attack.kind);
      break;
    }
    case 'party': {
      const party = data as LibraryData<'party'>;
      parts.push(`${party.characters.length} character${party.characters.length === 1 ? '' : 's'}`);
      break;
    }
    case 'map': {
      const map = data as LibraryData<'map'>;
      parts.push(`${map.width}×${map.height}`);
      break;
    }
    case 'encounter': {
      const encounter = data as LibraryData<'encounter'>;
      parts.push(
        `${encounter.foes.length} foe${encounter.foes.length === 1 ? '' : 's'}`,
        `chapter ${encounter.chapter}`,
        encounter.map,
      );
      break;
    }
  }
  return parts.join(' · ');
}
