import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';
import { startLocalCluster } from '../../../src/server/cluster/localCluster';
import type { LocalCluster } from '../../../src/server/cluster/localCluster';
import { connectClient, waitFor } from '../helpers';

/**
 * One cluster per test file (docs/scaling.md): a throwaway PostgreSQL, three server processes run
 * through tsx and HAProxy, every process writing when it starts and stops serving a room
 * (EVENTS_FILE), so a test can tell who serves a room and whether two ever did at once.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

export interface ClusterFixture {
  readonly cluster: LocalCluster;
  /** ws://… of the proxy. */
  readonly wsUrl: string;
  /** A connection to the cluster's PostgreSQL, for the tests' own queries. */
  readonly db: pg.Client;
  /** The index of the process serving `roomId` now, per the processes' own events. */
  ownerOf(roomId: string): number | undefined;
  /** Milliseconds during which two processes served one room at once (must stay 0). */
  doubleServedMs(): number;
  /** Who served `roomId` when, in words: for a failure's message. */
  history(roomId: string): string;
  /** kill -9 of a process, remembered so its open intervals end there. */
  kill(index: number): Promise<void>;
  restart(index: number): Promise<void>;
}

interface ServingEvent {
  readonly at: number;
  readonly pid: number;
  readonly kind: string;
  readonly roomId?: string;
  readonly serving?: boolean;
}

export function useCluster(): () => ClusterFixture {
  process.setMaxListeners(0); // every y-websocket provider and the PostgreSQL helper add an exit listener
  let fixture: ClusterFixture | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'icon-vtt-cluster-test-'));
    const eventsFile = join(dir, 'events.jsonl');
    const cluster = await startLocalCluster({
      processes: 3,
      serverArgs: ['--import', 'tsx', 'src/server/main.ts'],
      rootDir: ROOT,
      roomsPerHour: 0,
      fastPostgres: true,
      env: { EVENTS_FILE: eventsFile },
    });
    const db = new pg.Client({ connectionString: cluster.postgres.url });
    await db.connect();
    db.on('error', () => undefined); // the PostgreSQL kill test ends it
    /** pid → when it was killed. */
    const killedAt = new Map<number, number>();
    const pidsOf = new Map<number, number>(); // pid → process index
    const notePids = () =>
      cluster.processes.forEach((p, i) => {
        const pid = p.pid();
        if (pid !== undefined) pidsOf.set(pid, i);
      });
    notePids();
    const events = (): ServingEvent[] =>
      existsSync(eventsFile)
        ? readFileSync(eventsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as ServingEvent)
            .filter((e) => e.kind === 'serving')
        : [];
    /** Per room, the intervals each pid served it. */
    const intervals = (): Map<string, { pid: number; from: number; to: number }[]> => {
      const open = new Map<string, number>(); // `${room} ${pid}` → from
      const byRoom = new Map<string, { pid: number; from: number; to: number }[]>();
      const close = (room: string, pid: number, to: number) => {
        const from = open.get(`${room} ${pid}`);
        if (from === undefined) return;
        open.delete(`${room} ${pid}`);
        byRoom.set(room, [...(byRoom.get(room) ?? []), { pid, from, to }]);
      };
      for (const e of events()) {
        if (e.serving) open.set(`${e.roomId} ${e.pid}`, e.at);
        else close(e.roomId!, e.pid, e.at);
      }
      for (const key of [...open.keys()]) {
        const [room, pid] = key.split(' ') as [string, string];
        close(room, Number(pid), killedAt.get(Number(pid)) ?? Number.MAX_SAFE_INTEGER);
      }
      return byRoom;
    };
    fixture = {
      cluster,
      wsUrl: cluster.origin.replace('http', 'ws') + '/ws',
      db,
      ownerOf(roomId) {
        const live = (intervals().get(roomId) ?? []).filter(
          (i) => i.to === Number.MAX_SAFE_INTEGER && !killedAt.has(i.pid),
        );
        return live.length === 1 ? pidsOf.get(live[0]!.pid) : undefined;
      },
      history(roomId) {
        const name = (pid: number) => `${cluster.processes[pidsOf.get(pid) ?? -1]?.name ?? '?'} (pid ${pid})`;
        return events()
          .filter((e) => e.roomId === roomId)
          .map((e) => `${e.at % 100_000} ${name(e.pid)} ${e.serving ? 'serves' : 'stops'}`)
          .join('; ');
      },
      doubleServedMs() {
        let total = 0;
        for (const list of intervals().values())
          for (let a = 0; a < list.length; a += 1)
            for (let b = a + 1; b < list.length; b += 1) {
              if (list[a]!.pid === list[b]!.pid) continue;
              const overlap = Math.min(list[a]!.to, list[b]!.to) - Math.max(list[a]!.from, list[b]!.from);
              if (overlap > 0) total += Math.min(overlap, 1e9);
            }
        return total;
      },
      async kill(index) {
        const pid = cluster.processes[index]!.pid();
        await cluster.kill(index);
        if (pid !== undefined) killedAt.set(pid, Date.now());
      },
      async restart(index) {
        const pid = cluster.processes[index]!.pid();
        if (pid !== undefined) killedAt.set(pid, Date.now()); // restart kills it first (-9)
        await cluster.restart(index);
        notePids();
        // Back in HAProxy's ring too, so new rooms are placed where their hash says.
        const name = cluster.processes[index]!.name;
        await waitFor(
          async () =>
            (await cluster.proxyState())
              .split('\n')
              .some((line) => line.split(' ')[3] === name && line.split(' ')[5] === '2'),
          `HAProxy to see ${name} again`,
          20_000,
        );
      },
    };
  }, 120_000);
  afterAll(async () => {
    await fixture?.db.end().catch(() => undefined);
    await fixture?.cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  return () => {
    if (!fixture) throw new Error('the cluster did not start');
    return fixture;
  };
}

/** A y-websocket client through the proxy, reconnecting by itself, counting its syncs and close codes. */
export interface ClusterClient {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  /** Close codes it received, in order. */
  readonly closes: number[];
  /** How many times it has synced (1 after the first connection). */
  syncs(): number;
  destroy(): void;
}

/** The stock test client (helpers.ts), counting its syncs and the close codes it got. */
export function clusterClient(wsUrl: string, docName: string, token: string): ClusterClient {
  const client = connectClient(wsUrl, docName, token);
  let syncs = 0;
  const closes: number[] = [];
  client.provider.on('sync', (synced: boolean) => void (synced && (syncs += 1)));
  client.provider.on('connection-close', (event) => void (event && closes.push(event.code)));
  return { doc: client.doc, provider: client.provider, closes, syncs: () => syncs, destroy: client.destroy };
}

/** Until the client has synced more than `times` times (reconnected and caught up). */
export function syncedAgain(client: ClusterClient, times: number, what: string, timeoutMs = 20_000) {
  return waitFor(() => client.syncs() > times, what, timeoutMs);
}
