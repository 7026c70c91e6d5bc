import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RoomManager, initialUpdates } from '../../src/server/RoomManager';
import { COMPACT_AFTER_UPDATES } from '../../src/server/SharedDoc';
import { SqliteStorage } from '../../src/server/storage/sqliteStorage';
import { Store } from '../../src/server/store';
import { waitFor } from './helpers';

/**
 * Issue 10, spikes off the hot path: compaction encoded the whole live doc and rewrote its rows
 * inside the commit callback that broadcasts (50–200 ms at a 40,000-line log, every room waiting).
 * Now the commit only counts rows; the storage worker merges them from disk.
 */
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function setup(idleMs = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-compact-'));
  dirs.push(dir);
  const store = new Store(dir, 'process');
  const storage = new SqliteStorage(store);
  const rooms = new RoomManager(storage, idleMs);
  await rooms.create(
    'r',
    initialUpdates((pub) => pub.getMap('tokens').set('seed', 1)),
    {},
    () => {},
  );
  return { dir, store, storage, rooms };
}

describe('compaction', () => {
  it('never runs in the commit that crosses the threshold; the worker merges the rows soon after', async () => {
    const { dir, store, storage, rooms } = await setup(3_600_000); // never unloaded idle during the test
    const room = (await rooms.load('r'))!;
    const tokens = room.public.doc.getMap('tokens');
    for (let i = 0; i < COMPACT_AFTER_UPDATES + 20; i++) {
      tokens.set('hero', i);
      await rooms.commits.stored(); // one commit (and broadcast) per update, as under load
    }
    // The commit path only appended: every row is still there.
    expect(store.countUpdates('r')).toBe(COMPACT_AFTER_UPDATES + 21);
    // The rows committed before the worker was asked (the seed and 500 updates) become one; the 20
    // committed after it was asked were still in the update journal (journal.ts) and stay rows
    // until the next compaction.
    await waitFor(() => store.countUpdates('r') === 21, 'the worker to compact the rows', 10_000);
    tokens.set('hero', 'after');
    await rooms.commits.stored();
    // Same content, compared by state vector (every change of every client) and value: the bytes
    // of an encoded state may differ, since Yjs merges deleted ranges differently depending on
    // the order the rows are applied in (merged rows go after rows appended meanwhile).
    const vector = Y.encodeStateVector(room.public.doc);
    await rooms.close();
    await storage.close();

    const reopened = new SqliteStorage(new Store(dir, 'process'));
    const manager = new RoomManager(reopened, 0);
    const again = (await manager.load('r'))!;
    expect(Y.encodeStateVector(again.public.doc)).toEqual(vector);
    expect(again.public.doc.getMap('tokens').toJSON()).toEqual({ seed: 1, hero: 'after' });
    await manager.close();
    await reopened.close();
  });

  it('an idle room is unloaded at once and compacted by the worker', async () => {
    const { store, storage, rooms } = await setup(1000);
    const room = (await rooms.load('r'))!;
    for (let i = 0; i < 50; i++) room.public.doc.getMap('tokens').set('hero', i);
    await rooms.commits.stored();
    expect(store.countUpdates('r')).toBe(51);
    rooms.unloadIdle(Date.now() + 2000);
    expect(rooms.loadedCount).toBe(0);
    await waitFor(() => store.countUpdates('r') === 1, 'the worker to compact the unloaded room', 10_000);
    expect((await rooms.load('r'))!.public.doc.getMap('tokens').get('hero')).toBe(49);
    await rooms.close();
    await storage.close();
  });
});
