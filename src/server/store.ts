import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Journal } from './journal';
import { CHANNEL_ID_CHARS, createSchema } from './storeSchema';
import type { StorageWorker } from './storageWorker';
import { INLINE_CHECKPOINT_PAGES, startStorageWorker } from './storageWorker';

/**
 * The embedded store: one SQLite file (`<dataDir>/icon-vtt.sqlite`) holding rooms, access tokens
 * and an append-only log of Yjs updates per document. See docs/server.md for why SQLite and for
 * the exact durability guarantee.
 */

export interface RoomRow {
  readonly id: string;
  readonly createdAt: number;
  readonly settings: string;
}

export interface TokenRow {
  readonly tokenHash: string;
  readonly roomId: string;
  readonly role: 'gm' | 'player';
  readonly name: string;
  readonly characterIds: readonly string[];
  /**
   * A player invite's id and channel (storeSchema.ts `CHANNEL_ID_CHARS`): on insert, the start of
   * the token's hash unless given; kept when the invite gets a new link. None for the GM.
   */
  readonly channel?: string;
}

/** A token row as SQLite returns it: character ids still a JSON array string. */
type StoredTokenRow = Omit<TokenRow, 'characterIds' | 'channel'> & {
  readonly characterIds: string;
  readonly channel: string | null;
};

function tokenRowOf({ channel, ...raw }: StoredTokenRow): TokenRow {
  return {
    ...raw,
    characterIds: JSON.parse(raw.characterIds) as string[],
    ...(raw.role === 'player' ? { channel: channel ?? channelOfHash(raw.tokenHash) } : {}),
  };
}

/** The channel a new player token gets: the start of its hash. */
function channelOfHash(tokenHash: string): string {
  return tokenHash.slice(0, CHANNEL_ID_CHARS);
}

/**
 * `process` (default): every commit is written to the WAL file before it returns, so it survives
 * kill -9 and any crash of this process; an OS crash or power cut may lose the commits since the
 * last checkpoint. `full`: also fsync every commit, surviving power loss, at a latency cost
 * (docs/server/storage-and-durability.md).
 */
export type Durability = 'full' | 'process';

export type Synchronous = 'NORMAL' | 'FULL';

/**
 * SQLite's `synchronous` setting per durability, for BOTH connections (the main thread's and the
 * storage worker's): each connection syncs at its own setting. Under `process` a commit must
 * survive a killed process, not a power cut: NORMAL (in WAL mode no commit waits for an fsync).
 * Under `full` every commit is fsynced. The worker's connection once kept better-sqlite3's default
 * (NORMAL in WAL mode), so under `full` its compactions committed without the fsync the main
 * connection's commits get.
 */
export const SYNCHRONOUS: Readonly<Record<Durability, Synchronous>> = {
  process: 'NORMAL',
  full: 'FULL',
};

/** One campaign-library entry as stored: `data` is its JSON (src/server/library.ts checks it). */
export interface LibraryEntryRow {
  readonly libraryId: string;
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly data: string;
  readonly updatedAt: number;
}

/** An applied intent remembered by its idempotency key (per room and token). */
export interface IntentKeyRow {
  readonly roomId: string;
  readonly tokenHash: string;
  readonly key: string;
  /** SHA-256 of the intent's JSON: the same key with another intent is refused. */
  readonly intentHash: string;
  /** The answer's JSON, sent again on a retry. */
  readonly result: string;
  /** ms since the epoch. */
  readonly at: number;
}

export class Store {
  private readonly db: Database.Database;
  private readonly stmts;
  private readonly worker: StorageWorker;
  private readonly journal: Journal;

