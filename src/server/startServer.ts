import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Dice } from '../lib/dice';
import { loadDiceNotation } from '../table/dice/notation';
import { authenticate } from './auth';
import type { Session } from './auth';
import type { Room } from './RoomManager';
import { Connection } from './Connection';
import type { ServerContext } from './context';
import { handleApi } from './http/api';
import { serveStatic } from './http/staticFiles';
import { securityHeaders } from './http/securityHeaders';
import { canOpenDoc, parseDocName } from './permissions';
import type { DocRef } from './permissions';
import { RoomElsewhereError, RoomManager, RoomRefusedError } from './RoomManager';
import { followHandoutTakeBacks, followPartySight, followPlayerSight, migrateRoomDocs } from './tableBridge';
import { inviteName, isLiveInvite, listInvites } from './invites';
import { sameDiceForEveryRoom } from './roomDice';
import type { RoomDice } from './roomDice';
import { Store } from './store';
import type { Storage } from './storage/Storage';
import { SqliteStorage } from './storage/sqliteStorage';
import { openPostgresStorage } from './storage/postgresStorage';
import { ClusterOwnership } from './cluster/clusterOwnership';
import { TokenBucket } from './TokenBucket';
import {
  CLOSE_RATE_LIMITED,
  CLOSE_REVOKED,
  CLOSE_ROOM_MOVED,
  CLOSE_ROOM_UNAVAILABLE,
  REVOKED_REASON,
} from '../table/wireCodes';
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
  /**
   * PostgreSQL instead of SQLite in `dataDir` (`DATABASE_URL`): several server processes behind a
   * proxy, each room served by the one holding its lock (docs/scaling.md).
   */
  readonly databaseUrl?: string;
  /**
   * What the cluster measurements need (`npm run load:cluster`, EVENTS_FILE): when this process
   * starts and stops serving a room, and each group commit's size and time.
   */
  readonly onEvent?: (event: ServerEvent) => void;
}

export type ServerEvent =
  | { readonly kind: 'serving'; readonly roomId: string; readonly serving: boolean }
  | { readonly kind: 'commit'; readonly updates: number; readonly writes: number; readonly ms: number };

/** Close reasons of a room's sockets when another process takes it over (the client reconnects). */
const MOVED_REASON = 'this room moved to another server process; reconnecting';
const LOST_REASON = 'this server lost its database connection; reconnecting';

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
  let storage: Storage;
  let ownership: ClusterOwnership | undefined;
  if (options.databaseUrl) {
    const postgres = await openPostgresStorage(options.databaseUrl);
    storage = postgres;
    ownership = await ClusterOwnership.open(postgres, {
      onLost: () => rooms.dropAll(CLOSE_ROOM_MOVED, LOST_REASON),
      onWanted: (roomId) =>
        void rooms
          .handOver(roomId, CLOSE_ROOM_MOVED, MOVED_REASON)
          .catch((error: unknown) => console.error(`room ${roomId}: handover failed:`, error)),
    });
  } else storage = new SqliteStorage(new Store(options.dataDir, options.durability ?? 'process'));
  const rooms: RoomManager = new RoomManager(
    storage,
    options.idleUnloadMs,
    (room) => {
      migrateRoomDocs(room.id, room.public.doc, room.secrets.doc);
      // A handout the GM takes back leaves its player's channel too (docs/table/handouts.md).
      followHandoutTakeBacks(room.secrets.doc, (channel) =>
        inviteName(room, channel) === undefined ? undefined : room.channel(channel)?.doc,
      );
      // Fog of war follows every change of positions, map or settings (docs/ui/vision.md).
      followPartySight({ public: room.public.doc, secrets: room.secrets.doc });
      // Per-player fog: each player's channel carries the characters only they see.
      const sight = followPlayerSight(
        { public: room.public.doc, secrets: room.secrets.doc },
        () => listInvites(room).map((i) => ({ channel: i.id, characterIds: i.characterIds })),
        (channel) => room.loadedChannel(channel)?.doc,
      );
      room.onChannelLoad = (channel) => sight.sync(channel);
      room.resyncChannels = () => sight.sync();
    },
    ownership,
    (roomId, serving) => options.onEvent?.({ kind: 'serving', roomId, serving }),
  );
  if (options.onEvent) {
    const onEvent = options.onEvent;
    storage.observeCommits((commit) => onEvent({ kind: 'commit', ...commit }));
  }
  const ctx: ServerContext = {
    storage,
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
    upgrade(ctx, wss, req, socket, head).catch((error: unknown) => {
      console.error('websocket upgrade failed:', error);
      if (socket.writable) socket.end(httpRefusal(500, 'Internal Server Error'));
      else socket.destroy();
    });
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
      await rooms.close();
      await ownership?.close();
      // Resolved only when no connection is open: DATA_DIR's files no longer change (tests read them).
      await storage.close();
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
 * upgrade would reach the browser as a bare "error" with no reason); one another process serves
 * with CLOSE_ROOM_MOVED (the client reconnects and the proxy brings it there).
 */
