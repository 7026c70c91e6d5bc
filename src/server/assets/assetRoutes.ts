import type { IncomingMessage, ServerResponse } from 'node:http';
import { AssetHashSchema } from '../../schema/asset';
import type { Session } from '../auth';
import type { ServerContext } from '../context';
import { HttpError, roomMovedError, sendJson, tooManyRequests } from '../http/json';
import { describeRate } from '../limits';
import type { AssetPurpose } from './assetLimits';
import { MAX_UPLOAD_BYTES } from './assetLimits';
import type { AssetService } from './assetService';
import { assetsOf, busyError } from './assetService';
import { ImageJobsBusyError } from './imageJobs';
import type { CheckedImage } from './cutImage';
import { checkImage, checkPortrait, cutImage, sha256Hex } from './cutImage';
import { readImageBody } from './readImageBody';
import { IMAGE_CONTENT_TYPES } from './sniffImage';
import { channelOf } from '../permissions';
import { RoomElsewhereError, RoomRefusedError } from '../RoomManager';
import { bufferOf } from '../storage/CommitLane';
import { imagesPlayersReceive } from '../tableBridge';

/**
 * The image API (docs/server.md "Images"):
 *   POST /api/rooms/<roomId>/assets?purpose=map|portrait   raw image bytes → { hash, width, height }
 *   GET  /api/rooms/<roomId>/assets/<hash>                  → { hash, width, height, tileSize, levels }
 *   GET  /api/rooms/<roomId>/assets/<hash>/tiles/<level>/<column>/<row>   a WebP tile
 *   GET  /api/rooms/<roomId>/assets/<hash>/image            the image as stored
 * Every route needs a token of that room; a player's GET finds only the images a doc they receive
 * names (`receives`). An image is content-addressed, so every answer about it may be cached for
 * good (by that browser only: it needed a token).
 */

const CACHE_FOREVER = 'private, max-age=31536000, immutable';
const NO_SUCH_IMAGE = 'this room has no such image';

/** Handles the request when it is an image route; false when it is not one. */
export async function handleAssetRoute(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  parts: readonly string[],
  requireSession: (ctx: ServerContext, req: IncomingMessage) => Promise<Session>,
): Promise<boolean> {
  const [, first, roomId, third, hash, ...rest] = parts;
  if (first !== 'rooms' || third !== 'assets' || !roomId) return false;
  const method = req.method ?? 'GET';
  if (method === 'POST' && hash === undefined) {
    await upload(ctx, req, res, url, roomId, requireSession);
    return true;
  }
  if (method === 'GET' && hash !== undefined) {
    await serve(ctx, req, res, await requireSession(ctx, req), roomId, hash, rest);
    return true;
  }
  return false;
}

async function upload(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  roomId: string,
  requireSession: (ctx: ServerContext, req: IncomingMessage) => Promise<Session>,
): Promise<void> {
  const session = await requireSession(ctx, req);
  if (session.roomId !== roomId) throw new HttpError(403, 'this token belongs to another room');
  const purpose = url.searchParams.get('purpose');
  if (purpose !== 'map' && purpose !== 'portrait')
    throw new HttpError(400, 'say what the image is for: ?purpose=map or ?purpose=portrait');
  if (purpose === 'map' && session.role !== 'gm')
    throw new HttpError(403, 'only the GM may upload a map image');
  const service = assetsOf(ctx);
  const verdict = service.uploads.take(session.tokenHash);
  if (!verdict.ok) {
    const { burst, perSecond } = service.options.uploads;
    throw tooManyRequests(
      verdict.retryAfterMs,
      (seconds) =>
        `too many images uploaded from this link: at most ${describeRate(perSecond)} (bursts of ${burst}); try again in ${seconds} s`,
    );
  }
  const place = service.jobs.admit();
  if (!place) throw busyError();
  try {
    const bytes = await readImageBody(req, MAX_UPLOAD_BYTES[purpose]);
    // The body may come long after the headers: a link revoked meanwhile stores nothing.
    if ((await requireSession(ctx, req)).roomId !== roomId)
      throw new HttpError(403, 'this token belongs to another room');
    if (!(await ctx.storage.getRoom(roomId))) throw new HttpError(404, `no room ${roomId}`);
    const stored = await storeImage(service, roomId, bytes, purpose);
    sendJson(res, 200, stored);
  } catch (error) {
    if (error instanceof ImageJobsBusyError) throw busyError();
    throw error;
  } finally {
    place.leave();
  }
}

