import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  LibraryEntryIdSchema,
  LibraryKindSchema,
  MAX_LIBRARY_ENTRY_BYTES,
  MAX_LIBRARY_IMPORT_BYTES,
} from '../../schema/library';
import { bearerToken } from '../auth';
import type { ServerContext } from '../context';
import {
  createEntry,
  createLibrary,
  deleteEntry,
  duplicateEntry,
  exportLibrary,
  getEntry,
  importLibrary,
  libraryOfKey,
  LibraryProblems,
  listEntries,
  readStarterLibrary,
  replaceEntry,
} from '../library';
import { authFailureLimitText } from '../limits';
import { HttpError, parseBody, readJsonBody, sendJson, tooManyRequests } from './json';

/**
 * The campaign library's HTTP routes (docs/server.md "The library"):
 *   POST   /api/libraries                       start a library → { key, link }
 *   GET    /api/library/starter                 the project's starter set (no key)
 *   GET    /api/library/entries                 summaries
 *   POST   /api/library/entries                 { kind, data } → entry
 *   GET    /api/library/entries/<id>            entry
 *   PUT    /api/library/entries/<id>            { data, ifUpdatedAt } → entry (409 when changed)
 *   DELETE /api/library/entries/<id>
 *   POST   /api/library/entries/<id>/duplicate  → entry named "… (copy)"
 *   GET    /api/library/export[?ids=a,b]        a library file
 *   POST   /api/library/import                  a library file → { added, replaced }
 * Every route but the first two needs `Authorization: Bearer <library key>`.
 */

/** One entry's body: its data plus a little JSON around it. */
const MAX_ENTRY_BODY_BYTES = MAX_LIBRARY_ENTRY_BYTES + 4096;

const CreateBodySchema = z.object({ kind: LibraryKindSchema, data: z.unknown() });
const ReplaceBodySchema = z.object({ data: z.unknown(), ifUpdatedAt: z.number().int().min(0) });

/** Handles the request when it is a library route; false when it is not one. */
export async function handleLibraryRoute(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  parts: readonly string[],
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const [, first, second, third, fourth] = parts;
  if (first === 'libraries' && parts.length === 2 && method === 'POST') {
    limitLibraryCreation(ctx, req);
    const { key } = await createLibrary(ctx.storage);
    sendJson(res, 200, { key, link: libraryLink(req, key) });
    return true;
  }
  if (first !== 'library') return false;
  if (second === 'starter' && parts.length === 3 && method === 'GET') {
    sendJson(res, 200, readStarterLibrary(ctx.rootDir));
    return true;
  }
  try {
    await keyedRoute(ctx, req, res, url, method, [second, third, fourth], parts.length);
  } catch (error) {
    if (!(error instanceof LibraryProblems)) throw error;
    sendJson(res, error.status, { ok: false, reason: error.message, problems: error.problems });
  }
  return true;
}

async function keyedRoute(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  [second, third, fourth]: (string | undefined)[],
  length: number,
): Promise<void> {
  const libraryId = await requireLibrary(ctx, req);
  const { storage: store } = ctx;
  if (second === 'entries') {
    if (length === 3 && method === 'GET')
      return sendJson(res, 200, { entries: await listEntries(store, libraryId) });
    if (length === 3 && method === 'POST') {
      const body = parseBody(CreateBodySchema, await readJsonBody(req, MAX_ENTRY_BODY_BYTES), 'request body');
      const again = await requireLibrary(ctx, req);
      return sendJson(res, 200, await inTurn(again, () => createEntry(store, again, body.kind, body.data)));
    }
    const id = third !== undefined ? LibraryEntryIdSchema.safeParse(third) : undefined;
    if (!id?.success) throw new HttpError(404, 'this library has no such entry (it may have been deleted)');
    if (length === 4 && method === 'GET')
      return sendJson(res, 200, await getEntry(store, libraryId, id.data));
    if (length === 4 && method === 'PUT') {
      const body = parseBody(
        ReplaceBodySchema,
        await readJsonBody(req, MAX_ENTRY_BODY_BYTES),
        'request body',
      );
      const again = await requireLibrary(ctx, req);
      const entry = await inTurn(again, () =>
        replaceEntry(store, again, id.data, body.data, body.ifUpdatedAt),
      );
      return sendJson(res, 200, entry);
    }
    if (length === 4 && method === 'DELETE') {
      await inTurn(libraryId, () => deleteEntry(store, libraryId, id.data));
      return sendJson(res, 200, { ok: true });
    }
    if (length === 5 && fourth === 'duplicate' && method === 'POST')
      return sendJson(res, 200, await inTurn(libraryId, () => duplicateEntry(store, libraryId, id.data)));
  }
  if (second === 'export' && length === 3 && method === 'GET') {
    const ids = url.searchParams.get('ids');
    return sendJson(
      res,
      200,
      await exportLibrary(store, libraryId, ids ? new Set(ids.split(',')) : undefined),
    );
  }
  if (second === 'import' && length === 3 && method === 'POST') {
    const body = await readJsonBody(req, MAX_LIBRARY_IMPORT_BYTES);
    // The key is checked again: it must still open the library now the body has come.
    const again = await requireLibrary(ctx, req);
    return sendJson(res, 200, await inTurn(again, () => importLibrary(store, again, body)));
  }
  throw new HttpError(404, `no library route ${method} ${url.pathname}`);
}

/** One library's writes after one another in this process: a bound checked still holds when the write lands. */
const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(libraryId: string, run: () => Promise<T>): Promise<T> {
  const next = (turns.get(libraryId) ?? Promise.resolve()).then(run, run);
  const tail = next.catch(() => undefined);
  turns.set(libraryId, tail);
  void tail.then(() => turns.get(libraryId) === tail && turns.delete(libraryId));
  return next;
}

/** `http://host/?library=<key>`: opens the library on another device (the start page keeps it). */
function libraryLink(req: IncomingMessage, key: string): string {
  const url = new URL('/', `http://${req.headers.host ?? 'localhost'}`);
  url.searchParams.set('library', key);
  return url.toString();
}

/** The library the bearer key opens; 401 without a key, 403 for a key that opens none. */
async function requireLibrary(ctx: ServerContext, req: IncomingMessage): Promise<string> {
  const key = bearerToken(req.headers.authorization);
  const libraryId = key ? await libraryOfKey(ctx.storage, key) : undefined;
  if (libraryId) return libraryId;
  // Counted with the room API's failed logins: guessing library keys is no cheaper.
  const verdict = ctx.limits.authFailures.take(req.socket.remoteAddress ?? 'unknown');
  if (!verdict.ok)
    throw tooManyRequests(verdict.retryAfterMs, (seconds) =>
      authFailureLimitText(ctx.limits.options.authFailures, seconds),
    );
  if (!key)
    throw new HttpError(401, 'this needs your library key: send "Authorization: Bearer <library key>"');
  throw new HttpError(403, 'this library key opens no library on this server');
}

/** Libraries started per client address (`ServerOptions.librariesPerHour`), like room creation. */
function limitLibraryCreation(ctx: ServerContext, req: IncomingMessage): void {
  if (!ctx.libraryCreation) return;
  const verdict = ctx.libraryCreation.take(req.socket.remoteAddress ?? 'unknown');
  if (verdict.ok) return;
  const { capacity } = ctx.libraryCreation;
  throw tooManyRequests(
    verdict.retryAfterMs,
    (seconds) =>
      `too many libraries started from this address (${capacity} per hour); try again in ${seconds} s`,
  );
}
