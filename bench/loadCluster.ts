import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalCluster } from '../src/server/cluster/localCluster';
import type { LocalCluster } from '../src/server/cluster/localCluster';
import { SERVER_NODE_FLAGS } from '../src/server/nodeFlags';
import { runIntents } from './loadIntents';
import { seedRooms } from './loadRooms';
import type { OurRoom } from './loadRooms';
import { spawnServer, stopServer } from './loadServer';
import { commitFigures, doubleOwned, readEvents, roomsServedBy } from './loadClusterEvents';
import { childrenOf, sampleProcesses, watchPostgres, watchProcess } from './loadClusterProc';
import type { Watched } from './loadClusterProc';
import { printFailover, printPhases } from './loadClusterReport';
import type { FailoverResult, PhaseResult } from './loadClusterReport';
import { ClusterTraffic, finalCheck } from './loadClusterTraffic';
import { runFailover } from './loadClusterFailover';
import { flag } from './flags';

/**
 * `npm run load:cluster [-- --seconds=N --rooms=N --clients=N --rate=N --intent-rate=N
 * --max-processes=N --failover-seconds=N --after-restart-seconds=N --pg-fsync]`: the traffic of
 * `npm run load` (per room one GM moving a token `rate` times a second over its websocket, the
 * other clients receiving, one player sending intents over HTTP) against one server process on
 * SQLite directly (the reference), then through HAProxy against 1, 2, … `max-processes` server
 * processes on PostgreSQL (src/server/cluster/localCluster.ts), each on a fresh cluster. On the
 * largest one, a failover: kill -9 of the process serving most rooms, its rooms' way to their
 * new owners, its restart and the rooms' way back. Every process writes its serving intervals and
 * group commits into EVENTS_FILE (src/server/eventsFile.ts); from them come the commit figures and
 * the double-owned time. docs/scaling.md, "Figures", has a run's output and its reading.
 */

// Each y-websocket provider adds a process 'exit' listener.
process.setMaxListeners(0);

const ROOT = resolve(import.meta.dirname, '..');

const SECONDS = flag('seconds', 20);
const ROOMS = flag('rooms', 10);
const CLIENTS = flag('clients', 6);
const RATE = flag('rate', 5);
const INTENT_RATE = flag('intent-rate', 2);
const MAX_PROCESSES = flag('max-processes', 3);
const FAILOVER_SECONDS = flag('failover-seconds', 10);
const AFTER_RESTART_SECONDS = flag('after-restart-seconds', 8);
/** PostgreSQL with fsync (an OS crash loses nothing); default off, as DURABILITY=process on SQLite. */
const PG_FSYNC = process.argv.includes('--pg-fsync');
const WARMUP_SECONDS = 3;

const SERVER_ARGS = [...SERVER_NODE_FLAGS, 'dist-server/main.js'];

interface Target {
  readonly label: string;
  readonly origin: string;
  readonly rooms: OurRoom[];
  readonly eventsFile: string;
  readonly watched: Watched[];
  /** The server processes' pids now (rooms served per process). */
  serverPids(): (number | undefined)[];
}

const wsOf = (origin: string) => origin.replace('http', 'ws') + '/ws';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The measured window on `target`: GM moves and player intents in every room, after a warm-up.
 * The GM traffic keeps running (the failover continues it); the caller stops it.
 */
async function measure(target: Target, traffic: ClusterTraffic): Promise<PhaseResult> {
  traffic.start();
  const intents = runIntents(target.origin, target.rooms, {
    seconds: SECONDS,
    rate: INTENT_RATE,
    warmupSeconds: WARMUP_SECONDS,
  });
  await sleep(WARMUP_SECONDS * 1000);
  const gmMs: number[] = [];
  traffic.measure(gmMs);
  const sampler = sampleProcesses(target.watched);
  const from = Date.now();
  await sleep(SECONDS * 1000);
  const to = Date.now();
  traffic.measure(undefined);
  const processes = sampler.stop();
  const intentResult = await intents;
  await sleep(400); // commit lines are written every 200 ms
  const events = readEvents(target.eventsFile);
  return {
    label: target.label,
    gmMs,
    undelivered: 0,
    intentMs: intentResult.latenciesMs,
    intentErrors: intentResult.errors,
    intentErrorSamples: intentResult.errorSamples,
    commits: commitFigures(events, from, to),
    processes,
    roomsPerProcess: target
      .serverPids()
      .map((pid) => (pid === undefined ? 0 : roomsServedBy(events, pid).size)),
    seconds: SECONDS,
  };
}

