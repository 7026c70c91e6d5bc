import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetRow, CommitInfo, Storage, TokenRow } from '../../../src/server/storage/Storage';
import { AssetRefusedError } from '../../../src/server/storage/Storage';

/**
 * The behaviour every storage backend (src/server/storage/Storage.ts) must have, run against
 * SQLite (sqlite.test.ts) and PostgreSQL (postgres.test.ts). One storage per file; every test
 * names its own rooms and docs, so tests do not see each other's rows.
 */

export interface StorageHarness {
  readonly storage: Storage;
  /**
   * A doc's updates as another connection (or a restarted process) would read them now, not
   * through `storage`: what is durable.
   */
  readElsewhere(doc: string): Promise<Uint8Array[]>;
  close(): Promise<void>;
}

let unique = 0;
/** A name no other test uses. */
const fresh = (what: string): string => `${what}-${++unique}-${Date.now().toString(36)}`;

const bytesOf = (...values: number[]): Uint8Array => Uint8Array.from(values);
/** Compare contents, whatever view class (Buffer or Uint8Array) a backend returns. */
const plain = (list: readonly Uint8Array[]): number[][] => list.map((bytes) => [...bytes]);
const hexes = (list: readonly Uint8Array[]): string[] =>
  list.map((bytes) => Buffer.from(bytes).toString('hex'));

