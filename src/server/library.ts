import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LibraryEntry, LibraryFile, LibraryKind, LibrarySummary } from '../schema/library';
import {
  entrySummary,
  jsonBytes,
  LIBRARY_FILE_KIND,
  LIBRARY_SCHEMA_VERSION,
  LibraryKindSchema,
  MAX_LIBRARY_BYTES,
  MAX_LIBRARY_ENTRIES,
  parseEntryData,
  parseLibraryFile,
} from '../schema/library';
import { atMost, MAX_NAME_CHARS } from '../schema/limits';
import { hashToken, newToken } from './auth';
import { HttpError } from './http/json';
import type { LibraryEntryRow, Storage } from './storage/Storage';

/**
 * The campaign library's rules on top of the storage (docs/server.md "The library"): a library is
 * opened by its secret key (kept hashed, like room tokens), entries are checked by their kind's
 * schema before anything is written, bounds are checked before the write, and every write is one
 * synchronous SQLite commit, so an acknowledged change survives kill -9.
 */

/** The starter set shipped with the project, served read-only (`GET /api/library/starter`). */
export const STARTER_LIBRARY_FILE = 'starter-library.json';

/** A refusal that lists each problem as well as saying them in one reason (imports, bad entries). */
export class LibraryProblems extends HttpError {
  constructor(
    message: string,
    readonly problems: readonly string[],
  ) {
    super(400, message);
  }
}

/** Start a library: its key is answered once and only its hash is kept. */
export async function createLibrary(storage: Storage): Promise<{ key: string }> {
  const key = newToken();
  await storage.createLibrary(randomBytes(16).toString('base64url'), hashToken(key));
  return { key };
}

