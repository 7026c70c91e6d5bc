import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { JOURNAL_FORMAT_PATH } from './journal';
import type { Synchronous } from './store';

/**
 * Storage work that must not run on the event loop every room shares (issue 10: spikes off the
 * hot path). A worker thread with its own SQLite connection does three jobs:
 *
 * - WAL checkpoints. Left to SQLite, the checkpoint (copy the WAL into the database file, fsync
 *   both) runs INSIDE the commit that crosses 1,000 WAL pages: on the dev VM a one-update commit
 *   then took 8–17 ms instead of 0.1 ms, every ~3 s under `npm run load`. The worker runs
 *   `wal_checkpoint(PASSIVE)`, which never blocks the writer, once a second.
 * - Compaction of a doc's update log: read its rows, apply them to a fresh Y.Doc, encode the state
 *   and swap it in for those rows in one transaction. On the main thread this encoded the live doc
 *   inline: 50–200 ms for a room with a 40,000-line log, every 500 updates.
 *
 * - Import of the update journal's closed files into the `updates` table (journal.ts).
 *
 * Durability is unchanged: every update is committed to the WAL before any client receives it;
 * checkpoints and compaction only rewrite what is already committed, atomically.
 */

/** How often (ms) the worker checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * Safety net for the main connection (pages of 4 KiB): if the worker stops, SQLite checkpoints
 * inline again once the WAL holds this much (40 MiB), as it did before at 1,000 pages.
 */
export const INLINE_CHECKPOINT_PAGES = 10_000;

// Plain CommonJS run by the worker (eval: no loader needed under tsx, vitest or plain node).
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const Y = require(workerData.yjsPath);
const { readFileSync, rmSync } = require('node:fs');
const { parseJournal, importJournal } = require(workerData.journalFormatPath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = ' + workerData.synchronous);
const rowsOf = db.prepare('SELECT seq, data FROM updates WHERE doc = ? ORDER BY seq');
const deleteUpTo = db.prepare('DELETE FROM updates WHERE doc = ? AND seq <= ?');
const append = db.prepare('INSERT INTO updates (doc, data) VALUES (?, ?)');
function compact(doc) {
  const rows = rowsOf.all(doc);
  if (rows.length <= 1) return 0;
  const ydoc = new Y.Doc();
  ydoc.transact(() => rows.forEach((row) => Y.applyUpdate(ydoc, row.data)));
  const merged = Y.encodeStateAsUpdate(ydoc);
  ydoc.destroy();
  // Rows appended meanwhile have larger seqs and stay; the merged row goes after them (order
  // of Yjs updates does not matter).
  db.transaction(() => {
    deleteUpTo.run(doc, rows[rows.length - 1].seq);
    append.run(doc, merged);
  })();
  return rows.length;
}
// A journal file the main thread closed (journal.ts). Missing: already imported by the main thread.
function importFile(generation, file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if (error && error.code === 'ENOENT') return 0;
    throw error;
  }
  const rows = importJournal(db, generation, parseJournal(bytes));
  rmSync(file, { force: true });
  return rows;
}
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String((error && error.message) || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.type === 'compact' || message.type === 'import') {
    try {
      const rows = message.type === 'compact' ? compact(message.doc) : importFile(message.generation, message.file);
      parentPort.postMessage({ id: message.id, result: rows });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
    }
    return;
  }
  if (message.type === 'synchronous') {
    parentPort.postMessage({ id: message.id, result: db.pragma('synchronous', { simple: true }) });
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** A compaction not done because the server is shutting down: its rows stay as they were. */
export class StorageStoppedError extends Error {}

export interface StorageWorker {
  /**
   * Compact `doc`'s stored rows into one, in the worker. Resolves with how many rows were merged
   * (0: nothing to do); rejects naming why (the rows are then untouched).
   */
  compact(doc: string): Promise<number>;
  /**
   * Move a closed journal file's records into the `updates` table and delete the file
   * (journal.ts). Resolves with the rows added (0: imported already).
   */
  importJournal(generation: number, file: string): Promise<number>;
  /** The worker connection's `synchronous` level as SQLite reports it (1 NORMAL, 2 FULL). */
  synchronousLevel(): Promise<number>;
  /** False once stopped or failed: callers then do the work inline. */
  readonly running: boolean;
  /**
   * Ask the worker to close its connection; resolves once the thread has exited. The last
   * connection to close checkpoints the WAL and removes the -wal/-shm files, so until then files
   * in DATA_DIR may still change.
   */
  stop(): Promise<void>;
}

/** A job's answer (rows merged or imported, or the sync level), its failure, or the worker's. */
type Reply = { id: number; result: number } | { id: number; error: string } | { failed: string };

/** Start the worker on `file`; `onFailure` runs once if it stops working. */
export function startStorageWorker(
  file: string,
  /** The connection's `synchronous` level: the store's, for its durability (store.ts). */
  synchronous: Synchronous,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  onFailure: (reason: string) => void,
): StorageWorker {
  const require = createRequire(import.meta.url);
  // Not lowered below the event loop's priority: the event loop can end up waiting on this thread
  // (most likely for SQLite's write lock, which imports and compactions hold), and a lowered thread
  // gets almost no CPU while other programs keep every core busy. At nice 19 the event loop then
  // stalled for up to 183 ms (`npm run load -- --busy=4`; docs/server/performance.md).
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      sqlitePath: require.resolve('better-sqlite3'),
      yjsPath: require.resolve('yjs'),
      journalFormatPath: JOURNAL_FORMAT_PATH,
      intervalMs,
      synchronous,
    },
  });
  worker.unref(); // never keeps the process alive
  // A worker that never exits must not hang shutdown: give it 5 s, then carry on.
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const exitedOrLate = (): Promise<void> =>
    Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]);
  const waiting = new Map<number, { resolve(result: number): void; reject(error: Error): void }>();
  let nextId = 1;
  let running = true;
  const end = (reason: string, stopped = false) => {
    running = false;
    for (const { reject } of waiting.values())
      reject(stopped ? new StorageStoppedError(reason) : new Error(reason));
    waiting.clear();
  };
  const fail = (reason: string) => {
    if (!running) return;
    end(reason);
    void worker.terminate();
    onFailure(reason);
  };
  worker.on('message', (reply: Reply) => {
    if ('failed' in reply) return fail(reply.failed);
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.result);
  });
  worker.on('error', (error) => fail(error.message));
  const ask = (message: object): Promise<number> => {
    if (!running) return Promise.reject(new Error('the storage worker is stopped'));
    const id = nextId++;
    worker.postMessage({ ...message, id });
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  };
  return {
    get running() {
      return running;
    },
    compact(doc) {
      return ask({ type: 'compact', doc });
    },
    importJournal(generation, file) {
      return ask({ type: 'import', generation, file });
    },
    synchronousLevel() {
      return ask({ type: 'synchronous' });
    },
    stop() {
      if (!running) return exitedOrLate();
      end('the store was closed', true);
      worker.postMessage({ type: 'stop' });
      return exitedOrLate();
    },
  };
}
