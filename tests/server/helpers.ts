import { SqliteStorage } from '../../src/server/storage/sqliteStorage';
import type { Store } from '../../src/server/store';
import type { ServerContext } from '../../src/server/context';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import { WebsocketProvider } from 'y-websocket';
import { fixedDice } from '../../src/lib/dice';
import type { Dice } from '../../src/lib/dice';
import { startServer } from '../../src/server/startServer';
import type { RunningServer, ServerOptions } from '../../src/server/startServer';
import { encodeSyncStep1 } from '../../src/server/protocol';
import type { Room } from '../../src/server/RoomManager';
import { connectTable } from '../../src/table/client';
import type { ConnectOptions, TableConnection } from '../../src/table/client';

/** A small valid map (src/schema/map.ts): 8×6 ground with a height-2 block. */
export const TEST_MAP = {
  schemaVersion: 1,
  kind: 'map',
  name: 'Test yard',
  width: 8,
  height: 6,
  cells: ['........', '........', '...##...', '........', '........', '........'],
  heights: ['00000000', '00220000', '00000000', '00000000', '00000000', '00000000'],
};

/**
 * Fresh temporary data directories for one test file, each removed after its test: call at the
 * top of the file, then `tempDir()` in a test.
 */
export function useTempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  // Retried: a store closing in the background (its storage worker) may still write a WAL file
  // while the folder is removed, which fails once with ENOTEMPTY (seen in a full run under load).
  afterEach(() =>
    dirs
      .splice(0)
      .forEach((dir) => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 })),
  );
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/**
 * A valid token (src/schema/token.ts) at (x, y): GM writes are validated by the server
 * (src/table/checkDocWrite.ts), so tests that write the docs directly write real values.
 */
export function tokenAt(id: string, x: number, y: number, extra: Record<string, unknown> = {}) {
  return { id, name: id, cell: { x, y }, size: 1, side: 'party', ownerIds: [], combatant: false, ...extra };
}

export interface TestServer {
  readonly server: RunningServer;
  readonly origin: string;
  readonly wsUrl: string;
  readonly dataDir: string;
  close(): Promise<void>;
}