/** Keys are base64url like room tokens: anything else is refused before touching the storage. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The library a key opens, or undefined. */
export async function libraryOfKey(storage: Storage, key: string): Promise<string | undefined> {
  if (!KEY_SHAPE.test(key)) return undefined;
  const hash = hashToken(key);
  const row = await storage.libraryByKeyHash(hash);
  // Found by index; compared again in constant time, as room tokens are (auth.ts).
  if (!row || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  return row.id;
}

function entryOf(row: LibraryEntryRow): LibraryEntry {
  return {
    id: row.id,
    kind: LibraryKindSchema.parse(row.kind),
    data: JSON.parse(row.data) as LibraryEntry['data'],
    updatedAt: row.updatedAt,
  };
}

function summaryOf(row: LibraryEntryRow): LibrarySummary {
  const entry = entryOf(row);
  return {
    id: row.id,
    kind: entry.kind,
    name: row.name,
    summary: entrySummary(entry.kind, entry.data),
    updatedAt: row.updatedAt,
  };
}

export async function listEntries(storage: Storage, libraryId: string): Promise<LibrarySummary[]> {
  return (await storage.libraryEntries(libraryId)).map(summaryOf);
}

export async function getEntry(storage: Storage, libraryId: string, id: string): Promise<LibraryEntry> {
  const row = await storage.libraryEntry(libraryId, id);
  if (!row) throw new HttpError(404, 'this library has no such entry (it may have been deleted)');
  return entryOf(row);
}

/** Checked data of one entry, or a 400 naming each problem ("Ogre: Health: at least 1"). */
function checkedData(kind: LibraryKind, data: unknown): LibraryEntry['data'] {
  const parsed = parseEntryData(kind, data);
  if (parsed.ok) return parsed.data;
  const name = (data as { name?: unknown } | null)?.name;
  const place = typeof name === 'string' && name.trim() ? `${name.trim().slice(0, 60)}: ` : '';
  throw new LibraryProblems(parsed.problems.map((p) => place + p).join('; '), parsed.problems);
}

/**
 * Refuse a write that would take the library past its bounds: `addedEntries` new rows and
 * `bytesDelta` more bytes of data than it holds now.
 */
async function checkBounds(
  storage: Storage,
  libraryId: string,
  addedEntries: number,
  bytesDelta: number,
): Promise<void> {
  const size = await storage.librarySize(libraryId);
  if (size.entries + addedEntries > MAX_LIBRARY_ENTRIES)
    throw new HttpError(413, `a library holds at most ${MAX_LIBRARY_ENTRIES} entries: delete some first`);
  if (size.bytes + bytesDelta > MAX_LIBRARY_BYTES)
    throw new HttpError(
      413,
      `a library holds ${atMost(MAX_LIBRARY_BYTES, 'bytes')} of entries (maps are the large ones): delete some first`,
    );
}

/** A new id or a newer time than the entry had: `updatedAt` is also the entry's version (409s). */
function nextTime(previous?: number): number {
  return Math.max(Date.now(), (previous ?? 0) + 1);
}

function rowOf(
  libraryId: string,
  id: string,
  kind: LibraryKind,
  data: LibraryEntry['data'],
  updatedAt: number,
) {
  return { libraryId, id, kind, name: data.name, data: JSON.stringify(data), updatedAt };
}

function newEntryId(): string {
  return randomBytes(12).toString('base64url');
}

export async function createEntry(
  storage: Storage,
  libraryId: string,
  kind: LibraryKind,
  raw: unknown,
): Promise<LibraryEntry> {
  const data = checkedData(kind, raw);
  await checkBounds(storage, libraryId, 1, jsonBytes(data));
  const row = rowOf(libraryId, newEntryId(), kind, data, nextTime());
  await storage.putLibraryEntry(row);
  return entryOf(row);
}

/** Replace an entry's data; 409 when it changed since the client read it (`ifUpdatedAt`). */
export async function replaceEntry(
  storage: Storage,
  libraryId: string,
  id: string,
  raw: unknown,
  ifUpdatedAt: number,
): Promise<LibraryEntry> {
  const old = await getEntry(storage, libraryId, id);
  if (old.updatedAt !== ifUpdatedAt)
    throw new HttpError(
      409,
      `“${old.data.name}” was changed since you opened it (in another tab or device); open it again to see the newer version`,
    );
  const data = checkedData(old.kind, raw);
  await checkBounds(storage, libraryId, 0, jsonBytes(data) - jsonBytes(old.data));
  const row = rowOf(libraryId, id, old.kind, data, nextTime(old.updatedAt));
  await storage.putLibraryEntry(row);
  return entryOf(row);
}

export async function deleteEntry(storage: Storage, libraryId: string, id: string): Promise<void> {
  if (!(await storage.deleteLibraryEntry(libraryId, id)))
    throw new HttpError(404, 'this library has no such entry (it may have been deleted)');
}

/** "Ogre (copy)", then "Ogre (copy 2)" …: the first name no entry of that kind has yet. */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = base.slice(0, MAX_NAME_CHARS - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function duplicateEntry(storage: Storage, libraryId: string, id: string): Promise<LibraryEntry> {
  const original = await getEntry(storage, libraryId, id);
  const taken = new Set(
    (await listEntries(storage, libraryId)).filter((e) => e.kind === original.kind).map((e) => e.name),
  );
  return createEntry(storage, libraryId, original.kind, {
    ...original.data,
    name: copyName(original.data.name, taken),
  });
}

/** The library (or the entries `ids` names) as a library file, the import format. */
export async function exportLibrary(
  storage: Storage,
  libraryId: string,
  ids?: ReadonlySet<string>,
): Promise<LibraryFile> {
  const rows = (await storage.libraryEntries(libraryId)).filter((row) => !ids || ids.has(row.id));
  return { schemaVersion: LIBRARY_SCHEMA_VERSION, kind: LIBRARY_FILE_KIND, entries: rows.map(entryOf) };
}

/**
 * Import a library file, all or nothing: every entry is checked first (every problem listed with
 * its place), then the bounds, then all are written in ONE transaction. An entry whose id this
 * library already has replaces it (the same entry coming back from a backup); others are added,
 * keeping their id when they have one.
 */
export async function importLibrary(
  storage: Storage,
  libraryId: string,
  raw: unknown,
): Promise<{ added: number; replaced: number }> {
  const parsed = parseLibraryFile(raw);
  if (!parsed.ok) {
    const count = parsed.problems.length;
    throw new LibraryProblems(
      `the library file has ${count} problem${count === 1 ? '' : 's'}; nothing was imported: ${parsed.problems.join('; ')}`,
      parsed.problems,
    );
  }
  const rows = await Promise.all(
    parsed.file.entries.map(async (entry) => {
      const id = entry.id ?? newEntryId();
      const old = await storage.libraryEntry(libraryId, id);
      return { row: rowOf(libraryId, id, entry.kind, entry.data, nextTime(old?.updatedAt)), old };
    }),
  );
  const added = rows.filter((r) => !r.old).length;
  const bytesDelta = rows.reduce(
    (sum, r) => sum + Buffer.byteLength(r.row.data) - (r.old ? Buffer.byteLength(r.old.data) : 0),
    0,
  );
  await checkBounds(storage, libraryId, added, bytesDelta);
  await storage.write((batch) => rows.forEach((r) => batch.putLibraryEntry(r.row)));
  return { added, replaced: rows.length - added };
}

/** The starter set (encounters/starter-library.json), checked on every read like the sample files. */
export function readStarterLibrary(rootDir: string): LibraryFile {
  const where = `encounters/${STARTER_LIBRARY_FILE}`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(rootDir, 'encounters', STARTER_LIBRARY_FILE), 'utf8'));
  } catch (error) {
    throw new HttpError(500, `${where}: cannot be read (${(error as Error).message})`);
  }
  const parsed = parseLibraryFile(raw);
  if (!parsed.ok) throw new HttpError(500, `${where}: ${parsed.problems.join('; ')}`);
  return parsed.file;
}