/** Moves timed in the window that never reached every receiver (counted once traffic stops). */
function withUndelivered(phase: PhaseResult, undelivered: number): PhaseResult {
  return { ...phase, undelivered };
}

/** What every configuration adds to the final checks. */
const totals = {
  missing: 0,
  unread: 0,
  acked: 0,
  doubleMs: 0,
  intervals: 0,
  overlaps: [] as ReturnType<typeof doubleOwned>['overlaps'],
};

async function checkRooms(target: Target, traffic: ClusterTraffic, endOf: (pid: number) => number) {
  const acked = traffic.ackedByRoom();
  traffic.close();
  const final = await finalCheck(wsOf(target.origin), target.rooms, acked);
  totals.missing += final.missing;
  totals.unread += final.unread;
  for (const set of acked.values()) totals.acked += set.size;
  for (const room of final.perRoom)
    if (room.missing || Number.isNaN(room.storedSeq))
      console.log(
        `  ${target.label}: room ${room.roomId} stored seq ${room.storedSeq}, ${room.missing} acknowledged moves missing`,
      );
  const owned = doubleOwned(readEvents(target.eventsFile), endOf);
  totals.doubleMs += owned.totalMs;
  totals.intervals += owned.intervals;
  totals.overlaps.push(...owned.overlaps);
  return final;
}