export async function startTestServer(
  dice: Dice = fixedDice([]),
  options: Partial<ServerOptions> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-server-'));
  const server = await startServer({ port: 0, dataDir, dice, durability: 'process', ...options });
  return {
    server,
    origin: server.origin,
    wsUrl: server.origin.replace('http', 'ws') + '/ws',
    dataDir,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One in-process server shared by a `describe` block (see `useTestServer`). */
export interface ServerFixture {
  readonly server: TestServer;
  readonly origin: string;
  readonly wsUrl: string;
  readonly port: number;
  /** Clients to destroy when the block ends. */
  keep(...clients: { destroy(): void }[]): void;
  /** The server's loaded room (its authoritative docs); throws when there is none. */
  /** A room the server has loaded (a client connected or an intent came); throws otherwise. */
  room(roomId: string): Room;
  /** The room, loading it from storage when nobody has opened it yet. */
  loadRoom(roomId: string): Promise<Room>;
  /** The table client a page uses (src/table/client.ts) on this server, kept; not awaited synced. */
  table(roomId: string, token: string, options?: Partial<ConnectOptions>): Promise<TableConnection>;
}

/**
 * Starts a server before the enclosing `describe` block's tests and, after them, destroys every
 * kept client and closes it (removing its data directory).
 */
export function useTestServer(dice?: Dice, options?: Partial<ServerOptions>): ServerFixture {
  let started: TestServer | undefined;
  const kept: { destroy(): void }[] = [];
  beforeAll(async () => {
    started = await startTestServer(dice, options);
  });
  afterAll(async () => {
    kept.forEach((client) => client.destroy());
    await started?.close();
  });
  const server = (): TestServer => {
    if (!started) throw new Error('the test server is not started yet (use it inside a test or hook)');
    return started;
  };
  return {
    get server() {
      return server();
    },
    get origin() {
      return server().origin;
    },
    get wsUrl() {
      return server().wsUrl;
    },
    get port() {
      return server().server.port;
    },
    keep(...clients) {
      kept.push(...clients);
    },
    room(roomId) {
      const room = server().server.ctx.rooms.loaded(roomId);
      if (!room) throw new Error(`the server has not loaded room '${roomId}' (loadRoom loads it)`);
      return room;
    },
    async loadRoom(roomId) {
      const room = await server().server.ctx.rooms.load(roomId);
      if (!room) throw new Error(`the server has no room '${roomId}'`);
      return room;
    },
    async table(roomId, token, options = {}) {
      const connection = await connectTable({
        serverUrl: server().origin,
        roomId,
        token,
        WebSocketPolyfill: WebSocket,
        ...options,
      });
      kept.push(connection);
      return connection;
    },
  };
}

export async function api<T = Record<string, unknown>>(
  origin: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; rawBody?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(origin + path, {
    method: options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET'),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'content-type': 'application/json',
    },
    ...(options.rawBody !== undefined
      ? { body: options.rawBody }
      : options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function createRoom(
  origin: string,
  body: unknown = { map: TEST_MAP },
): Promise<{ roomId: string; gmToken: string }> {
  const { status, body: created } = await api<{ roomId: string; gmToken: string; reason?: string }>(
    origin,
    '/api/rooms',
    { body },
  );
  if (status !== 200) throw new Error(`room creation failed: ${status} ${created.reason}`);
  return created;
}

export async function invite(
  origin: string,
  roomId: string,
  gmToken: string,
  name: string,
  characterIds: string[] = [],
): Promise<string> {
  const { status, body } = await api<{ token: string }>(origin, `/api/rooms/${roomId}/invites`, {
    token: gmToken,
    body: { name, characterIds },
  });
  if (status !== 200) throw new Error(`invite failed: ${status}`);
  return body.token;
}

export interface TestClient {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  readonly synced: Promise<void>;
  destroy(): void;
}

/** A stock y-websocket client, as the browser uses it. */
export function connectClient(wsUrl: string, docName: string, token: string): TestClient {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(wsUrl, docName, doc, {
    params: { token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    maxBackoffTime: 200,
  });
  const synced = new Promise<void>((resolve) => {
    if (provider.synced) resolve();
    provider.on('sync', (isSynced: boolean) => isSynced && resolve());
  });
  return {
    doc,
    provider,
    synced,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

/**
 * Until `check` holds (it may ask something asynchronous: a query, a request that may fail until
 * a process listens, which counts as not yet), polling every 10 ms; throws naming `what`.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const start = Date.now();
  const holds = async () => {
    try {
      return await check();
    } catch {
      return false;
    }
  };
  while (!(await holds())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A raw websocket that records every frame it receives and can speak the sync protocol by hand:
 * used to inspect exactly what the server sends and to send frames no stock client would.
 */
export class RawClient {
  readonly frames: Buffer[] = [];
  closeCode: number | undefined;
  closeReason = '';
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  upgradeStatus: number | undefined;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.frames.push(Buffer.from(data)));
    ws.on('unexpected-response', (_req, res) => {
      this.upgradeStatus = res.statusCode;
      ws.terminate();
    });
    ws.on('error', () => {});
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('close', () => reject(new Error(`socket closed before opening (HTTP ${this.upgradeStatus})`)));
    });
    this.opened.catch(() => {});
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        resolve(code);
      }),
    );
  }

  static connect(wsUrl: string, docName: string, token: string | undefined): RawClient {
    const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
    return new RawClient(new WebSocket(`${wsUrl}/${docName}${query}`));
  }

  send(frame: Uint8Array | string): void {
    this.ws.send(frame);
  }

  /** Ask for the whole doc: the server answers with a sync step 2 carrying everything. */
  requestState(): void {
    this.send(encodeSyncStep1(Y.encodeStateVector(new Y.Doc())));
  }

  /** Apply every received sync payload (step 2 and updates) to a fresh doc. */
  replayInto(doc: Y.Doc): void {
    for (const frame of this.frames) {
      const decoder = decoding.createDecoder(frame);
      if (decoding.readVarUint(decoder) !== 0) continue;
      const step = decoding.readVarUint(decoder);
      if (step === 1 || step === 2) Y.applyUpdate(doc, decoding.readVarUint8Array(decoder));
    }
  }

  allBytes(): Buffer {
    return Buffer.concat(this.frames);
  }
}

/** The sample party's characters (encounters/parties/sample-party.json). */
export const SAMPLE_CHARACTERS = (
  JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as { characters: unknown[] }
).characters;

/** A GM at the table: both docs synced over real websockets, and every close code they got. */
export interface GmTable {
  readonly roomId: string;
  readonly pub: TestClient;
  readonly sec: TestClient;
  readonly docs: { public: Y.Doc; secrets: Y.Doc };
  /** Close codes the GM's sockets received (a refused write closes with 4403). */
  readonly closes: number[];
}

/** A room on TEST_MAP with the first `characters` of the sample party, the GM connected to it. */
export async function gmTable(server: ServerFixture, characters: number): Promise<GmTable> {
  const room = await createRoom(server.origin, {
    map: TEST_MAP,
    party: { schemaVersion: 1, kind: 'party', name: 'P', characters: SAMPLE_CHARACTERS.slice(0, characters) },
  });
  const pub = connectClient(server.wsUrl, room.roomId, room.gmToken);
  const sec = connectClient(server.wsUrl, `${room.roomId}~secrets`, room.gmToken);
  server.keep(pub, sec);
  await Promise.all([pub.synced, sec.synced]);
  const closes: number[] = [];
  for (const client of [pub, sec])
    client.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));
  return { roomId: room.roomId, pub, sec, docs: { public: pub.doc, secrets: sec.doc }, closes };
}

/** The embedded store under a SQLite-backed test server, for tests that read its rows. */
export function storeOf(ctx: ServerContext): Store {
  const storage = ctx.storage;
  if (!(storage instanceof SqliteStorage)) throw new Error('this test server does not run on SQLite');
  return storage.store;
}
