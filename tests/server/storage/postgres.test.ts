import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPostgres } from '../../../src/server/storage/localPostgres';
import { startLocalPostgres } from '../../../src/server/storage/localPostgres';
import type { PostgresStorage } from '../../../src/server/storage/postgresStorage';
import { openPostgresStorage } from '../../../src/server/storage/postgresStorage';
import { LaneLostError } from '../../../src/server/storage/CommitLane';
import { storageSuite } from './storageSuite';
import { waitFor } from '../helpers';

/**
 * The shared storage suite on PostgreSQL: one throwaway server for the file (Debian's binaries,
 * src/server/storage/localPostgres.ts; `fast`: no fsync, nothing here survives an OS crash), then
 * what only PostgreSQL has: a write waits for COMMIT, and a commit lane whose connection dies.
 */

let server: LocalPostgres;
/** A connection of the test's own: what another process sees. */
let observer: pg.Client;

/** The observer; its connection dies with the server in the kill test (said, not thrown). */
async function connectObserver(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

beforeAll(async () => {
  server = await startLocalPostgres({ fast: true });
  observer = await connectObserver();
}, 60_000);

afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

storageSuite('postgres', async () => {
  const storage = await openPostgresStorage(server.url);
  return {
    storage,
    async readElsewhere(doc) {
      const { rows } = await observer.query<{ data: Buffer }>(
        'SELECT data FROM updates WHERE doc = $1 ORDER BY seq',
        [doc],
      );
      return rows.map((row) => row.data);
    },
    close: () => storage.close(),
  };
});

describe('storage: postgres only', () => {
  let storage: PostgresStorage;
  beforeAll(async () => {
    storage = await openPostgresStorage(server.url);
  });
  afterAll(() => storage?.close());

  it('opens a database whose tables exist already, several processes at once', async () => {
    const again = await Promise.all([openPostgresStorage(server.url), openPostgresStorage(server.url)]);
    await Promise.all(again.map((other) => other.close()));
  });

  it('an append resolves only after its transaction has committed', async () => {
    const doc = `wait-${Date.now()}`;
    // Another session holds the table: the append's INSERT waits, so its COMMIT does too.
    await observer.query('BEGIN');
    await observer.query('LOCK TABLE updates IN EXCLUSIVE MODE');
    let resolved = false;
    const append = storage.appendUpdate(doc, Uint8Array.of(1, 2, 3)).then(() => (resolved = true));
    // Once the append's session is seen waiting on the table lock, its commit cannot have happened.
    await waitFor(
      async () =>
        (
          await observer.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
          )
        ).rows[0]!.n !== '0',
      'the append waiting on the lock',
    );
    expect(resolved).toBe(false);
    await observer.query('COMMIT');
    await append;
    const { rows } = await observer.query('SELECT data FROM updates WHERE doc = $1', [doc]);
    expect(rows).toHaveLength(1);
  });

  it('every connection commits with synchronous_commit=on', async () => {
    const lane = await storage.openLane();
    try {
      const setting = await lane.run(
        async (client) => (await client.query('SHOW synchronous_commit')).rows[0],
      );
      expect(setting).toEqual({ synchronous_commit: 'on' });
      expect((await storage.pool.query('SHOW synchronous_commit')).rows[0]).toEqual({
        synchronous_commit: 'on',
      });
    } finally {
      await lane.close();
    }
  });

  it('a lane whose connection dies refuses writes, says so, and keeps nothing half done', async () => {
    const lane = await storage.openLane();
    const pid = await lane.run(
      async (client) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid,
    );
    // A session-level advisory lock lives and dies with the lane's connection (the ownership step).
    await lane.run((client) => client.query('SELECT pg_advisory_lock(4242)'));
    const doc = `lost-${Date.now()}`;
    await lane.append(doc, Uint8Array.of(1));
    await observer.query('SELECT pg_terminate_backend($1)', [pid]);
    expect(await lane.lost).toBeInstanceOf(LaneLostError);
    await expect(lane.append(doc, Uint8Array.of(2))).rejects.toBeInstanceOf(LaneLostError);
    const { rows } = await observer.query('SELECT pg_try_advisory_lock(4242) AS free');
    expect(rows[0].free).toBe(true);
    await observer.query('SELECT pg_advisory_unlock(4242)');
    expect((await storage.readUpdates(doc)).updates.map((u) => [...u])).toEqual([[1]]);
    // The storage's own lane is another connection: it still commits.
    await storage.appendUpdate(doc, Uint8Array.of(3));
    expect((await storage.readUpdates(doc)).updates).toHaveLength(2);
  });

  it('a default lane that dies refuses writes until it is renewed', async () => {
    const lane = await storage.defaultLane();
    const pid = await lane.run(
      async (client) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid,
    );
    await observer.query('SELECT pg_terminate_backend($1)', [pid]);
    await lane.lost;
    const doc = `replaced-${Date.now()}`;
    await expect(storage.appendUpdate(doc, Uint8Array.of(8))).rejects.toBeInstanceOf(LaneLostError);
    expect(await storage.renewLane()).not.toBe(lane);
    await storage.appendUpdate(doc, Uint8Array.of(9));
    expect((await storage.readUpdates(doc)).updates.map((u) => [...u])).toEqual([[9]]);
  });
});

describe('storage: postgres killed', () => {
  it('keeps every acknowledged append through a kill -9 of PostgreSQL', async () => {
    const storage = await openPostgresStorage(server.url);
    const doc = `killed-${Date.now()}`;
    const acknowledged: number[] = [];
    let refused = 0;
    // One append per turn until PostgreSQL is gone: commits follow each other, one always under way.
    const writing = (async () => {
      for (let i = 0; refused === 0 && i < 65_536; i += 1) {
        storage.appendUpdate(doc, Uint8Array.of(i & 0xff, i >> 8)).then(
          () => void acknowledged.push(i),
          () => void (refused += 1),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // The postmaster killed while commits are under way (fsync=off does not matter: the kernel
    // keeps what PostgreSQL wrote).
    await waitFor(() => acknowledged.length >= 20, 'commits under way');
    process.kill(server.pid(), 'SIGKILL');
    await writing;
    await observer.end().catch(() => undefined);
    await storage.close().catch(() => undefined);
    await server.restart();
    observer = await connectObserver();
    const { rows } = await observer.query<{ data: Buffer }>('SELECT data FROM updates WHERE doc = $1', [doc]);
    const stored = new Set(rows.map((row) => row.data[0]! + (row.data[1]! << 8)));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0); // the kill came while commits were under way
    for (const i of acknowledged) expect(stored.has(i)).toBe(true);
  });
});
