import pg from 'pg';
import type { ImageFormat } from '../assets/sniffImage';
import type { Queryable } from './CommitLane';
import { CommitLane, bufferOf } from './CommitLane';
import { createPostgresSchema } from './postgresSchema';
import * as statements from './postgresStatements';
import { LIBRARY_COLUMNS, libraryRowOf, TOKEN_COLUMNS, tokenRowOf } from './postgresStatements';
import type { StoredToken } from './postgresStatements';
import type {
  AssetCaps,
  AssetInfoRow,
  AssetRefusal,
  AssetRow,
  CommitInfo,
  IntentKeyRow,
  LibraryEntryRow,
  RoomRow,
  Storage,
  StoredUpdates,
  TokenRow,
  WriteBatch,
} from './Storage';
import { AssetRefusedError } from './Storage';
import { mergeStoredLog } from './mergeLog';
import * as images from './postgresImages';

/**
 * The storage interface on PostgreSQL (`pg`), for several server processes sharing one database
 * (docs/scaling.md). Writes go through a commit lane (CommitLane.ts: one dedicated connection,
 * one transaction per event-loop turn, resolved after COMMIT with `synchronous_commit=on`), the
 * connection on which the process holds its rooms' locks (cluster/clusterOwnership.ts); reads go
 * through a small pool and see only committed rows.
 */

export interface PostgresStorageOptions {
  /** Read connections at most (the lanes' connections come on top: one each). */
  readonly poolSize?: number;
}

/** Every connection: commits wait for the WAL flush (persist before broadcast), whatever the server's default. */
const CONNECTION_OPTIONS = '-c synchronous_commit=on';

/** Open (creating the tables when missing) the database at `url`. */
export async function openPostgresStorage(
  url: string,
  options: PostgresStorageOptions = {},
): Promise<PostgresStorage> {
  const storage = new PostgresStorage(url, options);
  try {
    const client = await storage.pool.connect();
    await createPostgresSchema(client).finally(() => client.release());
    await storage.defaultLane();
  } catch (error) {
    await storage.close().catch(() => undefined);
    throw error;
  }
  return storage;
}

export class PostgresStorage implements Storage {
  readonly kind = 'postgres';
  readonly pool: pg.Pool;
  private lane: Promise<CommitLane> | undefined;
  /** `lane` once open. */
  private currentLane: CommitLane | undefined;
  private readonly lanes = new Set<CommitLane>();
  private readonly observers = new Set<(commit: CommitInfo) => void>();
  private closed = false;

