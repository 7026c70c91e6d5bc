import { readdirSync, readFileSync, statSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store, SYNCHRONOUS } from '../../src/server/store';
import { startStorageWorker } from '../../src/server/storageWorker';
import { useTempDirs, waitFor } from './helpers';

/**
 * Issue 10, spikes off the hot path: SQLite's automatic WAL checkpoint ran inside the commit that
 * crossed 1,000 WAL pages, so one GM move now and then waited 8–17 ms (copy + fsync) and every
 * room with it. Commits must only append to the WAL; the worker checkpoints.
 */
const tempDir = useTempDirs('icon-vtt-wal-');
const dbBytes = (dir: string) => statSync(join(dir, 'icon-vtt.sqlite')).size;
const walBytes = (dir: string) => statSync(join(dir, 'icon-vtt.sqlite-wal')).size;

/** 1,500 one-update commits (≈ 1 KiB each), as a busy room makes them: over 1,000 WAL pages. */
function burst(store: Store): void {
  const update = new Uint8Array(1000).fill(7);
  for (let i = 0; i < 1500; i++) store.transaction(() => store.appendUpdate('room~public', update));
}

describe('WAL checkpoints', () => {
  it('never run inside a commit: a burst of 1,500 commits leaves the database file untouched', () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { checkpointIntervalMs: 60_000 });
    const before = dbBytes(dir);
    burst(store);
    expect(walBytes(dir)).toBeGreaterThan(4096 * 1000); // everything is in the WAL …
    expect(dbBytes(dir)).toBe(before); // … and nothing was copied into the database file inline
    store.close();
  });

  it('run in the worker soon after, and every commit is still there after reopening', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { checkpointIntervalMs: 50 });
    const before = dbBytes(dir);
    burst(store);
    await waitFor(() => dbBytes(dir) > before + 1_000_000, 'the worker to checkpoint the WAL', 10_000);
    store.close();
    const reopened = new Store(dir, 'process');
    expect(reopened.readUpdates('room~public').updates).toHaveLength(1500);
    expect(reopened.countUpdates('room~public')).toBe(1500);
    reopened.close();
  });
});

describe("the storage worker's connection", () => {
  // Each connection syncs at its own setting: the worker's once kept the default (NORMAL in WAL
  // mode), so under DURABILITY=full its compactions committed without an fsync.
  it.each([
    ['process', 1], // NORMAL: in WAL mode no commit waits for an fsync
    ['full', 2], // FULL: every commit is fsynced, as on the main connection
  ] as const)(
    'syncs as DURABILITY=%s asks (level %i), like the main connection',
    async (durability, level) => {
      const dir = tempDir();
      const store = new Store(dir, durability);
      const worker = startStorageWorker(
        join(dir, 'icon-vtt.sqlite'),
        SYNCHRONOUS[durability],
        60_000,
        (reason) => {
          throw new Error(reason);
        },
      );
      try {
        expect(await worker.synchronousLevel()).toBe(level);
      } finally {
        await worker.stop();
        await store.close();
      }
    },
  );
});

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

/**
 * At nice 19 (sessions 17–18), with four busy programs beside the server, the event loop stalled
 * for up to 183 ms (storageWorker.ts): the worker must keep the event loop's priority.
 */
describe.runIf(process.platform === 'linux')('the storage worker', () => {
  it("runs at the event loop's priority, since the event loop can wait on it", async () => {
    const store = new Store(tempDir(), 'process');
    // A compaction's answer: the worker has run its set-up and reached its message loop.
    await store.compactInBackground('room~public');
    expect(threadNices().filter((nice) => nice !== getPriority(0))).toEqual([]);
    store.close();
  });
});
