import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStorage } from '../../src/server/storage/sqliteStorage';
import { CommitQueue } from '../../src/server/CommitQueue';
import { SharedDoc, type DocListener } from '../../src/server/SharedDoc';
import { Store } from '../../src/server/store';

/**
 * Issue 10, GM-write CPU: a GM frame's update is stored and broadcast as the bytes the GM sent
 * (checked before), not re-encoded by Yjs from the transaction. What must not change: only what
 * changed the doc is stored, the store holds it before anyone receives it, and the stored log
 * always rebuilds the live doc, also when Yjs holds deletions of items it does not have yet.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

class Receiver implements DocListener {
  readonly ownedIds = new Set<number>();
  readonly tokenHash = 'receiver';
  readonly frames: Uint8Array[] = [];
  /** Rows in the store when each frame arrived. */
  readonly storedAtSend: number[] = [];
  constructor(private readonly store: Store) {}
  send(frame: Uint8Array): void {
    this.frames.push(frame);
    this.storedAtSend.push(this.store.countUpdates('room/public'));
  }
  close(): void {}
}

function room() {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-frame-'));
  const store = new Store(dir, 'process');
  const storage = new SqliteStorage(store);
  const commits = new CommitQueue(storage);
  const shared = new SharedDoc(
    'room/public',
    storage,
    commits,
    (error) => {
      throw error;
    },
    [],
  );
  const writer = new Receiver(store);
  const receiver = new Receiver(store);
  shared.listeners.add(writer);
  shared.listeners.add(receiver);
  cleanups.push(async () => {
    shared.destroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  /** The doc as a server restarted now would load it. */
  const reloaded = (): Y.Doc => {
    const doc = new Y.Doc();
    for (const update of store.readUpdates('room/public').updates) Y.applyUpdate(doc, update);
    return doc;
  };
  return { store, commits, shared, writer, receiver, reloaded };
}

/** A GM client's doc and the update each of its edits produces. */
function gmClient() {
  const doc = new Y.Doc();
  const edit = (change: (doc: Y.Doc) => void): Uint8Array => {
    let captured: Uint8Array | undefined;
    const take = (update: Uint8Array) =>
      (captured = Y.mergeUpdates(captured ? [captured, update] : [update]));
    doc.on('update', take);
    change(doc);
    doc.off('update', take);
    return captured!;
  };
  return { doc, edit };
}

const json = (doc: Y.Doc) => ({ tokens: doc.getMap('tokens').toJSON(), log: doc.getArray('log').toJSON() });

describe("a GM frame's update", () => {
  it('is stored, then broadcast to everyone but its writer, before applyFrame returns', () => {
    const { store, shared, writer, receiver } = room();
    const gm = gmClient();
    const update = gm.edit((doc) => doc.getMap('tokens').set('t1', { cell: { x: 1, y: 2 } }));
    shared.applyFrame(update, writer);
    expect(store.readUpdates('room/public').updates).toEqual([update]);
    expect(receiver.frames).toHaveLength(1);
    expect(receiver.storedAtSend).toEqual([1]);
    expect(writer.frames).toEqual([]);
    expect(json(shared.doc)).toEqual(json(gm.doc));
  });

  it('is applied to the server doc once the turn is over, or at the first read of the doc before that', async () => {
    const { shared, writer } = room();
    const gm = gmClient();
    let applied = 0;
    shared.doc.on('afterTransaction', () => (applied += 1));
    shared.applyFrame(
      gm.edit((doc) => doc.getMap('tokens').set('t1', { cell: { x: 1, y: 2 } })),
      writer,
    );
    // Frames of other rooms that arrived in the same turn are not kept waiting for the apply …
    expect(applied).toBe(0);
    await new Promise((done) => setImmediate(done));
    expect(applied).toBe(1);
    // … but nothing ever reads a doc without it: a frame built on the previous one, at once.
    shared.applyFrame(
      gm.edit((doc) => doc.getMap('tokens').set('t2', { cell: { x: 3, y: 4 } })),
      writer,
    );
    shared.applyFrame(
      gm.edit((doc) => doc.getMap('tokens').delete('t1')),
      writer,
    );
    expect(applied).toBe(2); // the second frame's own test read the doc: the first is in
    expect(json(shared.doc)).toEqual(json(gm.doc));
  });

  it('reaches the receivers before the server doc applies it (DURABILITY=process), stored first', () => {
    const { store, shared, writer } = room();
    const gm = gmClient();
    // What the server doc holds, and what is stored, at the moment each receiver is sent the frame.
    const seen: { tokens: unknown; stored: number }[] = [];
    shared.listeners.add({
      ownedIds: new Set(),
      tokenHash: 'probe',
      send: () =>
        seen.push({
          tokens: shared.doc.getMap('tokens').toJSON(),
          stored: store.countUpdates('room/public'),
        }),
      close: () => {},
    });
    shared.applyFrame(
      gm.edit((doc) => doc.getMap('tokens').set('t1', { cell: { x: 1, y: 2 } })),
      writer,
    );
    expect(seen).toEqual([{ tokens: {}, stored: 1 }]);
    expect(json(shared.doc)).toEqual(json(gm.doc)); // applied once the sends are done
  });

  it('that deletes what is deleted already, or repeats a whole sync step 2, is not stored', () => {
    const { store, shared, writer, receiver } = room();
    const gm = gmClient();
    shared.applyFrame(
      gm.edit((doc) => doc.getMap('tokens').set('t1', { cell: { x: 1, y: 2 } })),
      writer,
    );
    const remove = gm.edit((doc) => doc.getMap('tokens').delete('t1'));
    shared.applyFrame(remove, writer);
    expect(store.countUpdates('room/public')).toBe(2);
    shared.applyFrame(remove, writer);
    // A reconnecting GM answers the server's sync step 1: nothing new, the whole delete set.
    shared.applyFrame(Y.encodeStateAsUpdate(gm.doc, Y.encodeStateVector(shared.doc)), writer);
    expect(store.countUpdates('room/public')).toBe(2);
    expect(receiver.frames).toHaveLength(2);
  });

  it('that changes nothing (sent twice) is neither stored nor broadcast again', () => {
    const { store, shared, writer, receiver } = room();
    const gm = gmClient();
    const update = gm.edit((doc) => doc.getMap('tokens').set('t1', { cell: { x: 1, y: 2 } }));
    shared.applyFrame(update, writer);
    shared.applyFrame(update, writer);
    expect(store.countUpdates('room/public')).toBe(1);
    expect(receiver.frames).toHaveLength(1);
  });

  it('rebuilds the live doc from the stored log: moves, deletions, list appends', () => {
    const { shared, writer, reloaded } = room();
    const gm = gmClient();
    for (let i = 0; i < 20; i += 1) {
      shared.applyFrame(
        gm.edit((doc) => doc.getMap('tokens').set(`t${i % 3}`, { cell: { x: i, y: 0 } })),
        writer,
      );
      shared.applyFrame(
        gm.edit((doc) => doc.getArray('log').push([{ line: i }])),
        writer,
      );
    }
    shared.applyFrame(
      gm.edit((doc) => doc.getMap('tokens').delete('t1')),
      writer,
    );
    expect(json(reloaded())).toEqual(json(shared.doc));
    expect(json(shared.doc)).toEqual(json(gm.doc));
  });

  it('rebuilds the live doc when a deletion arrived before the item it deletes', async () => {
    const { commits, shared, writer, receiver, reloaded } = room();
    const gm = gmClient();
    const create = gm.edit((doc) => doc.getMap('tokens').set('t1', { cell: { x: 1, y: 1 } }));
    const remove = gm.edit((doc) => doc.getMap('tokens').delete('t1'));
    const other = gm.edit((doc) => doc.getMap('tokens').set('t2', { cell: { x: 2, y: 2 } }));
    // The deletion alone: Yjs holds it (it lacks the item), nothing changes, nothing is stored.
    shared.applyFrame(remove, writer);
    expect(receiver.frames).toEqual([]);
    // The item arrives: Yjs applies it and the held deletion together. The stored log must say so.
    shared.applyFrame(create, writer);
    shared.applyFrame(other, writer);
    expect(json(shared.doc)).toEqual({ tokens: { t2: { cell: { x: 2, y: 2 } } }, log: [] });
    await commits.stored(); // the rebuilt update commits with the turn (its own encoding)
    expect(json(reloaded())).toEqual(json(shared.doc));
    // And so must what the receiver was sent.
    const received = new Y.Doc();
    for (const frame of receiver.frames) Y.applyUpdate(received, frame.subarray(2 + varUintLength(frame, 2)));
    expect(json(received)).toEqual(json(shared.doc));
  });
});

/** Bytes of the varUint length prefix at `offset` (sync frames: type, step, length, update). */
function varUintLength(frame: Uint8Array, offset: number): number {
  let n = 1;
  while (frame[offset + n - 1]! & 0x80) n += 1;
  return n;
}
