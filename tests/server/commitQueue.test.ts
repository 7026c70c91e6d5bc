import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitQueue, type CommitListener } from '../../src/server/CommitQueue';
import { Store, type Durability } from '../../src/server/store';
import { SqliteStorage } from '../../src/server/storage/sqliteStorage';

/**
 * Issue 10, GM-write latency: a GM's websocket frame is one update to one doc. Without fsync
 * (DURABILITY=process) it is committed and broadcast before the frame handler returns, instead of
 * waiting a turn behind every other socket's reads; with fsync (full) writes of one turn still
 * share one commit.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function queue(durability: Durability) {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-commit-'));
  const store = new Store(dir, durability);
  cleanups.push(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const broadcast: number[] = [];
  const listener: CommitListener = {
    onCommitted: (update) => broadcast.push(update[0]!),
    onCommitFailed: (error) => {
      throw error;
    },
  };
  const commits = new CommitQueue(new SqliteStorage(store));
  const write = (byte: number) => {
    commits.addFrame({ doc: 'room/public', update: Uint8Array.of(byte), origin: undefined, listener });
  };
  return { store, broadcast, write };
}

describe('a GM frame commit', () => {
  it('is on disk and broadcast before the frame handler returns when no fsync is involved', () => {
    const { store, broadcast, write } = queue('process');
    write(1);
    expect(broadcast).toEqual([1]);
    expect(store.countUpdates('room/public')).toBe(1);
    write(2);
    expect(broadcast).toEqual([1, 2]);
  });

  it('waits for the turn to share one commit under DURABILITY=full', async () => {
    const { store, broadcast, write } = queue('full');
    write(1);
    write(2);
    expect(broadcast).toEqual([]);
    expect(store.countUpdates('room/public')).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(broadcast).toEqual([1, 2]);
    expect(store.countUpdates('room/public')).toBe(2);
  });
});
