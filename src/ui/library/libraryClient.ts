import { z } from 'zod';
import { ApiError, serverReason } from '../api';
import {
  LibraryEntryIdSchema,
  LibraryKindSchema,
  LibrarySummarySchema,
  parseLibraryFile,
  type LibraryEntry,
  type LibraryFile,
  type LibraryData,
  type LibraryKind,
  type LibrarySummary,
} from '../../schema/library';

/**
 * The campaign library's HTTP API (src/server/http/library.ts) from the browser: typed calls whose
 * answers are checked with zod before the panel trusts them. A refusal is an ApiError carrying
 * the server's sentence; an import refusal also carries each problem (`LibraryImportError`).
 */

/** An import refused: `problems` are the server's sentences, one per problem ("entry 3 (Ogre): …"). */
export class LibraryProblemsError extends ApiError {
  constructor(
    path: string,
    status: number,
    reason: string,
    readonly problems: readonly string[],
  ) {
    super(path, status, reason);
  }
}

const EntrySchema = z.object({
  id: LibraryEntryIdSchema,
  kind: LibraryKindSchema,
  data: z.looseObject({ name: z.string() }),
  updatedAt: z.number(),
});
const ProblemsBodySchema = z.object({ reason: z.string(), problems: z.array(z.string()) });

async function call<S extends z.ZodType>(
  schema: S,
  path: string,
  key: string | undefined,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = {};
  if (init.body) headers['content-type'] = 'application/json';
  if (key) headers['authorization'] = `Bearer ${key}`;
  const res = await fetch(path, { ...init, headers });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const problems = ProblemsBodySchema.safeParse(body);
    if (problems.success)
      throw new LibraryProblemsError(path, res.status, problems.data.reason, problems.data.problems);
    throw new ApiError(path, res.status, serverReason(res.status, res.statusText, body));
  }
  const checked = schema.safeParse(body);
  if (!checked.success)
    throw new ApiError(path, res.status, 'the server answered something this page does not understand');
  return checked.data;
}

const entryPath = (id: string) => `/api/library/entries/${encodeURIComponent(id)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const asEntry = (entry: z.infer<typeof EntrySchema>) => entry as unknown as LibraryEntry;

/** A library file checked with the same function the server uses. */
const FileSchema = z.unknown().transform((raw, ctx): LibraryFile => {
  const parsed = parseLibraryFile(raw);
  if (parsed.ok) return parsed.file;
  ctx.addIssue({ code: 'custom', message: parsed.problems.join('; ') });
  return z.NEVER;
});

export const libraryClient = {
  /** Start a library: its key (keep it) and the link that opens it on another device. */
  create: () =>
    call(z.object({ key: z.string(), link: z.string() }), '/api/libraries', undefined, json('POST', {})),
  /** The project's starter set (no key needed). */
  starter: () => call(FileSchema, '/api/library/starter', undefined),
  list: async (key: string): Promise<LibrarySummary[]> =>
    (await call(z.object({ entries: z.array(LibrarySummarySchema) }), '/api/library/entries', key)).entries,
  get: async (key: string, id: string) => asEntry(await call(EntrySchema, entryPath(id), key)),
  add: async (key: string, kind: LibraryKind, data: unknown) =>
    asEntry(await call(EntrySchema, '/api/library/entries', key, json('POST', { kind, data }))),
  /** Replace an entry's data; refused with 409 when it changed since `ifUpdatedAt`. */
  replace: async (key: string, id: string, data: unknown, ifUpdatedAt: number) =>
    asEntry(await call(EntrySchema, entryPath(id), key, json('PUT', { data, ifUpdatedAt }))),
  remove: (key: string, id: string) =>
    call(z.object({ ok: z.literal(true) }), entryPath(id), key, { method: 'DELETE' }),
  duplicate: async (key: string, id: string) =>
    asEntry(await call(EntrySchema, `${entryPath(id)}/duplicate`, key, json('POST', {}))),
  /** The whole library, or the entries `ids` names, as a library file. */
  exportFile: (key: string, ids?: readonly string[]) =>
    call(
      z.unknown(),
      `/api/library/export${ids ? `?ids=${ids.map(encodeURIComponent).join(',')}` : ''}`,
      key,
    ),
  importFile: (key: string, file: unknown) =>
    call(
      z.object({ added: z.number(), replaced: z.number() }),
      '/api/library/import',
      key,
      json('POST', file),
    ),
};

/**
 * The library's entries of one kind in one request (an export of just those ids), checked by
 * the same function as an import: all of them, or none when the file does not check.
 */
export async function libraryEntriesOf(
  key: string | undefined,
  kind: LibraryKind,
): Promise<{ id: string; data: LibraryData }[]> {
  if (!key) return [];
  const ids = (await libraryClient.list(key)).filter((s) => s.kind === kind).map((s) => s.id);
  if (!ids.length) return [];
  const parsed = parseLibraryFile(await libraryClient.exportFile(key, ids));
  if (!parsed.ok) return [];
  return parsed.file.entries.flatMap((e) => (e.id && e.kind === kind ? [{ id: e.id, data: e.data }] : []));
}
