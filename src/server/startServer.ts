import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Dice } from '../lib/dice';
import { loadDiceNotation } from '../table/dice/notation';
import { authenticate } from './auth';
import { Connection } from './Connection';
import type { ServerContext } from './context';
import { handleApi } from './http/api';
import { serveStatic } from './http/staticFiles';
import { securityHeaders } from './http/securityHeaders';
import { canOpenDoc, parseDocName } from './permissions';
import type { DocRef } from './permissions';
import { RoomManager, RoomRefusedError } from './RoomManager';
import { followHandoutTakeBacks, followPartySight, followPlayerSight, migrateRoomDocs } from './tableBridge';
import { inviteName, listInvites } from './invites';
import { sameDiceForEveryRoom } from './roomDice';
import type { RoomDice } from './roomDice';
import { Store } from './store';
import { TokenBucket } from './TokenBucket';
import { CLOSE_RATE_LIMITED, CLOSE_ROOM_UNAVAILABLE } from '../table/wireCodes';
import {
  createRequestLimits,
  HEADERS_TIMEOUT_MS,
  MAX_SOCKETS_PER_TOKEN,
  REQUEST_TIMEOUT_MS,
  retryAfterSeconds,
  SOCKET_LIMIT_TEXT,
} from './limits';
import type { RequestLimitOptions } from './limits';
import type { Durability } from './store';
import { DEFAULT_LIBRARIES_PER_HOUR } from '../schema/library';

/** Frames larger than this (bytes) close the socket with 1009; a full 200×200 map sync fits. */
export const MAX_FRAME_BYTES = 1024 * 1024;

export interface ServerOptions {
  readonly port: number;
  readonly host?: string;
  readonly dataDir: string;
  /** One source for every room, or each room's own (`--fixed-dice-rooms`, src/server/roomDice.ts). */
  readonly dice: Dice | RoomDice;
  readonly rootDir?: string;
  readonly distDir?: string;
  readonly durability?: Durability;
  readonly idleUnloadMs?: number;
  /**
   * Rooms one client address may create or import per hour (all at once, then refilling
   * steadily); 0 = no limit. Default `DEFAULT_ROOMS_PER_HOUR`.
   */
  readonly roomsPerHour?: number;
  /** Campaign libraries one client address may start per hour; 0 = no limit. Default `DEFAULT_LIBRARIES_PER_HOUR`. */
  readonly librariesPerHour?: number;
  /** Request rate limits; defaults in `DEFAULT_REQUEST_LIMITS` (src/server/limits.ts). */
  readonly limits?: Partial<RequestLimitOptions>;
  /** The rate limits' clock (default `Date.now`): tests that check a Retry-After exactly hold it. */
  readonly limitsClock?: () => number;
}

/** Generous for a GM (who creates a room a session), small enough that a script cannot fill the disk. */
export const DEFAULT_ROOMS_PER_HOUR = 30;

export interface RunningServer {
  readonly port: number;
  readonly origin: string;
  readonly ctx: ServerContext;
  readonly http: Server;
  close(): Promise<void>;
}

/** Start the HTTP + websocket server; resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const rootDir = options.rootDir ?? process.cwd();
  const roomsPerHour = options.roomsPerHour ?? DEFAULT_ROOMS_PER_HOUR;
  const librariesPerHour = options.librariesPerHour ?? DEFAULT_LIBRARIES_PER_HOUR;
  const store = new Store(options.dataDir, options.durability ?? 'process');
  const rooms = new RoomManager(store, options.idleUnloadMs, (room) => {
    migrateRoomDocs(room.id, room.public.doc, room.secrets.doc);
    // A handout the GM takes back leaves its player's channel too (docs/table/handouts.md).
    followHandoutTakeBacks(room.secrets.doc, (channel) =>
      inviteName(ctx, room.id, channel) === undefined ? undefined : room.channel(channel)?.doc,
    );
    // Fog of war follows every change of positions, map or settings (docs/ui/vision.md).
    followPartySight({ public: room.public.doc, secrets: room.secrets.doc });
    // Per-player fog: each player's channel carries the characters only they see.
    const sight = followPlayerSight(
      { public: room.public.doc, secrets: room.secrets.doc },
      () => listInvites(ctx, room.id).map((i) => ({ channel: i.id, characterIds: i.characterIds })),
      (channel) => room.loadedChannel(channel)?.doc,
    );
    room.onChannelLoad = (channel) => sight.sync(channel);
    room.resyncChannels = () => sight.sync();
  });
  const ctx: ServerContext = {
    store,
    rooms,
    dice: typeof options.dice === 'function' ? options.dice : sameDiceForEveryRoom(options.dice),
    rootDir,
    dataDir: options.dataDir,
    distDir: options.distDir ?? `${rootDir}/dist`,
    roomCreation: roomsPerHour > 0 ? new TokenBucket(roomsPerHour, 3_600_000) : null,
    libraryCreation: librariesPerHour > 0 ? new TokenBucket(librariesPerHour, 3_600_000) : null,
    limits: createRequestLimits(options.limits, options.limitsClock),
    openSockets: new Map(),
  };

  // Timeouts are checked every second (Node's default is every 30 s).
  const http = createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
    for (const [name, value] of Object.entries(securityHeaders(req.headers.host))) res.setHeader(name, value);
    if ((req.url ?? '').startsWith('/api/')) {
      void handleApi(ctx, req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    serveStatic(ctx.distDir, req, res);
  });
  // Slow clients (headers or a body trickled byte by byte) cannot hold sockets open for minutes.
  http.headersTimeout = HEADERS_TIMEOUT_MS;
  http.requestTimeout = REQUEST_TIMEOUT_MS;
  // A client that sends garbage instead of HTTP gets a 400 (too slow: 408) and is dropped; nobody
  // else notices.
  http.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = timedOut ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Nothing may throw out of this handler: an exception here would end the whole process.
    try {
      upgrade(ctx, wss, req, socket, head);
    } catch (error) {
      console.error('websocket upgrade failed:', error);
      if (socket.writable) socket.end(httpRefusal(500, 'Internal Server Error'));
      else socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  // After listening, not before: a slow machine still answers soon (table/dice/notation.ts).
  setImmediate(() =>
    loadDiceNotation().catch((error: unknown) =>
      console.error(`dice notation not loaded yet (${String(error)}); the first roll tries again`),
    ),
  );
  const shownHost =
    !options.host || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    port,
    origin: `http://${shownHost}:${port}`,
    ctx,
    http,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      rooms.close();
      // Resolved only when no connection is open: DATA_DIR's files no longer change (tests read them).
      await store.close();
    },
  };
}

function httpRefusal(status: number, text: string, retryAfter?: number): string {
  const wait = retryAfter ? `Retry-After: ${retryAfter}\r\n` : '';
  return `HTTP/1.1 ${status} ${text}\r\n${wait}Connection: close\r\nContent-Length: 0\r\n\r\n`;
}

/**
 * Admit (or refuse) one websocket. A room that cannot be opened gets an open socket closed at
 * once with CLOSE_ROOM_UNAVAILABLE and a reason the client can show (an HTTP error at the
 * upgrade would reach the browser as a bare "error" with no reason).
 */
