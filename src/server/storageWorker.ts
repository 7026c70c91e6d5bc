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
 *   `wal_checkpoint(PASSIVE)`, which never blocks the writer, after each job of its own that
 *   wrote, and when the main connection has committed since the last look (checked once a second).
 * - Compaction of a doc's update log: read its rows, apply them to a fresh Y.Doc, encode the state
 *   and swap it in for those rows in one transaction. On the main thread this encoded the live doc
 *   inline: 50–200 ms for a room with a 40,000-line log, every 500 updates.
 * - Import of the update journal's closed files into the `updates` table (journal.ts).
 *
 * The thread runs only while there is work: it starts with the first job and ends once it has had
 * none for `IDLE_STOP_MS`; the next job starts a new one. A live worker holds 10–18 MiB of the
 * process's resident set (its own V8 isolate, its connection's page cache, Yjs once it compacts),
 * a third of what the stock y-websocket server holds in all (docs/server/performance.md,
 * "Memory"); starting one costs about 0.5–1 ms of the event loop and 30–70 ms on another core.
 * Yjs is loaded with its first compaction, since imports and checkpoints do not need it.
 *
 * Durability is unchanged: every update is committed to the WAL before any client receives it;
 * checkpoints and compaction only rewrite what is already committed, atomically.
 */

/** How often (ms) the main thread looks whether its connection committed (then: a checkpoint). */
export const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * A worker without a job for this long (ms) ends. Longer than the main thread's checkpoint look,
 * so commits that keep coming keep one thread alive instead of starting one a second.
 */
export const IDLE_STOP_MS = 2500;

/**
 * Safety net for the main connection (pages of 4 KiB): if the worker stops, SQLite checkpoints
 * inline again once the WAL holds this much (40 MiB), as it did before at 1,000 pages.
 */
export const INLINE_CHECKPOINT_PAGES = 10_000;