/** The turn's end, when every queued write has been handed to the group commit. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function asset(hash: string, bytes: number): AssetRow {
  return {
    hash,
    format: 'png',
    width: 512,
    height: 256,
    tileSize: 256,
    levels: [{ level: 0, width: 512, height: 256, columns: 2, rows: 1 }],
    bytes: randomBytes(bytes),
    tiles: [
      { level: 0, column: 0, row: 0, data: bytesOf(1, 2, 3) },
      { level: 0, column: 1, row: 0, data: bytesOf(4, 5) },
    ],
  };
}

export function storageSuite(name: string, open: () => Promise<StorageHarness>): void {
  describe(`storage: ${name}`, () => {
    let harness: StorageHarness;
    let storage: Storage;
    beforeAll(async () => {
      harness = await open();
      storage = harness.storage;
    });
    afterAll(() => harness?.close());

    const room = async (settings: unknown = {}): Promise<string> => {
      const id = fresh('room');
      await storage.createRoom(id, settings);
      return id;
    };

    it('keeps each doc’s appends in order, across interleaved docs and turns', async () => {
      const [a, b, c] = [fresh('a'), fresh('b'), fresh('c')];
      const written: Record<string, Uint8Array[]> = { [a]: [], [b]: [], [c]: [] };
      const appends: Promise<void>[] = [];
      for (let turn = 0; turn < 3; turn += 1) {
        for (let i = 0; i < 12; i += 1) {
          const doc = [a, b, c][(i * 7 + turn) % 3]!;
          const update = bytesOf(turn, i, written[doc]!.length);
          written[doc]!.push(update);
          appends.push(storage.appendUpdate(doc, update));
        }
        await nextTurn();
      }
      await Promise.all(appends);
      for (const doc of [a, b, c]) {
        const { updates, lastSeq } = await storage.readUpdates(doc);
        expect(plain(updates)).toEqual(plain(written[doc]!));
        expect(lastSeq).toBeGreaterThan(0);
        expect(await storage.countUpdates(doc)).toBe(written[doc]!.length);
      }
    });

    it('reads back exactly the bytes written: empty, every byte value, 1 MiB', async () => {
      const doc = fresh('bytes');
      const values = [
        new Uint8Array(0),
        Uint8Array.from({ length: 256 }, (_, i) => i),
        new Uint8Array(randomBytes(1024 * 1024)),
        // A view into a larger buffer: only its own bytes are stored.
        new Uint8Array(Uint8Array.from([9, 8, 7, 6, 5]).buffer, 1, 3),
      ];
      for (const value of values) await storage.appendUpdate(doc, value);
      const { updates } = await storage.readUpdates(doc);
      expect(hexes(updates)).toEqual(hexes(values));
      // And as one group commit of all four.
      const grouped = fresh('bytes');
      await Promise.all(values.map((value) => storage.appendUpdate(grouped, value)));
      expect(hexes((await storage.readUpdates(grouped)).updates)).toEqual(hexes(values));
    });

    it('reads nothing for a doc never written', async () => {
      expect(await storage.readUpdates(fresh('none'))).toEqual({ updates: [], lastSeq: 0 });
      expect(await storage.countUpdates(fresh('none'))).toBe(0);
    });

    it('compaction replaces the rows up to its seq and keeps those appended after', async () => {
      const doc = fresh('compact');
      for (const i of [1, 2, 3]) await storage.appendUpdate(doc, bytesOf(i));
      const { lastSeq } = await storage.readUpdates(doc);
      await storage.appendUpdate(doc, bytesOf(4));
      await storage.appendUpdate(doc, bytesOf(5));
      await storage.compact(doc, lastSeq, bytesOf(1, 2, 3));
      const after = await storage.readUpdates(doc);
      expect(plain(after.updates)).toEqual([[4], [5], [1, 2, 3]]);
      expect(await storage.countUpdates(doc)).toBe(3);
      // Everything up to the newest seq: one row.
      await storage.compact(doc, after.lastSeq, bytesOf(1, 2, 3, 4, 5));
      expect(plain((await storage.readUpdates(doc)).updates)).toEqual([[1, 2, 3, 4, 5]]);
    });

    it('forgetting a doc removes only that doc', async () => {
      const [gone, kept] = [fresh('gone'), fresh('kept')];
      await Promise.all([
        storage.appendUpdate(gone, bytesOf(1)),
        storage.appendUpdate(kept, bytesOf(2)),
        storage.appendUpdate(gone, bytesOf(3)),
      ]);
      // Queued after an append of the same doc in the same turn: the append does not come back.
      const late = storage.appendUpdate(gone, bytesOf(4));
      await storage.forgetDoc(gone);
      await late;
      expect(await storage.readUpdates(gone)).toEqual({ updates: [], lastSeq: 0 });
      expect(plain((await storage.readUpdates(kept)).updates)).toEqual([[2]]);
      expect(await harness.readElsewhere(gone)).toEqual([]);
    });

    it('rooms: created with settings, ids unique', async () => {
      const id = await room({ limit: 3 });
      const row = await storage.getRoom(id);
      expect(row).toMatchObject({ id, settings: '{"limit":3}' });
      expect(typeof row!.createdAt).toBe('number');
      expect(Math.abs(row!.createdAt - Date.now())).toBeLessThan(60_000);
      expect(await storage.getRoom(fresh('room'))).toBeUndefined();
      await expect(storage.createRoom(id)).rejects.toThrow();
    });

    it('tokens: by hash, by room in insertion order, deleted, given a new hash', async () => {
      const [roomId, other] = [await room(), await room()];
      const gm: TokenRow = { tokenHash: fresh('gm'), roomId, role: 'gm', name: 'GM', characterIds: [] };
      const p1: TokenRow = {
        tokenHash: `aa11bb22cc33${fresh('')}`,
        roomId,
        role: 'player',
        name: 'Ann',
        characterIds: ['c1'],
      };
      const p2: TokenRow = {
        tokenHash: fresh('p2'),
        roomId,
        role: 'player',
        name: 'Bo',
        characterIds: [],
        channel: 'chan00000002',
      };
      const elsewhere: TokenRow = {
        tokenHash: fresh('x'),
        roomId: other,
        role: 'gm',
        name: 'GM',
        characterIds: [],
      };
      for (const row of [gm, p1, p2, elsewhere]) await storage.insertToken(row);
      expect(await storage.getToken(gm.tokenHash)).toEqual(gm);
      // A player's channel defaults to the start of its first hash.
      expect(await storage.getToken(p1.tokenHash)).toEqual({ ...p1, channel: 'aa11bb22cc33' });
      expect((await storage.roomTokens(roomId)).map((t) => t.name)).toEqual(['GM', 'Ann', 'Bo']);
      expect(await storage.getToken(fresh('nobody'))).toBeUndefined();

      const renewed = fresh('renewed');
      expect(await storage.replaceTokenHash(p1.tokenHash, renewed)).toBe(true);
      expect(await storage.getToken(p1.tokenHash)).toBeUndefined();
      expect(await storage.getToken(renewed)).toEqual({ ...p1, tokenHash: renewed, channel: 'aa11bb22cc33' });
      expect((await storage.roomTokens(roomId)).map((t) => t.tokenHash)).toEqual([
        gm.tokenHash,
        renewed,
        p2.tokenHash,
      ]);
      expect(await storage.replaceTokenHash(fresh('missing'), fresh('x'))).toBe(false);

      await storage.deleteToken(p2.tokenHash);
      expect((await storage.roomTokens(roomId)).map((t) => t.name)).toEqual(['GM', 'Ann']);
      expect((await storage.roomTokens(other)).map((t) => t.tokenHash)).toEqual([elsewhere.tokenHash]);
      // A token names an existing room.
      await expect(
        storage.insertToken({ ...gm, tokenHash: fresh('orphan'), roomId: fresh('no-room') }),
      ).rejects.toThrow();
    });

    it('intent keys: replaced by key, at most max per room, none older than max age', async () => {
      const [roomId, other] = [await room(), await room()];
      const key = (k: string, at: number, result = `r-${k}`) => ({
        roomId,
        tokenHash: 'tok',
        key: k,
        intentHash: `h-${k}`,
        result,
        at,
      });
      const t0 = 1_700_000_000_000;
      await storage.putIntentKey({ ...key('x', t0), roomId: other }, 3, 60_000);
      for (const [i, k] of ['a', 'b', 'c'].entries()) await storage.putIntentKey(key(k, t0 + i), 3, 60_000);
      expect(await storage.getIntentKey(roomId, 'tok', 'a')).toEqual({
        intentHash: 'h-a',
        result: 'r-a',
        at: t0,
      });
      // A fourth key evicts the oldest (max 3).
      await storage.putIntentKey(key('d', t0 + 3), 3, 60_000);
      expect(await storage.getIntentKey(roomId, 'tok', 'a')).toBeUndefined();
      expect(await storage.getIntentKey(roomId, 'tok', 'b')).toBeDefined();
      // The same key again: replaced, not added.
      await storage.putIntentKey(key('d', t0 + 4, 'again'), 3, 60_000);
      expect(await storage.getIntentKey(roomId, 'tok', 'd')).toMatchObject({ result: 'again', at: t0 + 4 });
      expect(await storage.getIntentKey(roomId, 'tok', 'b')).toBeDefined();
      // A key a minute later evicts every key older than the max age.
      await storage.putIntentKey(key('e', t0 + 60_003), 3, 60_000);
      for (const k of ['b', 'c']) expect(await storage.getIntentKey(roomId, 'tok', k)).toBeUndefined();
      for (const k of ['d', 'e']) expect(await storage.getIntentKey(roomId, 'tok', k)).toBeDefined();
      // Another room's keys are its own.
      expect(await storage.getIntentKey(other, 'tok', 'x')).toBeDefined();
      expect(await storage.getIntentKey(roomId, 'other-token', 'e')).toBeUndefined();
    });

    it('kv: absent, set, replaced', async () => {
      const key = fresh('kv');
      expect(await storage.getKv(key)).toBeUndefined();
      await storage.setKv(key, 'one');
      await storage.setKv(key, 'two ✓');
      expect(await storage.getKv(key)).toBe('two ✓');
    });

    it('library: created by key hash, entries by kind then name in byte order, sizes in UTF-8 bytes', async () => {
      const [id, keyHash] = [fresh('lib'), fresh('key')];
      await storage.createLibrary(id, keyHash);
      expect(await storage.libraryByKeyHash(keyHash)).toEqual({ id, keyHash });
      expect(await storage.libraryByKeyHash(fresh('key'))).toBeUndefined();
      await expect(storage.createLibrary(fresh('lib'), keyHash)).rejects.toThrow();
      const entry = (entryId: string, kind: string, name: string, data: string, updatedAt = 1) => ({
        libraryId: id,
        id: entryId,
        kind,
        name,
        data,
        updatedAt,
      });
      const rows = [
        entry('1', 'foe', 'ogre', '{"hp":10}'),
        entry('2', 'character', 'Zed', '{}'),
        entry('3', 'character', 'ann', '{"name":"é"}'),
        entry('4', 'character', 'Éloise', '{}'),
        entry('5', 'character', 'Bob', '{}'),
      ];
      for (const row of rows) await storage.putLibraryEntry(row);
      // Byte order: upper case before lower case, then non-ASCII.
      expect((await storage.libraryEntries(id)).map((row) => row.name)).toEqual([
        'Bob',
        'Zed',
        'ann',
        'Éloise',
        'ogre',
      ]);
      expect(await storage.libraryEntry(id, '3')).toEqual(rows[2]);
      expect(await storage.librarySize(id)).toEqual({
        entries: 5,
        bytes: rows.reduce((sum, row) => sum + Buffer.byteLength(row.data), 0),
      });
      const replaced = entry('1', 'foe', 'ogre chief', '{"hp":20,"name":"ü"}', 1_700_000_000_123);
      await storage.putLibraryEntry(replaced);
      expect(await storage.libraryEntry(id, '1')).toEqual(replaced);
      expect(await storage.deleteLibraryEntry(id, '2')).toBe(true);
      expect(await storage.deleteLibraryEntry(id, '2')).toBe(false);
      expect(await storage.librarySize(id)).toEqual({
        entries: 4,
        bytes: [replaced, rows[2]!, rows[3]!, rows[4]!].reduce(
          (sum, row) => sum + Buffer.byteLength(row.data),
          0,
        ),
      });
      expect(await storage.librarySize(fresh('lib'))).toEqual({ entries: 0, bytes: 0 });
    });

    it('a batch commits whole or not at all, and a failing one fails alone', async () => {
      const id = fresh('room');
      const [pub, sec] = [`${id}`, `${id}~secrets`];
      const gmHash = fresh('gm');
      await storage.write((batch) => {
        batch.createRoom(id, { a: 1 });
        batch.appendUpdate(pub, bytesOf(1));
        batch.appendUpdate(sec, bytesOf(2));
        batch.insertToken({ tokenHash: gmHash, roomId: id, role: 'gm', name: 'GM', characterIds: [] });
        batch.setKv(`${id}.made`, 'yes');
      });
      expect(await storage.getRoom(id)).toBeDefined();
      expect(plain((await storage.readUpdates(sec)).updates)).toEqual([[2]]);
      expect(await storage.getToken(gmHash)).toBeDefined();

      // In one turn: an append, a batch that fails half way (the room exists), another batch.
      const other = fresh('room');
      const neighbour = fresh('neighbour');
      const results = await Promise.allSettled([
        storage.appendUpdate(neighbour, bytesOf(7)),
        storage.write((batch) => {
          batch.appendUpdate(pub, bytesOf(99));
          batch.setKv(`${id}.half`, 'written');
          batch.createRoom(id); // duplicate: the batch fails
        }),
        storage.write((batch) => batch.createRoom(other)),
        storage.appendUpdate(neighbour, bytesOf(8)),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(plain((await storage.readUpdates(pub)).updates)).toEqual([[1]]);
      expect(await storage.getKv(`${id}.half`)).toBeUndefined();
      expect(await storage.getRoom(other)).toBeDefined();
      expect(plain((await storage.readUpdates(neighbour)).updates)).toEqual([[7], [8]]);
    });

    it('appends and batches of one turn are one commit', async () => {
      const commits: CommitInfo[] = [];
      const stop = storage.observeCommits((commit) => commits.push(commit));
      try {
        const docs = [fresh('g1'), fresh('g2')];
        const roomId = await room();
        commits.length = 0;
        await Promise.all([
          ...Array.from({ length: 20 }, (_, i) => storage.appendUpdate(docs[i % 2]!, bytesOf(i))),
          storage.write((batch) => {
            batch.appendUpdate(docs[0]!, bytesOf(100));
            batch.putIntentKey(
              { roomId, tokenHash: 't', key: 'k', intentHash: 'h', result: '{}', at: Date.now() },
              10,
              60_000,
            );
          }),
        ]);
        expect(commits).toHaveLength(1);
        expect(commits[0]).toMatchObject({ updates: 21, writes: 21 });
        expect(commits[0]!.ms).toBeGreaterThanOrEqual(0);
        // Turn after turn: a commit each (or fewer, when a commit under way groups the next turns).
        commits.length = 0;
        for (let i = 0; i < 3; i += 1) await storage.appendUpdate(docs[1]!, bytesOf(i));
        expect(commits.map((c) => c.updates)).toEqual([1, 1, 1]);
      } finally {
        stop();
      }
    });

    it('an append has committed when its promise resolves: another connection reads it', async () => {
      const doc = fresh('durable');
      for (let i = 0; i < 5; i += 1) {
        await storage.appendUpdate(doc, bytesOf(i, 42));
        expect(plain(await harness.readElsewhere(doc))).toContainEqual([i, 42]);
      }
      await Promise.all([storage.appendUpdate(doc, bytesOf(5)), storage.appendUpdate(doc, bytesOf(6))]);
      expect(plain(await harness.readElsewhere(doc))).toEqual(expect.arrayContaining([[5], [6]]));
    });

    it('images: stored once, linked per room, refused past the room’s caps', async () => {
      const [roomId, other] = [await room(), await room()];
      const caps = { maxRoomAssets: 2, maxRoomBytes: 3000 };
      const map = asset(fresh('hash'), 1000);
      expect(await storage.hasAsset(map.hash)).toBe(false);
      expect(await storage.putRoomAsset(roomId, map, caps)).toBeUndefined();
      expect(await storage.hasAsset(map.hash)).toBe(true);
      expect(await storage.isAssetLinked(roomId, map.hash)).toBe(true);
      expect(await storage.isAssetLinked(other, map.hash)).toBe(false);
      expect(await storage.assetInfo(map.hash)).toEqual({
        hash: map.hash,
        width: 512,
        height: 256,
        tileSize: 256,
        levels: map.levels,
      });
      const image = await storage.assetImage(map.hash);
      expect(image?.format).toBe('png');
      expect(Buffer.from(image!.data).equals(Buffer.from(map.bytes))).toBe(true);
      expect([...(await storage.assetTile(map.hash, 0, 1, 0))!]).toEqual([4, 5]);
      expect(await storage.assetTile(map.hash, 0, 2, 0)).toBeUndefined();
      // Linked again: nothing changes. By hash into another room: linked, not stored twice.
      expect(await storage.putRoomAsset(roomId, map, caps)).toBeUndefined();
      expect(await storage.putRoomAsset(other, map.hash, caps)).toBeUndefined();
      expect(await storage.isAssetLinked(other, map.hash)).toBe(true);

      // Bytes cap: 1000 + 2500 > 3000.
      const big = asset(fresh('hash'), 2500);
      expect(await storage.putRoomAsset(roomId, big, caps)).toEqual({
        reason: 'bytes',
        count: 1,
        bytes: 1000,
        size: 2500,
      });
      expect(await storage.hasAsset(big.hash)).toBe(false);
      // Count cap: a third image.
      const second = asset(fresh('hash'), 100);
      expect(await storage.putRoomAsset(roomId, second, caps)).toBeUndefined();
      const third = asset(fresh('hash'), 10);
      expect(await storage.putRoomAsset(roomId, third, caps)).toMatchObject({ reason: 'count', count: 2 });
      expect((await storage.roomImages(roomId)).map((row) => row.hash)).toEqual([map.hash, second.hash]);

      // In a batch, a refusal undoes the whole batch.
      const fresher = fresh('room');
      const refused = storage.write((batch) => {
        batch.createRoom(fresher);
        batch.putRoomAsset(fresher, map.hash, caps);
        batch.putRoomAsset(fresher, asset(fresh('hash'), 5000), caps);
      });
      await expect(refused).rejects.toBeInstanceOf(AssetRefusedError);
      expect(await storage.getRoom(fresher)).toBeUndefined();
      await expect(storage.putRoomAsset(roomId, fresh('unknown-hash'), caps)).rejects.toThrow(/no image/);
    });
  });
}
