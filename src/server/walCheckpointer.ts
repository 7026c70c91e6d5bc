import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop. SQLite in WAL mode appends commits to the -wal file and
 * now and then copies them into the database file (a checkpoint, with an fsync of both files).
 * Left to SQLite, that happens INSIDE the commit that crosses 1,000 WAL pages: on the dev VM a
 * one-update commit then took 8–17 ms instead of 0.1 ms, every ~3 s under `npm run load`, and every
 * room on the server waited (the event loop is shared). Here a worker thread with its own
 * connection runs `wal_checkpoint(PASSIVE)`, which never blocks the writer, once a second.
 * Durability is unchanged: a commit is in the WAL before any client sees it, checkpoint or not.
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
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String((error && error.message) || error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): void;
}

/** Start checkpointing `file` from a worker; `onFailure` runs once if the worker stops working. */
export function startCheckpointer(
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  onFailure: (reason: string) => void,
): Checkpointer {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, sqlitePath: require.resolve('better-sqlite3'), intervalMs },
  });
  worker.unref(); // never keeps the process alive
  let stopped = false;
  const fail = (reason: string) => {
    if (stopped) return;
    stopped = true;
    void worker.terminate();
    onFailure(reason);
  };
  worker.on('message', (message: { failed?: string }) => message.failed && fail(message.failed));
  worker.on('error', (error) => fail(error.message));
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
