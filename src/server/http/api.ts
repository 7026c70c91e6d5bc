import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { IntentKeySchema, IntentSchema } from '../../schema/intent';
import { authenticate, bearerToken } from '../auth';
import type { Session } from '../auth';
import { encounterSummary, listJsonFiles, readCatalogFile, type Validator } from '../catalog';
import type { Encounter } from '../../schema/encounter';
import { joinLink } from '../context';
import { createInvite as makeInvite, listInvites, newInviteLink, revokeInvite } from '../invites';
import { channelDocsFor } from '../channels';
import { channelOf } from '../permissions';
import { authFailureLimitText, intentLimitText } from '../limits';
import type { ServerContext } from '../context';
import { RoomElsewhereError, RoomRefusedError } from '../RoomManager';
import type { Room } from '../RoomManager';
import { loadDiceNotation } from '../../table/dice/notation';
import { exportRoom, IntentFailure, resolveIntent, validateCatalogFile } from '../tableBridge';
import type { Actor } from '../tableBridge';
import { HttpError, parseBody, readJsonBody, roomMovedError, sendJson, tooManyRequests } from './json';
import { createRoom, importRoom } from './roomCreation';
import { intentKeyOf, rememberAnswer, replayedAnswer } from './idempotency';
import { handleLibraryRoute } from './library';
import { STARTER_LIBRARY_FILE } from '../library';
import { handleAssetRoute } from '../assets/assetRoutes';
import { withRoomImages } from '../assets/roomFileImages';
import { imageIdsIn } from '../assets/imageIds';
import { isLiveInvite } from '../invites';

const InviteBodySchema = z.object({
  name: z.string().trim().min(1).max(80),
  characterIds: z.array(z.string().min(1).max(64)).max(20),
});

/**
 * The file catalogs the create screen lists (`GET /api/<name>` and `/api/<name>/<file>`): which
 * folder of the project, and the file kind they are validated as. Party files live in
 * encounters/parties/ (the UI's "seat a party" list).
 */
const CATALOGS: Readonly<Record<string, { folder: string; label: 'map' | 'encounter' | 'party' }>> = {
  maps: { folder: 'maps', label: 'map' },
  encounters: { folder: 'encounters', label: 'encounter' },
  parties: { folder: 'encounters/parties', label: 'party' },
};

/** Intents are small; 64 KiB leaves room for a large Arc placement. */
const MAX_INTENT_BYTES = 64 * 1024;

/** Handle `/api/*`; every failure becomes JSON `{ ok: false, reason }` with a fitting status. */
export async function handleApi(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    await route(ctx, req, res);
  } catch (error) {
    if (error instanceof HttpError)
      return sendJson(res, error.status, { ok: false, reason: error.message }, error.headers);
    console.error('api error:', error);
    sendJson(res, 500, { ok: false, reason: `server error: ${(error as Error).message}` });
  }
}