/**
 * Check, cut and store an image (or only link it when the same bytes are stored already), in one
 * SQLite transaction once everything is ready: a refused or failed image leaves nothing behind.
 */
async function storeImage(
  service: AssetService,
  roomId: string,
  bytes: Buffer,
  purpose: AssetPurpose,
): Promise<{ hash: string; width: number; height: number }> {
  const { store, options } = service;
  const known = async (hash: string) => {
    await store.put(roomId, hash, options);
    const info = (await store.info(hash))!;
    return { hash, width: info.width, height: info.height };
  };
  const uploaded = sha256Hex(bytes);
  if (await store.has(uploaded)) return known(uploaded);
  return service.jobs.run(async () => {
    const timeoutMs = options.jobTimeoutMs;
    const checked: CheckedImage =
      purpose === 'portrait' ? await checkPortrait(bytes, timeoutMs) : await checkImage(bytes, timeoutMs);
    if (await store.has(checked.hash)) return known(checked.hash);
    const cut = await cutImage(checked, options.jobTimeoutMs);
    await store.put(roomId, cut, options);
    return { hash: cut.hash, width: cut.width, height: cut.height };
  });
}

async function serve(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  roomId: string,
  hash: string,
  rest: readonly string[],
): Promise<void> {
  const { store } = assetsOf(ctx);
  // Another room's token learns nothing, not even whether the image exists: 404 like a bad id.
  // Nor does a player asking for an image no doc of theirs names (a handout to someone else).
  const visible =
    session.roomId === roomId &&
    AssetHashSchema.safeParse(hash).success &&
    (await store.isLinked(roomId, hash)) &&
    (await receives(ctx, session, roomId, hash));
  if (!visible) throw new HttpError(404, NO_SUCH_IMAGE);
  if (rest.length === 0) {
    const info = await store.info(hash);
    if (!info) throw new HttpError(404, NO_SUCH_IMAGE);
    return sendCached(
      req,
      res,
      `"${hash}.info"`,
      'application/json; charset=utf-8',
      Buffer.from(JSON.stringify(info)),
    );
  }
  if (rest.length === 1 && rest[0] === 'image') {
    const image = await store.image(hash);
    if (!image) throw new HttpError(404, NO_SUCH_IMAGE);
    return sendCached(req, res, `"${hash}"`, IMAGE_CONTENT_TYPES[image.format], bufferOf(image.data));
  }
  const [kind, ...numbers] = rest;
  if (kind === 'tiles' && numbers.length === 3 && numbers.every((n) => /^\d{1,5}$/.test(n))) {
    const [level, column, row] = numbers.map(Number) as [number, number, number];
    const tile = await store.tile(hash, level, column, row);
    if (!tile) throw new HttpError(404, 'this image has no such tile');
    return sendCached(req, res, `"${hash}.${level}.${column}.${row}"`, 'image/webp', bufferOf(tile));
  }
  throw new HttpError(404, `no image route ${rest.join('/')}`);
}

/**
 * Whether this link may see the image (docs/table/handouts.md "Pictures"): the GM every image of
 * the room; a player only one named by a doc they receive, the public doc or their own channel
 * doc (a battlemap, a portrait, a handout), read from a per-doc cache (tiles come by the hundred).
 */
async function receives(
  ctx: ServerContext,
  session: Session,
  roomId: string,
  hash: string,
): Promise<boolean> {
  if (session.role === 'gm') return true;
  let room;
  try {
    room = await ctx.rooms.load(roomId);
  } catch (error) {
    if (error instanceof RoomRefusedError) return false; // a room this build cannot open shows nothing
    if (error instanceof RoomElsewhereError) throw roomMovedError(error.message);
    throw error;
  }
  if (!room) return false;
  if (imagesPlayersReceive(room.public.doc, 'public').has(hash)) return true;
  const channel = channelOf(session);
  const own = channel === undefined ? undefined : room.channel(channel);
  return !!own && imagesPlayersReceive(own.doc, 'channel').has(hash);
}

/**
 * An answer that never changes for its URL: cached for a year, and 304 to a browser that shows
 * the ETag it has. Sent as stored, never compressed again (WebP, PNG and JPEG are compressed).
 */
function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  etag: string,
  type: string,
  body: Buffer,
): void {
  const headers = { etag, 'cache-control': CACHE_FOREVER };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': type, 'content-length': body.length });
  res.end(body);
}
