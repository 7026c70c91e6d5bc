import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { authenticate, bearerToken, hashToken, newTokenRow } from '../../src/server/auth';
import { parseServerConfig } from '../../src/server/config';
import { RoomManager, initialUpdates } from '../../src/server/RoomManager';
import { COMPACT_AFTER_UPDATES } from '../../src/server/SharedDoc';
import { Store } from '../../src/server/store';
import { SqliteStorage } from '../../src/server/storage/sqliteStorage';
import { waitFor } from './helpers';

const dirs: string[] = [];
function tempStore(): { store: Store; storage: SqliteStorage; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-store-'));
  dirs.push(dir);
  const store = new Store(dir, 'process');
  return { store, storage: new SqliteStorage(store), dir };
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('tokens', () => {
  it('are 256-bit base64url, stored only as a hash, bound to room, role and characters', async () => {
    const { store, storage } = tempStore();
    store.createRoom('room1');
    const { token, row } = newTokenRow('room1', 'player', 'Ana', ['pc-ana']);
    await storage.insertToken(row);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.getToken(token)).toBeUndefined(); // not stored in clear
    expect(store.getToken(hashToken(token))?.roomId).toBe('room1');
    expect(await authenticate(storage, token)).toMatchObject({
      roomId: 'room1',
      role: 'player',
      name: 'Ana',
      characterIds: ['pc-ana'],
    });
    expect(
      await authenticate(storage, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')),
    ).toBeUndefined();
    expect(await authenticate(storage, '')).toBeUndefined();
    expect(await authenticate(storage, 'has spaces and ../ in it')).toBeUndefined();
    await storage.close();
  });

  it('parse the Authorization header', () => {
    expect(bearerToken('Bearer abc_DEF-123')).toBe('abc_DEF-123');
    expect(bearerToken('bearer  xyz ')).toBe('xyz');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('the update log', () => {
  it('reloads a room exactly, and compaction keeps the state while shrinking the log to one row', async () => {
    const { store, storage, dir } = tempStore();
    const rooms = new RoomManager(storage, 0);
    await rooms.create(
      'r',
      initialUpdates((pub) => pub.getMap('tokens').set('seed', 1)),
      {},
      () => {},
    );
    const room = (await rooms.load('r'))!;
    for (let i = 0; i < 10; i += 1) room.public.doc.getMap('tokens').set('hero', i);
    expect(store.countUpdates('r')).toBe(1); // queued: committed at the end of the event-loop turn
    await rooms.commits.stored();
    expect(store.countUpdates('r')).toBe(11); // the seed + one row per update
    for (let i = 10; i < COMPACT_AFTER_UPDATES + 20; i += 1) room.public.doc.getMap('tokens').set('hero', i);
    await rooms.commits.stored();
    // Compacted once past the threshold, by the storage worker (tests/server/compaction.test.ts).
    await waitFor(() => store.countUpdates('r') === 1, 'background compaction', 10_000);
    const state = Y.encodeStateAsUpdate(room.public.doc);
    await rooms.close(); // unload compacts again
    expect(store.countUpdates('r')).toBe(1);
    await storage.close();

    const reopened = new SqliteStorage(new Store(dir, 'process'));
    const manager = new RoomManager(reopened, 0);
    const again = (await manager.load('r'))!;
    expect(Y.encodeStateAsUpdate(again.public.doc)).toEqual(state);
    expect(again.public.doc.getMap('tokens').toJSON()).toEqual({ seed: 1, hero: COMPACT_AFTER_UPDATES + 19 });
    await manager.close();
    await reopened.close();
  });

  it('unloads idle rooms and reloads them on demand', async () => {
    const { storage } = tempStore();
    const rooms = new RoomManager(storage, 1000);
    await rooms.create(
      'r',
      initialUpdates(() => {}),
      {},
      () => {},
    );
    const room = (await rooms.load('r'))!;
    room.public.doc.getMap('m').set('k', 'v');
    expect(rooms.loadedCount).toBe(1);
    // Times from the room's last use, not from the clock now: a stalled machine cannot age it.
    rooms.unloadIdle(room.lastActive + 500);
    expect(rooms.loadedCount).toBe(1);
    rooms.unloadIdle(room.lastActive + 1500);
    expect(rooms.loadedCount).toBe(0);
    expect((await rooms.load('r'))!.public.doc.getMap('m').get('k')).toBe('v');
    expect(await rooms.load('nope')).toBeUndefined();
    await rooms.close();
    await storage.close();
  });
});

describe('parseServerConfig', () => {
  it('reads flags and env, defaults to port 8080 on 127.0.0.1 with random dice', () => {
    const config = parseServerConfig([], {});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      durability: 'process',
      demo: true,
    });
    expect(config.diceWarning).toBeUndefined();
    expect(parseServerConfig(['--port', '9000'], { PORT: '1' }).port).toBe(9000);
    expect(parseServerConfig([], { PORT: '1234', HOST: '0.0.0.0', DATA_DIR: '/tmp/x' })).toMatchObject({
      port: 1234,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
    });
  });

  it('sets test dice only from the command line, with a warning', () => {
    const fixed = parseServerConfig(['--fixed-dice=1,20,6'], {});
    // One sequence for the whole server: a second room goes on where the first stopped.
    expect([fixed.dice('a').roll(20), fixed.dice('a').roll(20), fixed.dice('b').roll(6)]).toEqual([1, 20, 6]);
    expect(fixed.diceWarning).toMatch(/FIXED/);
    expect(parseServerConfig(['--seed=7'], {}).diceWarning).toMatch(/SEEDED/);
    // No env var can do it.
    expect(parseServerConfig([], { FIXED_DICE: '1,1,1', SEED: '3' }).diceWarning).toBeUndefined();
  });

  it('refuses bad input with a clear message', () => {
    expect(() => parseServerConfig(['--port=abc'], {})).toThrow(
      'port: expected an integer 0..65535, got "abc"',
    );
    expect(() => parseServerConfig(['--fixed-dice=1,x'], {})).toThrow(/--fixed-dice: expected a comma list/);
    expect(() => parseServerConfig(['--fixed-dice=1', '--seed=2'], {})).toThrow(/either/);
    expect(() => parseServerConfig(['--fixed-dice-rooms=/tmp', '--seed=2'], {})).toThrow(/either/);
    expect(() => parseServerConfig(['--fixed-dice-rooms'], {})).toThrow(
      '--fixed-dice-rooms: expected a folder',
    );
    expect(() => parseServerConfig(['--frobnicate'], {})).toThrow('unknown flag --frobnicate');
    expect(() => parseServerConfig([], { DURABILITY: 'maybe' })).toThrow(/DURABILITY/);
  });
});
