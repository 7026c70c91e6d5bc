import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RoomManager, initialUpdates } from '../../src/server/RoomManager';
import { COMPACT_AFTER_UPDATES } from '../../src/server/SharedDoc';
import { Store } from '../../src/server/store';
import { waitFor } from './helpers';

/**
 * Issue 10, spikes off the hot path: compaction encoded the whole live doc and rewrote its rows
 * inside the commit callback that broadcasts (50–200 ms at a 40,000-line log, every room waiting).
 * Now the commit only counts rows; the storage worker merges them from disk.
 */
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function setup(idleMs = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-compact-'));
  dirs.push(dir);
  const store = new Store(dir, 'process');
  const rooms = new RoomManager(store, idleMs);
  rooms.create(
    'r',
    initialUpdates((pub) => pub.getMap('tokens').set('seed', 1)),
    {},
    () => {},
  );
  return { dir, store, rooms };
}

describe('compaction', () => {
  it('never runs in the commit that crosses the threshold; the worker merges the rows soon after', async () => {
    const { dir, store, rooms } = setup(3_600_000); // never unloaded idle during the test
    const room = rooms.get('r')!;
    const tokens = room.public.doc.getMap('tokens');
    for (let i = 0; i < COMPACT_AFTER_UPDATES + 20; i++) {
      tokens.set('hero', i);
      rooms.commits.flush(); // one commit (and broadcast) per update, as under load
    }
    // The commit path only appended: every row is still there.
    expect(store.countUpdates('r')).toBe(COMPACT_AFTER_UPDATES + 21);
    // The rows committed before the worker was asked (the seed and 500 updates) become one; the 20
    // committed after it was asked were still in the update journal (journal.ts) and stay rows
    // until the next compaction.
    await waitFor(() => store.countUpdates('r') === 21, 'the worker to compact the rows', 10_000);
    tokens.set('hero', 'after');
    rooms.commits.flush();
    // Same content, compared by state vector (every change of every client) and value: the bytes
    // of an encoded state may differ, since Yjs merges deleted ranges differently depending on
    // the order the rows are applied in (merged rows go after rows appended meanwhile).
    const vector = Y.encodeStateVector(room.public.doc);
    rooms.close();
    await store.close();

    const reopened = new Store(dir, 'process');
    const manager = new RoomManager(reopened, 0);
    const again = manager.get('r')!;
    expect(Y.encodeStateVector(again.public.doc)).toEqual(vector);
    expect(again.public.doc.getMap('tokens').toJSON()).toEqual({ seed: 1, hero: 'after' });
    manager.close();
    await reopened.close();
  });

  it('an idle room is unloaded at once and compacted by the worker', async () => {
    const { store, rooms } = setup(1000);
    const room = rooms.get('r')!;
    for (let i = 0; i < 50; i++) room.public.doc.getMap('tokens').set('hero', i);
    rooms.commits.flush();
    expect(store.countUpdates('r')).toBe(51);
    rooms.unloadIdle(Date.now() + 2000);
    expect(rooms.loadedCount).toBe(0);
    await waitFor(() => store.countUpdates('r') === 1, 'the worker to compact the unloaded room', 10_000);
    expect(rooms.get('r')!.public.doc.getMap('tokens').get('hero')).toBe(49);
    rooms.close();
    store.close();
  });
});