  /**
   * `checkpointIntervalMs`: how often the main thread looks whether this connection committed (the
   * worker then checkpoints the WAL); `journalRotateMs`: how often the update journal is handed to
   * the worker; `workerIdleMs`: how long the worker thread lives without a job (tests shorten or
   * stretch all three).
   */
  constructor(
    dataDir: string,
    readonly durability: Durability = 'process',
    options: { checkpointIntervalMs?: number; journalRotateMs?: number; workerIdleMs?: number } = {},
  ) {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'icon-vtt.sqlite');
    this.db = new Database(file);
    // WAL: readers never block the writer; appends are sequential writes to the -wal file.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${SYNCHRONOUS[durability]}`);
    this.db.pragma('foreign_keys = ON');
    createSchema(this.db);
    // Checkpoints run in a worker, never inside a commit on the hot path (storageWorker.ts).
    this.db.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
    // Asked to checkpoint whenever this connection committed since the last look.
    const totalChanges = this.db.prepare('SELECT total_changes()').pluck();
    let changesSeen = 0;
    this.worker = startStorageWorker(
      file,
      SYNCHRONOUS[durability],
      options.checkpointIntervalMs,
      (reason) => {
        console.error(`storage worker stopped (${reason}); checkpoints and compaction run inline again`);
        if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
      },
      () => {
        if (!this.db.open) return false;
        const changes = totalChanges.get() as number;
        const committed = changes !== changesSeen;
        changesSeen = changes;
        return committed;
      },
      options.workerIdleMs,
    );
    this.stmts = {
      insertRoom: this.db.prepare('INSERT INTO rooms (id, created_at, settings) VALUES (?, ?, ?)'),
      getRoom: this.db.prepare('SELECT id, created_at AS createdAt, settings FROM rooms WHERE id = ?'),
      insertToken: this.db.prepare(
        'INSERT INTO tokens (token_hash, room_id, role, name, character_ids, channel) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      getToken: this.db.prepare(
        'SELECT token_hash AS tokenHash, room_id AS roomId, role, name, character_ids AS characterIds, channel FROM tokens WHERE token_hash = ?',
      ),
      roomTokens: this.db.prepare(
        'SELECT token_hash AS tokenHash, room_id AS roomId, role, name, character_ids AS characterIds, channel FROM tokens WHERE room_id = ? ORDER BY rowid',
      ),
      deleteToken: this.db.prepare('DELETE FROM tokens WHERE token_hash = ?'),
      // The row keeps its rowid (so its place in the list), room, role, name, characters and channel.
      replaceTokenHash: this.db.prepare('UPDATE tokens SET token_hash = ? WHERE token_hash = ?'),
      append: this.db.prepare('INSERT INTO updates (doc, data) VALUES (?, ?)'),
      readUpdates: this.db.prepare('SELECT data FROM updates WHERE doc = ? ORDER BY seq'),
      countUpdates: this.db.prepare('SELECT COUNT(*) AS n FROM updates WHERE doc = ?'),
      deleteUpTo: this.db.prepare('DELETE FROM updates WHERE doc = ? AND seq <= ?'),
      getIntentKey: this.db.prepare(
        'SELECT intent_hash AS intentHash, result, at FROM intent_keys WHERE room_id = ? AND token_hash = ? AND key = ?',
      ),
      putIntentKey: this.db.prepare(
        'INSERT OR REPLACE INTO intent_keys (room_id, token_hash, key, intent_hash, result, at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      // Both use the (room_id, at) index: the age cut is a range delete; the count cut finds the
      // time of the max-th newest key and drops older ones (keys of that same ms all stay).
      pruneIntentKeysByAge: this.db.prepare('DELETE FROM intent_keys WHERE room_id = ? AND at < ?'),
      pruneIntentKeysByCount: this.db.prepare(
        'DELETE FROM intent_keys WHERE room_id = ? AND at < (SELECT at FROM intent_keys WHERE room_id = ? ORDER BY at DESC LIMIT 1 OFFSET ?)',
      ),
      getKv: this.db.prepare('SELECT value FROM kv WHERE key = ?'),
      setKv: this.db.prepare(
        'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
      insertLibrary: this.db.prepare('INSERT INTO libraries (id, key_hash, created_at) VALUES (?, ?, ?)'),
      libraryByKeyHash: this.db.prepare('SELECT id, key_hash AS keyHash FROM libraries WHERE key_hash = ?'),
      libraryEntries: this.db.prepare(
        'SELECT library_id AS libraryId, id, kind, name, data, updated_at AS updatedAt FROM library_entries WHERE library_id = ? ORDER BY kind, name, id',
      ),
      libraryEntry: this.db.prepare(
        'SELECT library_id AS libraryId, id, kind, name, data, updated_at AS updatedAt FROM library_entries WHERE library_id = ? AND id = ?',
      ),
      putLibraryEntry: this.db.prepare(
        'INSERT OR REPLACE INTO library_entries (library_id, id, kind, name, data, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      deleteLibraryEntry: this.db.prepare('DELETE FROM library_entries WHERE library_id = ? AND id = ?'),
      librarySize: this.db.prepare(
        'SELECT COUNT(*) AS entries, COALESCE(SUM(LENGTH(CAST(data AS BLOB))), 0) AS bytes FROM library_entries WHERE library_id = ?',
      ),
    };
    // Opened last: it imports what a killed process left before anything reads the log.
    this.journal = new Journal(
      dataDir,
      this.db,
      (generation, file) => (this.worker.running ? this.worker.importJournal(generation, file) : undefined),
      options.journalRotateMs,
    );
  }

  createRoom(id: string, settings: unknown = {}): void {
    this.stmts.insertRoom.run(id, Date.now(), JSON.stringify(settings));
  }

  getRoom(id: string): RoomRow | undefined {
    return this.stmts.getRoom.get(id) as RoomRow | undefined;
  }

  insertToken(row: TokenRow): void {
    this.stmts.insertToken.run(
      row.tokenHash,
      row.roomId,
      row.role,
      row.name,
      JSON.stringify(row.characterIds),
      row.role === 'player' ? (row.channel ?? channelOfHash(row.tokenHash)) : null,
    );
  }

  getToken(tokenHash: string): TokenRow | undefined {
    const raw = this.stmts.getToken.get(tokenHash) as StoredTokenRow | undefined;
    return raw && tokenRowOf(raw);
  }

  /** Every token of a room, oldest first. */
  roomTokens(roomId: string): TokenRow[] {
    return (this.stmts.roomTokens.all(roomId) as StoredTokenRow[]).map(tokenRowOf);
  }

  deleteToken(tokenHash: string): void {
    this.stmts.deleteToken.run(tokenHash);
  }

  /**
   * A token's new link: the row of `oldHash` answers to `newHash` from now on, everything else
   * about it unchanged (its channel too). One statement, so one atomic commit: after a crash the
   * old token works or the new one does, never both or neither. False when there was no such row.
   */
  replaceTokenHash(oldHash: string, newHash: string): boolean {
    return this.stmts.replaceTokenHash.run(newHash, oldHash).changes === 1;
  }

  /**
   * Synchronous append of an `updates` row: when this returns, the update is committed (see
   * Durability). Inside `transaction`, it commits with the rest.
   */
  appendUpdate(doc: string, update: Uint8Array): number {
    return Number(this.stmts.append.run(doc, update).lastInsertRowid);
  }

  /**
   * Commit one update by itself, outside any transaction: into the update journal under
   * DURABILITY=process (journal.ts: same guarantee, a fraction of the cost), else as a row.
   */
  appendAlone(doc: string, update: Uint8Array): void {
    if (this.durability === 'process') this.journal.append(doc, update);
    else this.appendUpdate(doc, update);
  }

  /**
   * Every stored update of a document: its rows, oldest first, then its journaled updates. Rows
   * and the import mark are read in one snapshot, so a journal file the worker has imported but
   * not yet reported is counted once, as rows.
   */
  readUpdates(doc: string): { updates: Uint8Array[] } {
    return this.snapshot(() => {
      const rows = this.stmts.readUpdates.all(doc) as { data: Buffer }[];
      return {
        updates: rows
          .map((row) => new Uint8Array(row.data.buffer, row.data.byteOffset, row.data.byteLength))
          .concat(this.journal.updatesOf(doc)),
      };
    });
  }

  countUpdates(doc: string): number {
    return this.snapshot(
      () => (this.stmts.countUpdates.get(doc) as { n: number }).n + this.journal.updatesOf(doc).length,
    );
  }

  /** `read` in one read transaction: what the storage worker commits meanwhile is not seen. */
  private snapshot<T>(read: () => T): T {
    return this.db.transaction(read).deferred();
  }

  /** Delete every stored update of `doc` (a revoked invite's channel doc). */
  forgetDoc(doc: string): void {
    this.journal.drain(); // else a journaled update would bring the doc back when imported
    this.stmts.deleteUpTo.run(doc, Number.MAX_SAFE_INTEGER);
  }

  /**
   * Compaction: replace every update of `doc` up to `uptoSeq` by one merged update, atomically.
   * `merged` must contain at least the state of those rows (the caller passes the live doc's state).
   */
  compact(doc: string, uptoSeq: number, merged: Uint8Array): void {
    this.journal.drain(); // journaled updates become rows first, merged with the rest
    this.db.transaction(() => {
      this.stmts.deleteUpTo.run(doc, uptoSeq);
      this.stmts.append.run(doc, merged);
    })();
  }

  /**
   * Compaction in the storage worker (off the event loop): resolves with the number of rows
   * merged into one. Undefined when the worker is not running: the caller compacts inline.
   */
  compactInBackground(doc: string): Promise<number> | undefined {
    if (!this.worker.running) return undefined;
    this.journal.rotate(); // the worker imports the journal first (it takes messages in order)
    return this.worker.compact(doc);
  }

  getIntentKey(
    roomId: string,
    tokenHash: string,
    key: string,
  ): Pick<IntentKeyRow, 'intentHash' | 'result' | 'at'> | undefined {
    return this.stmts.getIntentKey.get(roomId, tokenHash, key) as
      Pick<IntentKeyRow, 'intentHash' | 'result' | 'at'> | undefined;
  }

  /**
   * Remember an applied intent's key; call inside the transaction of its doc updates
   * (`CommitQueue.addWrite`). Keeps at most `max` keys per room, none older than `maxAgeMs`.
   */
  putIntentKey(row: IntentKeyRow, max: number, maxAgeMs: number): void {
    this.stmts.putIntentKey.run(row.roomId, row.tokenHash, row.key, row.intentHash, row.result, row.at);
    this.stmts.pruneIntentKeysByAge.run(row.roomId, row.at - maxAgeMs);
    this.stmts.pruneIntentKeysByCount.run(row.roomId, row.roomId, max - 1);
  }

  getKv(key: string): string | undefined {
    return (this.stmts.getKv.get(key) as { value: string } | undefined)?.value;
  }

  setKv(key: string, value: string): void {
    this.stmts.setKv.run(key, value);
  }

  createLibrary(id: string, keyHash: string): void {
    this.stmts.insertLibrary.run(id, keyHash, Date.now());
  }

  libraryByKeyHash(keyHash: string): { id: string; keyHash: string } | undefined {
    return this.stmts.libraryByKeyHash.get(keyHash) as { id: string; keyHash: string } | undefined;
  }

  /** Every entry of a library, by kind then name. */
  libraryEntries(libraryId: string): LibraryEntryRow[] {
    return this.stmts.libraryEntries.all(libraryId) as LibraryEntryRow[];
  }

  libraryEntry(libraryId: string, id: string): LibraryEntryRow | undefined {
    return this.stmts.libraryEntry.get(libraryId, id) as LibraryEntryRow | undefined;
  }

  /** Insert or replace one entry: committed (see Durability) when this returns. */
  putLibraryEntry(row: LibraryEntryRow): void {
    this.stmts.putLibraryEntry.run(row.libraryId, row.id, row.kind, row.name, row.data, row.updatedAt);
  }

  deleteLibraryEntry(libraryId: string, id: string): boolean {
    return this.stmts.deleteLibraryEntry.run(libraryId, id).changes > 0;
  }

  /** How many entries a library holds and their data's bytes (UTF-8), for its bounds. */
  librarySize(libraryId: string): { entries: number; bytes: number } {
    return this.stmts.librarySize.get(libraryId) as { entries: number; bytes: number };
  }

  /**
   * A prepared statement on the main connection, for stores of their own tables that share this
   * database and its durability (src/server/assets/assetStore.ts). Prepare once, not per request.
   */
  prepare(sql: string): Database.Statement {
    return this.db.prepare(sql);
  }

  /** Several writes as one atomic commit (room creation: room + token + seed updates). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * Close the store; resolves once the storage worker has closed its connection too. This
   * connection closes first, and only then is the worker asked to stop (storageWorker.ts `stop`:
   * two connections closing at the same instant both leave the -wal/-shm files).
   */
  close(): Promise<void> {
    this.journal.close();
    return this.worker.stop(() => this.db.close());
  }
}