async function upgrade(
  ctx: ServerContext,
  wss: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): Promise<void> {
  const verdict = await admit(ctx, req);
  if (typeof verdict.status === 'number' && verdict.status !== 200) {
    socket.end(httpRefusal(verdict.status, verdict.text, verdict.retryAfter));
    return;
  }
  if (socket.destroyed) return; // the client left while its room was read
  wss.handleUpgrade(req, socket, head, (ws) => {
    if (verdict.status === 'unavailable') return ws.close(CLOSE_ROOM_UNAVAILABLE, verdict.reason);
    if (verdict.status === 'moved') return ws.close(CLOSE_ROOM_MOVED, MOVED_REASON);
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
      // The room as admitted: still loaded here (not unloaded, failed or handed over since).
      const { room, ref } = verdict;
      if (ctx.rooms.loaded(room.id) !== room) return ws.close(CLOSE_ROOM_MOVED, MOVED_REASON);
      room.lastActive = Date.now();
      // A revoked invite's socket admitted while the revocation committed is refused here.
      if (verdict.session.role === 'player' && !isLiveInvite(room, tokenHash))
        return ws.close(CLOSE_REVOKED, REVOKED_REASON);
      const shared = ref.kind === 'channel' ? room.channel(ref.channel) : room.doc(ref.kind);
      if (!shared) return ws.close(1013, 'too many players are connected to this room; try again later');
      new Connection(ws, verdict.session, shared, ctx.limits);
    } catch (error) {
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
      room: Room;
      session: Session;
    }
  | { status: 'unavailable'; reason: string }
  | { status: 'moved' }
  | { status: 400 | 401 | 403 | 404 | 429; text: string; retryAfter?: number };

/** Decide at the HTTP upgrade: `/ws/<docName>?token=<token>`. */
async function admit(ctx: ServerContext, req: IncomingMessage): Promise<Admission> {
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
  const session = await authenticate(ctx.storage, url.searchParams.get('token'));
  const status = canOpenDoc(session, ref);
  if (status === 401) {
    // Counted with the HTTP API's failed logins: guessing tokens over websockets is no cheaper.
    const verdict = ctx.limits.authFailures.take(req.socket.remoteAddress ?? 'unknown');
    if (!verdict.ok)
      return { status: 429, text: 'Too Many Requests', retryAfter: retryAfterSeconds(verdict.retryAfterMs) };
    return { status, text: 'Unauthorized' };
  }
  if (status === 403 || !session) return { status: 403, text: 'Forbidden' };
  let room: Room | undefined;
  try {
    room = await ctx.rooms.load(roomId);
  } catch (error) {
    // A stored room this build cannot read (logged once by the room manager).
    if (error instanceof RoomRefusedError) return { status: 'unavailable', reason: error.brief };
    if (error instanceof RoomElsewhereError) return { status: 'moved' };
    throw error;
  }
  if (!room) return { status: 404, text: 'Not Found' };
  return { status: 200, text: 'OK', ref, room, session };
}