async function sqliteReference(): Promise<PhaseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-load-cluster-'));
  const eventsFile = join(dir, 'events.jsonl');
  const server = await spawnServer(
    ROOT,
    'dist-server/main.js',
    ['--port=0', '--no-demo'],
    { DATA_DIR: dir, ROOM_LIMIT: '0', EVENTS_FILE: eventsFile },
    [...SERVER_NODE_FLAGS],
  );
  try {
    const target: Target = {
      label: 'SQLite, 1 process, direct (reference)',
      origin: server.origin,
      rooms: await seedRooms(server.origin, ROOT, ROOMS, CLIENTS),
      eventsFile,
      watched: [watchProcess('server (SQLite)', () => server.child.pid)],
      serverPids: () => [server.child.pid],
    };
    const traffic = new ClusterTraffic(wsOf(target.origin), target.rooms, RATE);
    await traffic.ready();
    const phase = await measure(target, traffic);
    const undelivered = await traffic.stop();
    await checkRooms(target, traffic, () => Date.now());
    return withUndelivered(phase, undelivered);
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

type FailoverPart = Omit<
  FailoverResult,
  'missingAtEnd' | 'unreadAtEnd' | 'ackedMoves' | 'doubleOwnedMs' | 'overlaps' | 'servingIntervals'
>;

async function clusterRun(
  processes: number,
  failover: boolean,
): Promise<{ phase: PhaseResult; failover?: FailoverPart }> {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-load-cluster-'));
  const eventsFile = join(dir, 'events.jsonl');
  let cluster: LocalCluster | undefined;
  try {
    cluster = await startLocalCluster({
      processes,
      serverArgs: SERVER_ARGS,
      rootDir: ROOT,
      env: { EVENTS_FILE: eventsFile },
      fastPostgres: !PG_FSYNC,
      roomsPerHour: 0,
      onOutput: (name, line) => {
        if (/error|warn/i.test(line)) console.log(`  [${name}] ${line}`);
      },
    });
    const c = cluster;
    const proxyPid = childrenOf(process.pid, 'haproxy')[0];
    const target: Target = {
      label: `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}, HAProxy`,
      origin: c.origin,
      rooms: await seedRooms(c.origin, ROOT, ROOMS, CLIENTS),
      eventsFile,
      watched: [
        ...c.processes.map((p) => watchProcess(p.name, () => p.pid())),
        watchPostgres(() => c.postgres.pid()),
        ...(proxyPid ? [watchProcess('HAProxy', () => proxyPid)] : []),
      ],
      serverPids: () => c.processes.map((p) => p.pid()),
    };
    const traffic = new ClusterTraffic(wsOf(target.origin), target.rooms, RATE);
    await traffic.ready();
    const phase = await measure(target, traffic);
    if (!failover) {
      const undelivered = await traffic.stop();
      await checkRooms(target, traffic, () => Date.now());
      return { phase: withUndelivered(phase, undelivered) };
    }
    // The window's own undelivered moves: those sent in it and still pending a second later.
    const windowEnd = performance.now();
    await sleep(1000);
    const undelivered = traffic.pendingCount(windowEnd);
    const result = await runFailover(c, target, traffic, {
      failoverSeconds: FAILOVER_SECONDS,
      afterRestartSeconds: AFTER_RESTART_SECONDS,
      intentRate: INTENT_RATE,
    });
    await traffic.stop();
    const ownerChecks = traffic.checks;
    await checkRooms(target, traffic, (pid) => result.endOf(pid));
    return {
      phase: withUndelivered(phase, undelivered),
      failover: {
        ...result.figures,
        writersReplaced: traffic.replaced,
        ownerChecks: ownerChecks.length,
        missingAtOwnerChecks: ownerChecks.reduce((sum, check) => sum + check.missing, 0),
      },
    };
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(
    `load:cluster: ${ROOMS} rooms × ${CLIENTS} clients (1 GM writer + ${CLIENTS - 1} receivers), ${RATE} GM moves/s and ` +
      `${INTENT_RATE} player intents/s per room, ${SECONDS} s measured per configuration after ${WARMUP_SECONDS} s of warm-up; ` +
      `SQLite directly, then PostgreSQL (${PG_FSYNC ? 'fsync on' : 'fsync off, as DURABILITY=process on SQLite'}) ` +
      `through HAProxy with 1..${MAX_PROCESSES} server processes, each a fresh cluster; ` +
      `failover on the ${MAX_PROCESSES}-process one (${FAILOVER_SECONDS} s after the kill, ${AFTER_RESTART_SECONDS} s after the restart)`,
  );
  const phases: PhaseResult[] = [await sqliteReference()];
  let failover: FailoverPart | undefined;
  for (let n = 1; n <= MAX_PROCESSES; n += 1) {
    const run = await clusterRun(n, n === MAX_PROCESSES);
    phases.push(run.phase);
    failover = run.failover ?? failover;
  }
  printPhases(phases);
  if (failover)
    printFailover({
      ...failover,
      missingAtEnd: totals.missing,
      unreadAtEnd: totals.unread,
      ackedMoves: totals.acked,
      doubleOwnedMs: totals.doubleMs,
      overlaps: totals.overlaps,
      servingIntervals: totals.intervals,
    });
  const cores = cpus().length;
  console.log(
    `\nnotes: this machine has ${cores} core${cores > 1 ? 's' : ''} (${cpus()[0]?.model.trim() ?? 'unknown'}), shared by every ` +
      `server process, PostgreSQL, HAProxy and the load generator (all clients live in this one process): more ` +
      `processes here share the same ${cores} cores, so they add hops (proxy, PostgreSQL round trips) and no CPU. ` +
      `"p99×ref" is against the SQLite process of this same run. "lost" = moves of the window not delivered to ` +
      `every receiver. A move is acknowledged once a receiver got it (broadcast after commit). ` +
      `The machine is shared: "the whole machine" rows show what else ran; load average at the end ` +
      `${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}. Whole run ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