async function route(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let parts: string[]; // ['api', ...]
  try {
    parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new HttpError(400, `bad percent-encoding in ${url.pathname}`);
  }
  const method = req.method ?? 'GET';
  const origin = originOf(req);
  const [, first, second, third, fourth, fifth] = parts;

  if (method === 'GET' && first === 'health' && parts.length === 2) return sendJson(res, 200, { ok: true });

  if (method === 'GET' && first === 'session' && parts.length === 2) {
    const session = await requireSession(ctx, req);
    return sendJson(res, 200, {
      roomId: session.roomId,
      role: session.role,
      characterIds: session.characterIds,
      name: session.name,
      // A player's channel doc holds their whispers (docs/table.md "Channels").
      ...(channelOf(session) ? { channel: channelOf(session) } : {}),
    });
  }

  const catalog =
    first !== undefined && method === 'GET' && Object.hasOwn(CATALOGS, first) ? CATALOGS[first] : undefined;
  if (catalog) {
    const dir = join(ctx.rootDir, ...catalog.folder.split('/'));
    // The starter library file lives beside the encounters but is no encounter.
    const files = listJsonFiles(dir).filter((file) => file !== STARTER_LIBRARY_FILE);
    if (parts.length === 2) return sendJson(res, 200, { files });
    if (parts.length === 3 && second) {
      const validate: Validator = (data, where) => validateCatalogFile(catalog.label, data, where);
      const content = readCatalogFile(dir, second, validate, catalog.label, catalog.folder);
      // An encounter is a GM's prepared secret: anyone may ask, so only its summary is sent.
      const shown = catalog.label === 'encounter' ? encounterSummary(second, content as Encounter) : content;
      return sendJson(res, 200, shown);
    }
  }

  if (await handleLibraryRoute(ctx, req, res, url, parts)) return;
  if (await handleAssetRoute(ctx, req, res, url, parts, requireSession)) return;

  if (first === 'rooms') {
    if (method === 'POST' && parts.length === 2) return createRoom(ctx, req, res, origin);
    if (method === 'POST' && parts.length === 3 && second === 'import')
      return importRoom(ctx, req, res, origin);
    if (second && parts.length === 4) {
      if (method === 'POST' && third === 'invites') return createInvite(ctx, req, res, second, origin);
      if (method === 'GET' && third === 'invites') {
        await requireRoomAccess(ctx, req, second, true);
        return sendJson(res, 200, { invites: listInvites(await loadedRoom(ctx, second)) });
      }
      if (method === 'GET' && third === 'export') return exportRoomRoute(ctx, req, res, second);
      if (method === 'POST' && third === 'intents') return postIntent(ctx, req, res, second);
    }
    if (method === 'DELETE' && second && third === 'invites' && fourth && parts.length === 5) {
      await requireRoomAccess(ctx, req, second, true);
      const revoked = await revokeInvite(ctx, await loadedRoom(ctx, second), fourth);
      if (!revoked.ok) throw new HttpError(revoked.status, revoked.reason);
      return sendJson(res, 200, { ok: true, revoked: revoked.invite });
    }
    if (
      method === 'POST' &&
      second &&
      third === 'invites' &&
      fourth &&
      fifth === 'link' &&
      parts.length === 6
    ) {
      await requireRoomAccess(ctx, req, second, true);
      const renewed = await newInviteLink(ctx, await loadedRoom(ctx, second), fourth);
      if (!renewed.ok) throw new HttpError(renewed.status, renewed.reason);
      return sendJson(res, 200, {
        ok: true,
        invite: renewed.invite,
        token: renewed.token,
        link: joinLink(origin, second, renewed.token),
      });
    }
  }
  throw new HttpError(404, `no API route ${method} ${url.pathname}`);
}

function originOf(req: IncomingMessage): string {
  const host = req.headers.host ?? 'localhost';
  return `http://${host}`;
}

async function requireSession(ctx: ServerContext, req: IncomingMessage): Promise<Session> {
  const token = bearerToken(req.headers.authorization);
  const session = token ? await authenticate(ctx.storage, token) : undefined;
  if (session) return session;
  // Failures are counted per address: past the limit, a guessing script gets 429s.
  const verdict = ctx.limits.authFailures.take(req.socket.remoteAddress ?? 'unknown');
  if (!verdict.ok)
    throw tooManyRequests(verdict.retryAfterMs, (seconds) =>
      authFailureLimitText(ctx.limits.options.authFailures, seconds),
    );
  if (!token) throw new HttpError(401, 'missing "Authorization: Bearer <token>" header');
  throw new HttpError(401, 'unknown token');
}

async function requireRoomAccess(
  ctx: ServerContext,
  req: IncomingMessage,
  roomId: string,
  gmOnly: boolean,
): Promise<Session> {
  const session = await requireSession(ctx, req);
  if (session.roomId !== roomId) throw new HttpError(403, 'this token belongs to another room');
  if (gmOnly && session.role !== 'gm') throw new HttpError(403, 'only the GM may do this');
  return session;
}

/**
 * The room, loaded; 404 when there is none, 500 naming why when it cannot be opened, 503 with
 * Retry-After when another process of the cluster serves it (docs/scaling.md).
 */
export async function loadedRoom(ctx: ServerContext, roomId: string): Promise<Room> {
  let room;
  try {
    room = await ctx.rooms.load(roomId);
  } catch (error) {
    if (error instanceof RoomRefusedError) throw new HttpError(500, error.message);
    if (error instanceof RoomElsewhereError) throw roomMovedError(error.message);
    throw error;
  }
  if (!room) throw new HttpError(404, `no room ${roomId}`);
  return room;
}

