import type { Store } from '../store';
import type {
  AssetCaps,
  AssetInfoRow,
  AssetRefusal,
  AssetRow,
  CommitInfo,
  IntentKeyRow,
  LibraryEntryRow,
  Storage,
  StoredUpdates,
  TokenRow,
  WriteBatch,
} from './Storage';
import { AssetRefusedError, assetRefusal } from './Storage';
import { mergeStoredLog } from './mergeLog';
import type { ImageFormat } from '../assets/sniffImage';
import type { TileLevel } from '../../schema/tilePyramid';

/**
 * The storage interface over the embedded store (store.ts), by delegation: Store's behaviour
 * (journal, storage worker, WAL, durability) is untouched. Writes queue and commit once per
 * event-loop turn, in call order: a lone append goes through `Store.appendAlone` (the journal
 * under DURABILITY=process), several writes share one SQLite transaction, each batch in a
 * savepoint of its own (better-sqlite3 nests transactions as savepoints), so a batch that fails
 * fails alone. Compaction and forgetting a doc commit by themselves: both import the journal
 * first, which is a transaction of its own.
 */

interface Pending {
  /** A plain append: alone in its turn, it goes to the journal. */
  readonly append?: { readonly doc: string; readonly update: Uint8Array };
  readonly run?: () => unknown;
  /** Commits outside the turn's transaction (it drains the journal: store.ts). */
  readonly alone: boolean;
  readonly updates: number;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** A doc name no doc has (docs are named after room ids): see `readUpdates`. */
const NO_DOC = '\u0000no doc';

/** The Store's writes a batch may make; every one runs inside the turn's transaction. */
type Op = () => unknown;

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite';
  private queue: Pending[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private readonly observers = new Set<(commit: CommitInfo) => void>();
  private readonly stmts;
  private closed = false;

  /** `store` is owned from now on: `close()` closes it. */
  constructor(readonly store: Store) {
    this.appendNow =
      store.durability === 'process' ? (doc, update) => this.appendAtOnce(doc, update) : undefined;
    this.stmts = {
      lastSeq: store.prepare('SELECT COALESCE(MAX(seq), 0) FROM updates WHERE doc = ?').pluck(),
      rowCount: store.prepare('SELECT COUNT(*) FROM updates WHERE doc = ?').pluck(),
      hasAsset: store.prepare('SELECT 1 FROM assets WHERE hash = ?').pluck(),
      assetInfo: store.prepare(
        'SELECT hash, width, height, tile_size AS tileSize, levels FROM assets WHERE hash = ?',
      ),
      assetImage: store.prepare('SELECT format, data FROM assets WHERE hash = ?'),
      assetTile: store
        .prepare('SELECT data FROM asset_tiles WHERE hash = ? AND level = ? AND col = ? AND row = ?')
        .pluck(),
      linked: store.prepare('SELECT 1 FROM room_assets WHERE room_id = ? AND hash = ?').pluck(),
      usage: store.prepare(
        'SELECT COUNT(*) AS count, COALESCE(SUM(LENGTH(a.data)), 0) AS bytes FROM room_assets r JOIN assets a ON a.hash = r.hash WHERE r.room_id = ?',
      ),
      assetSize: store.prepare('SELECT LENGTH(data) FROM assets WHERE hash = ?').pluck(),
      insertAsset: store.prepare(
        'INSERT OR IGNORE INTO assets (hash, format, width, height, tile_size, levels, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertTile: store.prepare(
        'INSERT OR IGNORE INTO asset_tiles (hash, level, col, row, data) VALUES (?, ?, ?, ?, ?)',
      ),
      link: store.prepare('INSERT OR IGNORE INTO room_assets (room_id, hash) VALUES (?, ?)'),
      roomImages: store.prepare(
        'SELECT a.hash, a.data FROM room_assets r JOIN assets a ON a.hash = r.hash WHERE r.room_id = ? ORDER BY r.rowid',
      ),
    };
  }

  // --- the write queue -------------------------------------------------------------------------

  private enqueue<T>(item: Omit<Pending, 'resolve' | 'reject'>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the storage is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ...item, resolve: resolve as (result: unknown) => void, reject });
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Commit everything queued now, in order (the turn's end does it; so does close). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const items = this.queue;
    this.queue = [];
    for (let i = 0; i < items.length;) {
      let end = i + 1;
      if (!items[i]!.alone) while (end < items.length && !items[end]!.alone) end += 1;
      this.commit(items.slice(i, end));
      i = end;
    }
  }