  /** Use `openPostgresStorage`: it creates the tables first. */
  constructor(
    readonly url: string,
    options: PostgresStorageOptions = {},
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 4,
      options: CONNECTION_OPTIONS,
    });
    // An idle read connection that dies is dropped by the pool; the next read opens another.
    this.pool.on('error', (error) => console.error(`postgres: a read connection failed: ${error.message}`));
  }

  /**
   * A new commit lane on a connection of its own (CommitLane.ts): the ownership step takes a
   * room's advisory lock with `lane.run(...)` and commits that room's writes through it only.
   */
  async openLane(): Promise<CommitLane> {
    if (this.closed) throw new Error('the storage is closed');
    // Named with the process id: an operator (or a test) finds a process's lane in pg_stat_activity.
    const client = new pg.Client({
      connectionString: this.url,
      options: CONNECTION_OPTIONS,
      application_name: `icon-vtt lane ${process.pid}`,
    });
    await client.connect();
    if (this.closed) {
      await client.end();
      throw new Error('the storage is closed');
    }
    const lane: CommitLane = new CommitLane(
      client,
      (commit) => this.observers.forEach((observer) => observer(commit)),
      async () => {
        this.lanes.delete(lane);
        await client.end();
      },
    );
    this.lanes.add(lane);
    void lane.lost.then(() => this.lanes.delete(lane));
    return lane;
  }

  /**
   * The lane of every write. Once its connection is lost, writes are refused (LaneLostError)
   * until `renewLane()`: the rooms locked on the lost connection must be dropped first, so no
   * write of theirs can slip onto a connection that does not hold their locks.
   */
  defaultLane(): Promise<CommitLane> {
    if (!this.lane) {
      const opening = this.openLane();
      this.lane = opening;
      opening.then(
        (lane) => {
          if (this.lane === opening) this.currentLane = lane;
        },
        () => {
          if (this.lane === opening) this.lane = undefined; // the next write tries again
        },
      );
    }
    return this.lane;
  }

  /** A new lane in place of a lost one (cluster/clusterOwnership.ts, after dropping its rooms). */
  renewLane(): Promise<CommitLane> {
    if (this.currentLane?.isLost) {
      this.lane = undefined;
      this.currentLane = undefined;
    }
    return this.defaultLane();
  }

  /**
   * Run `use` on the default lane, synchronously when it is open: writes then reach the lane's
   * queue in call order, whatever the caller awaits in between.
   */
  private onLane<T>(use: (lane: CommitLane) => Promise<T>): Promise<T> {
    const lane = this.currentLane;
    if (lane) return use(lane); // a lost lane refuses (LaneLostError)
    return this.defaultLane().then(use);
  }

  private writeOne<T>(statements: (client: Queryable) => Promise<T>, updates = 0): Promise<T> {
    return this.onLane((lane) => lane.run(statements, updates));
  }

  private async read<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
    return (await this.pool.query<R>(sql, params)).rows;
  }

  private readonly reader: images.Read = (sql, params) => this.read(sql, params);

  // --- the update log --------------------------------------------------------------------------

  appendUpdate(doc: string, update: Uint8Array): Promise<void> {
    return this.onLane((lane) => lane.append(doc, update));
  }

  async write(build: (batch: WriteBatch) => void): Promise<void> {
    const ops: ((client: Queryable) => Promise<unknown>)[] = [];
    let updates = 0;
    build({
      createRoom: (id, settings) => ops.push((c) => statements.insertRoom(c, id, settings)),
      insertToken: (row) => ops.push((c) => statements.insertToken(c, row)),
      deleteToken: (hash) => ops.push((c) => c.query('DELETE FROM tokens WHERE token_hash = $1', [hash])),
      appendUpdate: (doc, update) => {
        updates += 1;
        ops.push((c) => c.query('INSERT INTO updates (doc, data) VALUES ($1, $2)', [doc, bufferOf(update)]));
      },
      putIntentKey: (row, max, maxAgeMs) => ops.push((c) => statements.putIntentKey(c, row, max, maxAgeMs)),
      setKv: (key, value) => ops.push((c) => statements.setKv(c, key, value)),
      putLibraryEntry: (row) => ops.push((c) => statements.putLibraryEntry(c, row)),
      putRoomAsset: (roomId, image, caps) =>
        ops.push(async (c) => {
          const refusal = await statements.putRoomAsset(c, roomId, image, caps);
          if (refusal) throw new AssetRefusedError(refusal);
        }),
    });
    return this.writeOne(async (client) => {
      for (const op of ops) await op(client);
    }, updates);
  }

  async readUpdates(doc: string): Promise<StoredUpdates> {
    const rows = await this.read<{ seq: string; data: Buffer }>(
      'SELECT seq, data FROM updates WHERE doc = $1 ORDER BY seq',
      [doc],
    );
    return {
      updates: rows.map((row) => row.data),
      lastSeq: rows.length ? Number(rows[rows.length - 1]!.seq) : 0,
    };
  }

  async countUpdates(doc: string): Promise<number> {
    const [row] = await this.read<{ n: number }>('SELECT COUNT(*)::int AS n FROM updates WHERE doc = $1', [
      doc,
    ]);
    return row!.n;
  }

  forgetDoc(doc: string): Promise<void> {
    return this.writeOne(async (c) => void (await c.query('DELETE FROM updates WHERE doc = $1', [doc])));
  }

  compact(doc: string, uptoSeq: number, merged: Uint8Array): Promise<void> {
    return this.writeOne(async (c) => {
      await c.query('DELETE FROM updates WHERE doc = $1 AND seq <= $2', [doc, uptoSeq]);
      await c.query('INSERT INTO updates (doc, data) VALUES ($1, $2)', [doc, bufferOf(merged)]);
    }, 1);
  }

  // --- rooms and tokens ------------------------------------------------------------------------

  compactLog(doc: string): Promise<number> {
    return mergeStoredLog(this, doc);
  }

  createRoom(id: string, settings?: unknown): Promise<void> {
    return this.writeOne((c) => statements.insertRoom(c, id, settings));
  }

  async getRoom(id: string): Promise<RoomRow | undefined> {
    const [row] = await this.read<RoomRow>(
      'SELECT id, created_at AS "createdAt", settings FROM rooms WHERE id = $1',
      [id],
    );
    return row && { ...row, createdAt: Number(row.createdAt) };
  }

  insertToken(row: TokenRow): Promise<void> {
    return this.writeOne((c) => statements.insertToken(c, row));
  }

  async getToken(tokenHash: string): Promise<TokenRow | undefined> {
    const [row] = await this.read<StoredToken>(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE token_hash = $1`, [
      tokenHash,
    ]);
    return row && tokenRowOf(row);
  }

  async roomTokens(roomId: string): Promise<TokenRow[]> {
    const rows = await this.read<StoredToken>(
      `SELECT ${TOKEN_COLUMNS} FROM tokens WHERE room_id = $1 ORDER BY ord`,
      [roomId],
    );
    return rows.map(tokenRowOf);
  }

  deleteToken(tokenHash: string): Promise<void> {
    return this.writeOne(
      async (c) => void (await c.query('DELETE FROM tokens WHERE token_hash = $1', [tokenHash])),
    );
  }

  replaceTokenHash(oldHash: string, newHash: string): Promise<boolean> {
    return this.writeOne(
      async (c) =>
        (await c.query('UPDATE tokens SET token_hash = $1 WHERE token_hash = $2', [newHash, oldHash]))
          .rowCount === 1,
    );
  }

  // --- intent keys, kv -------------------------------------------------------------------------

  async getIntentKey(roomId: string, tokenHash: string, key: string) {
    const [row] = await this.read<Pick<IntentKeyRow, 'intentHash' | 'result' | 'at'>>(
      'SELECT intent_hash AS "intentHash", result, at FROM intent_keys WHERE room_id = $1 AND token_hash = $2 AND key = $3',
      [roomId, tokenHash, key],
    );
    return row && { ...row, at: Number(row.at) };
  }

  putIntentKey(row: IntentKeyRow, max: number, maxAgeMs: number): Promise<void> {
    return this.writeOne((c) => statements.putIntentKey(c, row, max, maxAgeMs));
  }

  async getKv(key: string): Promise<string | undefined> {
    const [row] = await this.read<{ value: string }>('SELECT value FROM kv WHERE key = $1', [key]);
    return row?.value;
  }

  setKv(key: string, value: string): Promise<void> {
    return this.writeOne((c) => statements.setKv(c, key, value));
  }

  // --- the library -----------------------------------------------------------------------------

  createLibrary(id: string, keyHash: string): Promise<void> {
    return this.writeOne(
      async (c) =>
        void (await c.query('INSERT INTO libraries (id, key_hash, created_at) VALUES ($1, $2, $3)', [
          id,
          keyHash,
          Date.now(),
        ])),
    );
  }

  async libraryByKeyHash(keyHash: string): Promise<{ id: string; keyHash: string } | undefined> {
    const [row] = await this.read<{ id: string; keyHash: string }>(
      'SELECT id, key_hash AS "keyHash" FROM libraries WHERE key_hash = $1',
      [keyHash],
    );
    return row;
  }

  async libraryEntries(libraryId: string): Promise<LibraryEntryRow[]> {
    const rows = await this.read<LibraryEntryRow>(
      `SELECT ${LIBRARY_COLUMNS} FROM library_entries WHERE library_id = $1 ORDER BY kind COLLATE "C", name COLLATE "C", id COLLATE "C"`,
      [libraryId],
    );
    return rows.map(libraryRowOf);
  }

  async libraryEntry(libraryId: string, id: string): Promise<LibraryEntryRow | undefined> {
    const [row] = await this.read<LibraryEntryRow>(
      `SELECT ${LIBRARY_COLUMNS} FROM library_entries WHERE library_id = $1 AND id = $2`,
      [libraryId, id],
    );
    return row && libraryRowOf(row);
  }

  putLibraryEntry(row: LibraryEntryRow): Promise<void> {
    return this.writeOne((c) => statements.putLibraryEntry(c, row));
  }

  deleteLibraryEntry(libraryId: string, id: string): Promise<boolean> {
    return this.writeOne(
      async (c) =>
        ((await c.query('DELETE FROM library_entries WHERE library_id = $1 AND id = $2', [libraryId, id]))
          .rowCount ?? 0) > 0,
    );
  }

  async librarySize(libraryId: string): Promise<{ entries: number; bytes: number }> {
    const [row] = await this.read<{ entries: number; bytes: string }>(
      'SELECT COUNT(*)::int AS entries, COALESCE(SUM(octet_length(data)), 0) AS bytes FROM library_entries WHERE library_id = $1',
      [libraryId],
    );
    return { entries: row!.entries, bytes: Number(row!.bytes) };
  }

  // --- images ----------------------------------------------------------------------------------

  hasAsset(hash: string): Promise<boolean> {
    return images.hasAsset(this.reader, hash);
  }

  isAssetLinked(roomId: string, hash: string): Promise<boolean> {
    return images.isAssetLinked(this.reader, roomId, hash);
  }

  assetInfo(hash: string): Promise<AssetInfoRow | undefined> {
    return images.assetInfo(this.reader, hash);
  }

  assetImage(hash: string): Promise<{ format: ImageFormat; data: Uint8Array } | undefined> {
    return images.assetImage(this.reader, hash);
  }

  assetTile(hash: string, level: number, column: number, row: number): Promise<Uint8Array | undefined> {
    return images.assetTile(this.reader, hash, level, column, row);
  }

  roomImages(roomId: string): Promise<{ hash: string; data: Uint8Array }[]> {
    return images.roomImages(this.reader, roomId);
  }

  putRoomAsset(roomId: string, image: AssetRow | string, caps: AssetCaps): Promise<AssetRefusal | undefined> {
    return this.writeOne((c) => statements.putRoomAsset(c, roomId, image, caps));
  }

  // --- life ------------------------------------------------------------------------------------

  observeCommits(listener: (commit: CommitInfo) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.lanes].map((lane) => lane.close().catch(() => undefined)));
    await this.pool.end();
  }
}