async function createInvite(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  roomId: string,
  origin: string,
): Promise<void> {
  await requireRoomAccess(ctx, req, roomId, true);
  const body = parseBody(InviteBodySchema, await readJsonBody(req, MAX_INTENT_BYTES), 'request body');
  await requireRoomAccess(ctx, req, roomId, true); // again: the token may have gone while the body came
  const made = await makeInvite(ctx, await loadedRoom(ctx, roomId), body.name, body.characterIds);
  if (!made.ok) throw new HttpError(made.status, made.reason);
  sendJson(res, 200, { token: made.token, link: joinLink(origin, roomId, made.token), id: made.id });
}

async function exportRoomRoute(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  roomId: string,
): Promise<void> {
  await requireRoomAccess(ctx, req, roomId, true);
  const room = await loadedRoom(ctx, roomId);
  const file = exportRoom(room.public.doc, room.secrets.doc);
  await storedOr503(ctx); // what the file holds is stored before it leaves
  sendJson(res, 200, await withRoomImages(ctx, roomId, file));
}

async function postIntent(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  roomId: string,
): Promise<void> {
  const early = await requireRoomAccess(ctx, req, roomId, false);
  const verdict = ctx.limits.intents.take(early.tokenHash);
  if (!verdict.ok)
    throw tooManyRequests(verdict.retryAfterMs, (seconds) =>
      intentLimitText(ctx.limits.options.intents, seconds),
    );
  const body = await readJsonBody(req, MAX_INTENT_BYTES);
  const intent = parseBody(IntentSchema, body, 'intent');
  const { idempotencyKey } = parseBody(IntentKeySchema, body, 'intent');
  // Before the checks below: they must hold after the last await (table/dice/notation.ts).
  if (intent.kind === 'roll') await loadDiceNotation();
  // The body may arrive long after the headers: an invite revoked meanwhile must not act.
  const session = await requireRoomAccess(ctx, req, roomId, false);
  const room = await loadedRoom(ctx, roomId);
  // A retry of an intent already applied: the first answer again, nothing applied twice.
  const key = intentKeyOf(roomId, session.tokenHash, idempotencyKey, intent);
  const replay = await replayedAnswer(ctx, key);
  if (replay !== undefined) return sendJson(res, 200, replay);
  // A portrait must be an image of this room (src/table/intents/portraitIntent.ts): asked of the
  // storage before the synchronous resolution.
  const linked = await linkedImagesOf(ctx, roomId, intent);
  // Everything read: from here to the answer's commit nothing awaits, and the room may have gone.
  if (ctx.rooms.loaded(roomId) !== room) throw roomMovedError(new RoomElsewhereError(roomId).message);
  if (session.role === 'player' && !isLiveInvite(room, session.tokenHash))
    throw new HttpError(401, 'unknown token');
  const actor: Actor =
    session.role === 'gm' ? { role: 'gm' } : { role: 'player', characterIds: session.characterIds };
  // Resolved and written synchronously in one transaction (origin 'server').
  let result;
  try {
    result = resolveIntent(
      { publicDoc: room.public.doc, secretsDoc: room.secrets.doc },
      actor,
      intent,
      ctx.dice(roomId),
      session.name,
      // A portrait must be an image of this room (src/table/intents/portraitIntent.ts).
      (hash) => linked.has(hash),
      channelDocsFor(room, session),
    );
  } catch (error) {
    // E.g. the test-only fixed dice ran out: a server problem, not the sender's; nothing written.
    if (!(error instanceof IntentFailure)) throw error;
    console.error(`room ${roomId}: ${intent.kind} intent failed: ${error.message}`);
    throw new HttpError(500, error.message);
  }
  if (result.ok) rememberAnswer(ctx, key, result); // in the same transaction as its writes
  await storedOr503(ctx); // stored (and broadcast) before the answer goes out
  sendJson(res, 200, result);
}

/** Wait for what was handed to the storage; a failed commit is a 503 (the room reloads from storage). */
async function storedOr503(ctx: ServerContext): Promise<void> {
  try {
    await ctx.rooms.commits.stored();
  } catch {
    throw new HttpError(503, 'the server could not store this change; try again', { 'retry-after': '1' });
  }
}

/**
 * The images an intent names (a portrait, a handout's picture: any image id in it) that are
 * linked to the room, asked of the storage before the synchronous resolution.
 */
async function linkedImagesOf(ctx: ServerContext, roomId: string, intent: unknown): Promise<Set<string>> {
  const named = [...imageIdsIn(intent, 8)];
  const linked = await Promise.all(named.map((hash) => ctx.storage.isAssetLinked(roomId, hash)));
  return new Set(named.filter((_, i) => linked[i]));
}