  private commit(group: Pending[]): void {
    const start = performance.now();
    const results: unknown[] = [];
    const failures = new Map<number, unknown>();
    try {
      const [only] = group;
      if (group.length === 1 && only!.append) this.store.appendAlone(only!.append.doc, only!.append.update);
      else if (group.length === 1)
        results[0] = only!.alone ? only!.run!() : this.store.transaction(only!.run!);
      else
        this.store.transaction(() =>
          group.forEach((item, k) => {
            if (item.append) return void this.store.appendUpdate(item.append.doc, item.append.update);
            try {
              results[k] = this.store.transaction(item.run!); // a savepoint: undone alone
            } catch (error) {
              failures.set(k, error);
            }
          }),
        );
    } catch (error) {
      group.forEach((item) => item.reject(error));
      return;
    }
    const info: CommitInfo = {
      updates: group.reduce((sum, item, k) => sum + (failures.has(k) ? 0 : item.updates), 0),
      writes: group.length,
      ms: performance.now() - start,
    };
    for (const observer of this.observers) observer(info);
    group.forEach((item, k) => (failures.has(k) ? item.reject(failures.get(k)) : item.resolve(results[k])));
  }

  /** One write of the store, queued like the rest so writes commit in call order. */
  private writeOne<T>(run: () => T, updates = 0): Promise<T> {
    return this.enqueue<T>({ run, alone: false, updates });
  }

  // --- the update log --------------------------------------------------------------------------

  appendUpdate(doc: string, update: Uint8Array): Promise<void> {
    return this.enqueue({ append: { doc, update }, alone: false, updates: 1 });
  }

  write(build: (batch: WriteBatch) => void): Promise<void> {
    const ops: Op[] = [];
    let updates = 0;
    build({
      createRoom: (id, settings) => ops.push(() => this.store.createRoom(id, settings)),
      insertToken: (row) => ops.push(() => this.store.insertToken(row)),
      deleteToken: (hash) => ops.push(() => this.store.deleteToken(hash)),
      appendUpdate: (doc, update) => {
        updates += 1;
        ops.push(() => this.store.appendUpdate(doc, update));
      },
      putIntentKey: (row, max, maxAgeMs) => ops.push(() => this.store.putIntentKey(row, max, maxAgeMs)),
      setKv: (key, value) => ops.push(() => this.store.setKv(key, value)),
      putLibraryEntry: (row) => ops.push(() => this.store.putLibraryEntry(row)),
      putRoomAsset: (roomId, image, caps) =>
        ops.push(() => {
          const refusal = this.putAssetNow(roomId, image, caps);
          if (refusal) throw new AssetRefusedError(refusal);
        }),
    });
    return this.writeOne(() => ops.forEach((op) => op()), updates).then(() => undefined);
  }

  async readUpdates(doc: string): Promise<StoredUpdates> {
    let read = this.readSnapshot(doc);
    if (read.journaled) {
      // Updates still in the journal (DURABILITY=process) have no seq yet, so `lastSeq` could not
      // cover them: make them rows first. Store has no public drain; forgetting a doc that never
      // exists drains the journal and deletes nothing (store.ts `forgetDoc`). Rare: only a doc
      // written in the last second has journaled updates.
      this.store.forgetDoc(NO_DOC);
      read = this.readSnapshot(doc);
    }
    return { updates: read.updates, lastSeq: read.lastSeq };
  }

  /** One read transaction: the rows, the journal's records and the last seq agree. */
  private readSnapshot(doc: string): StoredUpdates & { journaled: boolean } {
    return this.store.transaction(() => {
      const { updates } = this.store.readUpdates(doc);
      return {
        updates,
        lastSeq: this.stmts.lastSeq.get(doc) as number,
        journaled: updates.length > (this.stmts.rowCount.get(doc) as number),
      };
    });
  }

  async countUpdates(doc: string): Promise<number> {
    return this.store.countUpdates(doc);
  }

  forgetDoc(doc: string): Promise<void> {
    return this.enqueue({ run: () => this.store.forgetDoc(doc), alone: true, updates: 0 });
  }

  compact(doc: string, uptoSeq: number, merged: Uint8Array): Promise<void> {
    return this.enqueue({ run: () => this.store.compact(doc, uptoSeq, merged), alone: true, updates: 1 });
  }

  /** The storage worker merges from disk, off the event loop; without one, here. */
  compactLog(doc: string): Promise<number> {
    return this.store.compactInBackground(doc) ?? mergeStoredLog(this, doc);
  }

  /** DURABILITY=process: a journal append costs no fsync, so a lone update commits on the spot. */
  readonly appendNow: ((doc: string, update: Uint8Array) => void) | undefined;

  private appendAtOnce(doc: string, update: Uint8Array): void {
    this.flush(); // what was queued before it commits first: call order is commit order
    const start = this.observers.size ? performance.now() : 0;
    this.store.appendAlone(doc, update);
    if (!this.observers.size) return;
    const info: CommitInfo = { updates: 1, writes: 1, ms: performance.now() - start };
    for (const observer of this.observers) observer(info);
  }

  // --- rooms and tokens ------------------------------------------------------------------------

  createRoom(id: string, settings?: unknown): Promise<void> {
    return this.writeOne(() => this.store.createRoom(id, settings));
  }