// Plain CommonJS run by the worker (eval: no loader needed under tsx, vitest or plain node).
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const { readFileSync, rmSync } = require('node:fs');
const { parseJournal, importJournal } = require(workerData.journalFormatPath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = ' + workerData.synchronous);
const rowsOf = db.prepare('SELECT seq, data FROM updates WHERE doc = ? ORDER BY seq');
const deleteUpTo = db.prepare('DELETE FROM updates WHERE doc = ? AND seq <= ?');
const append = db.prepare('INSERT INTO updates (doc, data) VALUES (?, ?)');
let Y; // Yjs, loaded by the first compaction (about 3 MiB this thread needs for nothing else)
function compact(doc) {
  const rows = rowsOf.all(doc);
  if (rows.length <= 1) return 0;
  Y = Y || require(workerData.yjsPath);
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
function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String((error && error.message) || error) });
  }
}
parentPort.on('message', (message) => {
  if (message.type === 'compact' || message.type === 'import') {
    let rows = 0;
    try {
      rows = message.type === 'compact' ? compact(message.doc) : importFile(message.generation, message.file);
      parentPort.postMessage({ id: message.id, result: rows });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
    }
    if (rows > 0) checkpoint(); // after the answer: the caller does not wait for the fsyncs
    return;
  }
  if (message.type === 'checkpoint') {
    checkpoint();
    parentPort.postMessage({ id: message.id, result: 0 });
    return;
  }
  if (message.type === 'synchronous') {
    parentPort.postMessage({ id: message.id, result: db.pragma('synchronous', { simple: true }) });
    return;
  }
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
  /** Whether a worker thread is up now (it ends when idle; the next job starts another). */
  readonly threadUp: boolean;
  /** False once stopped or failed: callers then do the work inline. */
  readonly running: boolean;
  /**
   * Stop for good: end the thread, closing its connection; resolves once every thread has exited.
   * `closeFirst` (the main connection's close) runs once no thread is closing its connection and
   * before the live one is asked to: the last connection to close checkpoints the WAL and removes
   * the -wal/-shm files, but two closing at the same instant each see the other still open and
   * both leave them (42 of 300 closes did, with the stop sent first).
   */
  stop(closeFirst?: () => void): Promise<void>;
}

/** A job's answer (rows merged or imported, or the sync level), its failure, or the worker's. */
type Reply = { id: number; result: number } | { id: number; error: string } | { failed: string };

interface Thread {
  readonly worker: Worker;
  /** Resolves when the thread has exited. */
  readonly exited: Promise<void>;
}

/**
 * The storage worker on `file`; no thread starts before the first job. `onFailure` runs once if
 * it stops working. `committed()`, called every `intervalMs`, says whether the main connection
 * committed since its previous call: the worker then checkpoints.
 */
export function startStorageWorker(
  file: string,
  /** The connection's `synchronous` level: the store's, for its durability (store.ts). */
  synchronous: Synchronous,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  onFailure: (reason: string) => void,
  committed: () => boolean = () => false,
  idleStopMs = IDLE_STOP_MS,
): StorageWorker {
  const require = createRequire(import.meta.url);
  const workerData = {
    file,
    sqlitePath: require.resolve('better-sqlite3'),
    yjsPath: require.resolve('yjs'),
    journalFormatPath: JOURNAL_FORMAT_PATH,
    synchronous,
  };
  const waiting = new Map<number, { resolve(result: number): void; reject(error: Error): void }>();
  /** Threads told to end for idleness, not yet exited. */
  const ending = new Set<Promise<void>>();
  let current: Thread | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let running = true;

  const end = (reason: string, stopped = false) => {
    running = false;
    clearInterval(checkpointTimer);
    clearTimeout(idleTimer);
    for (const { reject } of waiting.values())
      reject(stopped ? new StorageStoppedError(reason) : new Error(reason));
    waiting.clear();
  };
  const fail = (reason: string) => {
    if (!running) return;
    end(reason);
    void current?.worker.terminate();
    current = undefined;
    onFailure(reason);
  };
  /** Tell `thread` to close its connection and exit; resolves when it has (or after 5 s). */
  const release = (thread: Thread): Promise<void> => {
    thread.worker.postMessage({ type: 'stop' });
    // A worker that never exits must not hang shutdown: give it 5 s, then carry on.
    return Promise.race([thread.exited, new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]);
  };
  const endIdle = () => {
    const thread = current;
    if (!thread || waiting.size) return;
    current = undefined;
    const exited = release(thread);
    ending.add(exited);
    void exited.then(() => ending.delete(exited));
  };
  const spawn = (): Thread => {
    // Not lowered below the event loop's priority: the event loop can end up waiting on this
    // thread (most likely for SQLite's write lock, which imports and compactions hold), and a
    // lowered thread gets almost no CPU while other programs keep every core busy. At nice 19 the
    // event loop then stalled for up to 183 ms (`npm run load -- --busy=4`; performance.md).
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
    worker.unref(); // never keeps the process alive
    const thread: Thread = { worker, exited: new Promise((resolve) => worker.once('exit', () => resolve())) };
    const mine = () => current === thread;
    worker.on('message', (reply: Reply) => {
      if ('failed' in reply) return mine() ? fail(reply.failed) : undefined;
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply) entry?.reject(new Error(reply.error));
      else entry?.resolve(reply.result);
      if (mine() && !waiting.size) idleTimer = setTimeout(endIdle, idleStopMs).unref();
    });
    // A thread ending for idleness has no job left: what goes wrong as it closes harms nothing.
    worker.on('error', (error) => mine() && fail(error.message));
    worker.on('exit', (code) => mine() && fail(`the storage worker exited (code ${code})`));
    return thread;
  };
  const ask = (message: object): Promise<number> => {
    if (!running) return Promise.reject(new Error('the storage worker is stopped'));
    clearTimeout(idleTimer);
    current ??= spawn();
    const id = nextId++;
    current.worker.postMessage({ ...message, id });
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  };
  // Failures of a checkpoint come as `failed` (fail() above); the job's own answer says nothing.
  const checkpointTimer = setInterval(() => {
    if (committed()) ask({ type: 'checkpoint' }).catch(() => {});
  }, intervalMs).unref();

  return {
    get running() {
      return running;
    },
    get threadUp() {
      return current !== undefined;
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
    stop(closeFirst = () => {}) {
      const thread = current;
      current = undefined;
      if (running) end('the store was closed', true);
      const closeAll = () => {
        closeFirst();
        return thread ? release(thread) : Promise.resolve();
      };
      // Usually none is ending, and the main connection closes before this returns.
      return ending.size ? Promise.all(ending).then(closeAll) : closeAll();
    },
  };
}
