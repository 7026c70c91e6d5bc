import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { docNameOf } from '../../../src/server/permissions';
import { api, createRoom, RawClient, tokenAt, waitFor } from '../helpers';
import { clusterClient, syncedAgain, useCluster } from './clusterFixture';
import { keepWriting, lostMoves, storedDoc, writtenRoom } from './clusterWrites';

/**
 * One owner per room (docs/scaling.md "Ownership"), provoked on a real cluster: two processes
 * asked for one room at the same moment, an owner whose database connection is killed, and a
 * secret that must never reach a player's socket through any process, before or after a failover.
 */
const cluster = useCluster();

/** Has this raw socket been answered with the doc (a sync step 2) and is it still open? */
const served = (client: RawClient) => client.closeCode === undefined && client.frames.length > 0;

describe('room ownership in a cluster', { timeout: 60_000 }, () => {
  it('two processes asked for one room at once: one serves it at a time, the other hands it over or says "reconnect"', async () => {
    const f = cluster();
    const [first, second] = f.cluster.processes;
    for (let i = 0; i < 6; i += 1) {
      const { roomId, gmToken } = await createRoom(f.cluster.origin);
      const direct = (port: number) => RawClient.connect(`ws://127.0.0.1:${port}/ws`, roomId, gmToken);
      const clients = [direct(first!.port), direct(second!.port)];
      for (const client of clients)
        void client.opened.then(
          () => client.requestState(),
          () => undefined,
        );
      // Settled: each socket is either closed ("reconnect") or served, and not both are served.
      await waitFor(
        () =>
          clients.every((c) => c.closeCode !== undefined || c.frames.length > 0) &&
          clients.filter(served).length <= 1,
        'both sockets answered',
        15_000,
      );
      await waitFor(() => clients.filter(served).length === 1, 'one process serving the room', 15_000);
      for (const client of clients) if (client.closeCode !== undefined) expect(client.closeCode).toBe(4503);
      const owner = clients.findIndex(served);
      expect(f.ownerOf(roomId)).toBe(owner);
      clients.forEach((c) => c.ws.close());
    }
    expect(f.doubleServedMs()).toBe(0);
  });

  it('an owner whose database connection is killed stops serving its rooms; clients reconnect and nothing acknowledged is lost', async () => {
    const f = cluster();
    const room = await writtenRoom(f);
    const stop = keepWriting([room]);
    try {
      await waitFor(() => room.acknowledged().length >= 5, 'moves acknowledged');
      await waitFor(() => f.ownerOf(room.roomId) !== undefined, 'an owner');
      const pid = f.cluster.processes[f.ownerOf(room.roomId)!]!.pid();
      const syncs = room.watcher.syncs();
      const { rowCount } = await f.db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [`icon-vtt lane ${pid}`],
      );
      expect(rowCount).toBe(1);
      await waitFor(() => room.watcher.closes.includes(4503), 'the room’s sockets closed with "reconnect"');
      await syncedAgain(room.watcher, syncs, 'the watcher back');
      const count = room.acknowledged().length;
      await waitFor(() => room.acknowledged().length > count, 'moves acknowledged again', 20_000);
    } finally {
      stop();
    }
    expect(await lostMoves(f.db, room)).toEqual([]);
    expect(f.doubleServedMs()).toBe(0);
    room.destroy();
  });

  it('a secret never reaches a player’s socket or a process’s log, through any process, before or after a failover', async () => {
    const f = cluster();
    const CANARY = 'Canary Lich of Vorn';
    const { roomId, gmToken } = await createRoom(f.cluster.origin);
    const made = await api<{ token: string; id: string }>(f.cluster.origin, `/api/rooms/${roomId}/invites`, {
      token: gmToken,
      body: { name: 'Peeker', characterIds: [] },
    });
    const gm = clusterClient(f.wsUrl, roomId, gmToken);
    const gmSecrets = clusterClient(f.wsUrl, `${roomId}~secrets`, gmToken);
    await waitFor(() => gm.syncs() > 0 && gmSecrets.syncs() > 0, 'the GM synced', 20_000);
    gmSecrets.doc.getMap('tokens').set('lich', tokenAt('lich', 5, 5, { name: CANARY }));
    gmSecrets.doc.getMap('notes').set('plan', `${CANARY} waits below`);
    await waitFor(
      async () => (await storedDoc(f.db, docNameOf(roomId, 'secrets'))).getMap('tokens').has('lich'),
      'the secret stored',
    );
    const watched: RawClient[] = [];
    const watch = async (mark: string) => {
      const player = [roomId, `${roomId}~to~${made.body.id}`].map((doc) =>
        RawClient.connect(f.wsUrl, doc, made.body.token),
      );
      watched.push(...player);
      await Promise.all(player.map((c) => c.opened));
      player.forEach((c) => c.requestState());
      gm.doc.getMap('tokens').set(mark, tokenAt(mark, 1, 1));
      await waitFor(
        () => {
          const seen = new Y.Doc();
          player[0]!.replayInto(seen);
          return seen.getMap('tokens').has(mark);
        },
        'the public move at the player',
        20_000,
      );
    };
    await watch('before');
    const owner = f.ownerOf(roomId)!;
    await f.kill(owner);
    await waitFor(
      async () => {
        const probe = RawClient.connect(f.wsUrl, roomId, made.body.token);
        const opened = await probe.opened.then(
          () => true,
          () => false,
        );
        probe.ws.close();
        return opened && f.ownerOf(roomId) !== undefined;
      },
      'another process serving the room',
      20_000,
    );
    await watch('after');
    const http = await Promise.all(
      ['/api/session', `/api/rooms/${roomId}/invites`, `/api/rooms/${roomId}/export`].map((path) =>
        fetch(f.cluster.origin + path, { headers: { authorization: `Bearer ${made.body.token}` } }).then(
          (r) => r.text(),
        ),
      ),
    );
    for (const client of watched) expect(client.allBytes().includes(Buffer.from(CANARY))).toBe(false);
    expect(watched.reduce((n, c) => n + c.frames.length, 0)).toBeGreaterThan(4);
    for (const text of http) expect(text).not.toContain(CANARY);
    for (const p of f.cluster.processes) expect(p.output()).not.toContain('Lich');
    watched.forEach((c) => c.ws.close());
    gm.destroy();
    gmSecrets.destroy();
    await f.restart(owner);
  });
});