function upgrade(
  ctx: ServerContext,
  wss: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
) {
  const verdict = admit(ctx, req);
  if (verdict.status !== 200 && verdict.status !== 'unavailable') {
    socket.end(httpRefusal(verdict.status, verdict.text, verdict.retryAfter));
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    if (verdict.status === 'unavailable') return ws.close(CLOSE_ROOM_UNAVAILABLE, verdict.reason);
    const { tokenHash } = verdict.session;
    const open = ctx.openSockets.get(tokenHash) ?? 0;
    if (open >= MAX_SOCKETS_PER_TOKEN) return ws.close(CLOSE_RATE_LIMITED, SOCKET_LIMIT_TEXT);
    ctx.openSockets.set(tokenHash, open + 1);
    ws.once('close', () => {
      const left = (ctx.openSockets.get(tokenHash) ?? 1) - 1;
      if (left > 0) ctx.openSockets.set(tokenHash, left);
      else ctx.openSockets.delete(tokenHash);
    });
    try {
      const room = ctx.rooms.get(verdict.ref.roomId);
      if (!room) return ws.close(4404, 'room unloaded'); // `get` marked it active
      const ref = verdict.ref;
      // A channel is loaded on demand: admission checked it is this live invite's own.
      const shared = ref.kind === 'channel' ? room.channel(ref.channel) : room.doc(ref.kind);
      if (!shared) return ws.close(1013, 'too many players are connected to this room; try again later');
      new Connection(ws, verdict.session, shared, ctx.limits);
    } catch (error) {
      if (error instanceof RoomRefusedError) return ws.close(CLOSE_ROOM_UNAVAILABLE, error.brief);
      console.error('websocket connection failed:', error);
      ws.close(1011, 'the server could not open this connection');
    }
  });
}

type Admission =
  | {
      status: 200;
      text: 'OK';
      ref: DocRef;
      session: NonNullable<ReturnType<typeof authenticate>>;
    }
  | { status: 'unavailable'; reason: string }
  | { status: 400 | 401 | 403 | 404 | 429; text: string; retryAfter?: number };

/** Decide at the HTTP upgrade: `/ws/<docName>?token=<token>`. */
function admit(ctx: ServerContext, req: IncomingMessage): Admission {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return { status: 400, text: 'Bad Request' };
  }
  const match = /^\/ws\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1]) return { status: 404, text: 'Not Found' };
  let docName: string;
  try {
    docName = decodeURIComponent(match[1]);
  } catch {
    return { status: 400, text: 'Bad Request' };
  }
  const ref = parseDocName(docName);
  const { roomId } = ref;
  const session = authenticate(ctx.store, url.searchParams.get('token'));
  const status = canOpenDoc(session, ref);
  if (status === 401) {
    // Counted with the HTTP API's failed logins: guessing tokens over websockets is no cheaper.
    const verdict = ctx.limits.authFailures.take(req.socket.remoteAddress ?? 'unknown');
    if (!verdict.ok)
      return { status: 429, text: 'Too Many Requests', retryAfter: retryAfterSeconds(verdict.retryAfterMs) };
    return { status, text: 'Unauthorized' };
  }
  if (status === 403 || !session) return { status: 403, text: 'Forbidden' };
  try {
    if (!ctx.rooms.get(roomId)) return { status: 404, text: 'Not Found' };
  } catch (error) {
    // A stored room this build cannot read (logged once by the room manager).
    if (error instanceof RoomRefusedError) return { status: 'unavailable', reason: error.brief };
    throw error;
  }
  return { status: 200, text: 'OK', ref, session };
}
