import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomOwnership, roomLockKey } from '../../../src/server/cluster/roomOwnership';
import { LaneLostError } from '../../../src/server/storage/CommitLane';
import type { LocalPostgres } from '../../../src/server/storage/localPostgres';
import { startLocalPostgres } from '../../../src/server/storage/localPostgres';
import type { PostgresStorage } from '../../../src/server/storage/postgresStorage';
import { openPostgresStorage } from '../../../src/server/storage/postgresStorage';

/**
 * Room ownership by advisory lock (src/server/cluster/roomOwnership.ts) on a throwaway
 * PostgreSQL: "processes" are storages with a commit lane each. Two never hold one room, a race
 * has one winner per room, and an owner whose connection dies can commit nothing more while
 * another takes its rooms at once.
 */
let server: LocalPostgres;
const storages: PostgresStorage[] = [];

beforeAll(async () => {
  server = await startLocalPostgres({ fast: true });
}, 60_000);

afterAll(async () => {
  for (const s of storages) await s.close();
  await server?.stop();
});

async function process(): Promise<{ storage: PostgresStorage; owner: RoomOwnership; pid: number }> {
  const storage = await openPostgresStorage(server.url);
  storages.push(storage);
  const lane = await storage.openLane();
  const pid = await lane.run(
    async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
  );
  return { storage, owner: new RoomOwnership(lane), pid };
}

describe('room ownership by PostgreSQL advisory lock', () => {
  it('keys are 64-bit, stable and distinct for distinct rooms', () => {
    expect(roomLockKey('abc')).toBe(roomLockKey('abc'));
    expect(roomLockKey('abc')).not.toBe(roomLockKey('abd'));
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => roomLockKey(`room-${i}`)));
    expect(keys.size).toBe(1000);
  });

  it('one owner at a time: the second process is refused until the first releases', async () => {
    const a = await process();
    const b = await process();
    expect(await a.owner.claim('room-1')).toBe(true);
    expect(await a.owner.claim('room-1')).toBe(true); // already its own
    expect(await b.owner.claim('room-1')).toBe(false);
    await a.owner.release('room-1');
    expect(a.owner.holds('room-1')).toBe(false);
    expect(await b.owner.claim('room-1')).toBe(true);
  });

  it('three processes racing for 30 rooms: exactly one winner per room', async () => {
    const racers = await Promise.all([process(), process(), process()]);
    const rooms = Array.from({ length: 30 }, (_, i) => `race-${i}`);
    const results = await Promise.all(
      rooms.flatMap((room) => racers.map(async (r, i) => ({ room, i, won: await r.owner.claim(room) }))),
    );
    for (const room of rooms)
      expect(
        results.filter((r) => r.room === room && r.won),
        room,
      ).toHaveLength(1);
  });

  it('an owner whose connection dies commits nothing more, and another takes its room at once', async () => {
    const a = await process();
    const b = await process();
    expect(await a.owner.claim('room-2')).toBe(true);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [a.pid]);
    } finally {
      await admin.end();
    }
    expect(await a.owner.lost).toBeInstanceOf(LaneLostError);
    expect(a.owner.holds('room-2')).toBe(false);
    await expect(a.owner.claim('room-3')).rejects.toBeInstanceOf(LaneLostError);
    expect(await b.owner.claim('room-2')).toBe(true);
  });
});