  async getRoom(id: string) {
    return this.store.getRoom(id);
  }

  insertToken(row: TokenRow): Promise<void> {
    return this.writeOne(() => this.store.insertToken(row));
  }

  async getToken(tokenHash: string) {
    return this.store.getToken(tokenHash);
  }

  async roomTokens(roomId: string) {
    return this.store.roomTokens(roomId);
  }

  deleteToken(tokenHash: string): Promise<void> {
    return this.writeOne(() => this.store.deleteToken(tokenHash));
  }

  replaceTokenHash(oldHash: string, newHash: string): Promise<boolean> {
    return this.writeOne(() => this.store.replaceTokenHash(oldHash, newHash));
  }

  // --- intent keys, kv -------------------------------------------------------------------------

  async getIntentKey(roomId: string, tokenHash: string, key: string) {
    return this.store.getIntentKey(roomId, tokenHash, key);
  }

  putIntentKey(row: IntentKeyRow, max: number, maxAgeMs: number): Promise<void> {
    return this.writeOne(() => this.store.putIntentKey(row, max, maxAgeMs));
  }

  async getKv(key: string) {
    return this.store.getKv(key);
  }

  setKv(key: string, value: string): Promise<void> {
    return this.writeOne(() => this.store.setKv(key, value));
  }

  // --- the library -----------------------------------------------------------------------------

  createLibrary(id: string, keyHash: string): Promise<void> {
    return this.writeOne(() => this.store.createLibrary(id, keyHash));
  }

  async libraryByKeyHash(keyHash: string) {
    return this.store.libraryByKeyHash(keyHash);
  }

  async libraryEntries(libraryId: string) {
    return this.store.libraryEntries(libraryId);
  }

  async libraryEntry(libraryId: string, id: string) {
    return this.store.libraryEntry(libraryId, id);
  }

  putLibraryEntry(row: LibraryEntryRow): Promise<void> {
    return this.writeOne(() => this.store.putLibraryEntry(row));
  }

  deleteLibraryEntry(libraryId: string, id: string): Promise<boolean> {
    return this.writeOne(() => this.store.deleteLibraryEntry(libraryId, id));
  }

  async librarySize(libraryId: string) {
    return this.store.librarySize(libraryId);
  }

  // --- images ----------------------------------------------------------------------------------

  async hasAsset(hash: string): Promise<boolean> {
    return this.stmts.hasAsset.get(hash) !== undefined;
  }

  async isAssetLinked(roomId: string, hash: string): Promise<boolean> {
    return this.stmts.linked.get(roomId, hash) !== undefined;
  }

  async assetInfo(hash: string): Promise<AssetInfoRow | undefined> {
    const row = this.stmts.assetInfo.get(hash) as
      (Omit<AssetInfoRow, 'levels'> & { levels: string }) | undefined;
    return row && { ...row, levels: JSON.parse(row.levels) as TileLevel[] };
  }

  async assetImage(hash: string) {
    return this.stmts.assetImage.get(hash) as { format: ImageFormat; data: Buffer } | undefined;
  }

  async assetTile(hash: string, level: number, column: number, row: number) {
    return this.stmts.assetTile.get(hash, level, column, row) as Buffer | undefined;
  }

  async roomImages(roomId: string) {
    return this.stmts.roomImages.all(roomId) as { hash: string; data: Buffer }[];
  }

  putRoomAsset(roomId: string, image: AssetRow | string, caps: AssetCaps): Promise<AssetRefusal | undefined> {
    return this.writeOne(() => this.putAssetNow(roomId, image, caps));
  }

  /** Inside the turn's transaction: the caps check and the writes see the same rows. */
  private putAssetNow(roomId: string, image: AssetRow | string, caps: AssetCaps): AssetRefusal | undefined {
    const hash = typeof image === 'string' ? image : image.hash;
    if (this.stmts.linked.get(roomId, hash) !== undefined) return undefined;
    const size =
      typeof image === 'string' ? (this.stmts.assetSize.get(hash) as number | undefined) : image.bytes.length;
    if (size === undefined) throw new Error(`no image ${hash} is stored`);
    const refusal = assetRefusal(
      this.stmts.usage.get(roomId) as { count: number; bytes: number },
      size,
      caps,
    );
    if (refusal) return refusal;
    if (typeof image !== 'string') {
      const { format, width, height, tileSize, levels, bytes, tiles } = image;
      this.stmts.insertAsset.run(
        hash,
        format,
        width,
        height,
        tileSize,
        JSON.stringify(levels),
        bytes,
        Date.now(),
      );
      for (const t of tiles) this.stmts.insertTile.run(hash, t.level, t.column, t.row, t.data);
    }
    this.stmts.link.run(roomId, hash);
    return undefined;
  }

  // --- life ------------------------------------------------------------------------------------

  observeCommits(listener: (commit: CommitInfo) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    await this.store.close();
  }
}
