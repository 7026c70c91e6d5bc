import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { IntentKeySchema, IntentSchema } from '../../schema/intent';
import { authenticate, bearerToken, issueToken } from '../auth';
import type { Session } from '../auth';
import { encounterSummary, listJsonFiles, readCatalogFile, type Validator } from '../catalog';
import type { Encounter } from '../../schema/encounter';
import { joinLink } from '../context';
import { inviteIdOf, listInvites, newInviteLink, revokeInvite } from '../invites';
import { channelDocsFor } from '../channels';
import { channelOf } from '../permissions';
import { authFailureLimitText, intentLimitText } from '../limits';
import { atMost, MAX_INVITES } from '../../schema/limits';
import type { ServerContext } from '../context';
import { RoomRefusedError } from '../RoomManager';
import type { Room } from '../RoomManager';
import { loadDiceNotation } from '../../table/dice/notation';
import { exportRoom, IntentFailure, resolveIntent, validateCatalogFile } from '../tableBridge';
import type { Actor } from '../tableBridge';
import { HttpError, parseBody, readJsonBody, sendJson, tooManyRequests } from './json';
import { createRoom, importRoom } from './roomCreation';
import { intentKeyOf, rememberAnswer, replayedAnswer } from './idempotency';
import { handleLibraryRoute } from './library';
import { STARTER_LIBRARY_FILE } from '../library';
import { handleAssetRoute } from '../assets/assetRoutes';
import { withRoomImages } from '../assets/roomFileImages';
import { assetsOf } from '../assets/assetService';

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
    const session = requireSession(ctx, req);
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
        requireRoomAccess(ctx, req, second, true);
        return sendJson(res, 200, { invites: listInvites(ctx, second) });
      }
      if (method === 'GET' && third === 'export') return exportRoomRoute(ctx, req, res, second);
      if (method === 'POST' && third === 'intents') return postIntent(ctx, req, res, second);
    }
    if (method === 'DELETE' && second && third === 'invites' && fourth && parts.length === 5) {
      requireRoomAccess(ctx, req, second, true);
      const revoked = revokeInvite(ctx, second, fourth);
      ctx.rooms.loaded(second)?.resyncChannels();
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
      requireRoomAccess(ctx, req, second, true);
      const renewed = newInviteLink(ctx, second, fourth);
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

function requireSession(ctx: ServerContext, req: IncomingMessage): Session {
  const token = bearerToken(req.headers.authorization);
  const session = token ? authenticate(ctx.store, token) : undefined;
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

function requireRoomAccess(
  ctx: ServerContext,
  req: IncomingMessage,
  roomId: string,
  gmOnly: boolean,
): Session {
  const session = requireSession(ctx, req);
  if (session.roomId !== roomId) throw new HttpError(403, 'this token belongs to another room');
  if (gmOnly && session.role !== 'gm') throw new HttpError(403, 'only the GM may do this');
  return session;
}

/** The room, loaded; 404 when there is none, 500 naming why when it cannot be opened. */
function loadedRoom(ctx: ServerContext, roomId: string): Room {
  let room;
  try {
    room = ctx.rooms.get(roomId);
  } catch (error) {
    if (error instanceof RoomRefusedError) throw new HttpError(500, error.message);
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
  requireRoomAccess(ctx, req, roomId, true);
  const body = parseBody(InviteBodySchema, await readJsonBody(req, MAX_INTENT_BYTES), 'request body');
  requireRoomAccess(ctx, req, roomId, true); // again: the token may have gone while the body came
  if (listInvites(ctx, roomId).length >= MAX_INVITES)
    throw new HttpError(409, `a room keeps ${atMost(MAX_INVITES, 'player invites')}: revoke one first`);
  const token = issueToken(ctx.store, roomId, 'player', body.name, body.characterIds);
  ctx.rooms.loaded(roomId)?.resyncChannels(); // per-player fog: the new player's characters
  sendJson(res, 200, { token, link: joinLink(origin, roomId, token), id: inviteIdOf(token) });
}

function exportRoomRoute(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  roomId: string,
): void {
  requireRoomAccess(ctx, req, roomId, true);
  const room = loadedRoom(ctx, roomId);
  ctx.rooms.commits.flush();
  sendJson(res, 200, withRoomImages(ctx, roomId, exportRoom(room.public.doc, room.secrets.doc)));
}

async function postIntent(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  roomId: string,
): Promise<void> {
  const early = requireRoomAccess(ctx, req, roomId, false);
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
  const session = requireRoomAccess(ctx, req, roomId, false);
  const room = loadedRoom(ctx, roomId);
  // A retry of an intent already applied: the first answer again, nothing applied twice.
  const key = intentKeyOf(roomId, session.tokenHash, idempotencyKey, intent);
  const replay = replayedAnswer(ctx, key);
  if (replay !== undefined) return sendJson(res, 200, replay);
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
      (hash) => assetsOf(ctx).store.isLinked(roomId, hash),
      channelDocsFor(ctx, room, session),
    );
  } catch (error) {
    // E.g. the test-only fixed dice ran out: a server problem, not the sender's; nothing written.
    if (!(error instanceof IntentFailure)) throw error;
    console.error(`room ${roomId}: ${intent.kind} intent failed: ${error.message}`);
    throw new HttpError(500, error.message);
  }
  if (result.ok) rememberAnswer(ctx, key, result); // in the same SQLite transaction as its writes
  ctx.rooms.commits.flush(); // stored (and broadcast) before the answer goes out
  sendJson(res, 200, result);
}
