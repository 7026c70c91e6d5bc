import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Store, SYNCHRONOUS } from '../../src/server/store';
import { startStorageWorker } from '../../src/server/storageWorker';
import { useTempDirs, waitFor } from './helpers';

/**
 * The storage worker's thread runs only while it has work (storageWorker.ts): a live one holds
 * 10–18 MiB of the server's resident set (docs/server/performance.md, "Memory"). It must start
 * with the first job, end once idle, and a new one must do the next job as well as the first did.
 */
const tempDir = useTempDirs('icon-vtt-idle-');

/** `count` single-update rows of `doc`, one edit of `ydoc` each: the map's key `k` set to its index. */
function appendEdits(store: Store, doc: string, count: number, from = 0, ydoc = new Y.Doc()): void {
  const append = (update: Uint8Array) => store.transaction(() => store.appendUpdate(doc, update));
  ydoc.on('update', append);
  for (let i = from; i < from + count; i++) ydoc.getMap('m').set('k', i);
  ydoc.off('update', append);
}

function stateOf(store: Store, doc: string): unknown {
  const ydoc = new Y.Doc();
  store.readUpdates(doc).updates.forEach((update) => Y.applyUpdate(ydoc, update));
  return ydoc.getMap('m').get('k');
}

describe('the storage worker thread', () => {
  it('starts with the first job, ends when idle, and the next job starts another', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { checkpointIntervalMs: 3_600_000 });
    const worker = startStorageWorker(
      join(dir, 'icon-vtt.sqlite'),
      SYNCHRONOUS.process,
      3_600_000,
      (reason) => {
        throw new Error(reason);
      },
      () => false,
      100,
    );
    try {
      expect(worker.threadUp).toBe(false);
      const edits = new Y.Doc();
      appendEdits(store, 'room', 30, 0, edits);
      expect(await worker.compact('room')).toBe(30);
      expect(worker.threadUp).toBe(true);
      await waitFor(() => !worker.threadUp, 'the idle thread to end', 5_000);
      expect(worker.running).toBe(true);
      // A new thread: Yjs is loaded again by its first compaction.
      appendEdits(store, 'room', 20, 30, edits);
      expect(await worker.compact('room')).toBe(21);
      expect(store.countUpdates('room')).toBe(1);
      expect(stateOf(store, 'room')).toBe(49);
    } finally {
      await worker.stop();
      await store.close();
    }
  });

  it('checkpoints when the main connection committed, starting a thread for it', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { checkpointIntervalMs: 50, workerIdleMs: 100 });
    const dbBytes = () => statSync(join(dir, 'icon-vtt.sqlite')).size;
    const before = dbBytes();
    appendEdits(store, 'room', 200); // into the WAL only: no checkpoint runs inside a commit
    expect(dbBytes()).toBe(before);
    await waitFor(() => dbBytes() > before, 'the worker to copy the WAL into the database', 10_000);
    expect(store.countUpdates('room')).toBe(200);
    await store.close();
  });

  it('a store closed while its idle thread ends still removes the WAL (20 closes)', async () => {
    const left: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const dir = tempDir();
      const store = new Store(dir, 'process', { checkpointIntervalMs: 3_600_000, workerIdleMs: round % 5 });
      appendEdits(store, 'room', 3);
      await store.compactInBackground('room');
      // The thread is told to end 0–4 ms after its answer: close at about that instant.
      await new Promise((done) => setTimeout(done, round % 5));
      await store.close();
      if (existsSync(join(dir, 'icon-vtt.sqlite-wal'))) left.push(round);
    }
    expect(left).toEqual([]);
  }, 60_000);
});
