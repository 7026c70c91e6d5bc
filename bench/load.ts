import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as Y from 'yjs';
import { connect, runTraffic } from './loadTraffic';
import type { RoomAccess, TrafficResult } from './loadTraffic';
import { runIntents } from './loadIntents';
import { measureLogCost } from './loadLogRoom';
import { seedRooms } from './loadRooms';
import type { OurRoom } from './loadRooms';
import { peakRssMiB, rssMiB, spawnServer, stopServer } from './loadServer';
import type { ProbeStats, Server } from './loadServer';
import { percentile, printReport } from './loadReport';
import type { Measured } from './loadReport';

/**
 * `npm run load [-- --seconds=N --rooms=N --clients=N --rate=N --intent-rate=N --log-lines=N
 * --log-intents=N --also-fsync --cpu-prof --gm-only --empty-stock --busy=N]`: loopback load test of our
 * server against the stock @y/websocket-server 0.1.1, both serving the same room: the stock
 * server's docs start from one of our rooms' public doc, and every client of either server starts
 * from its room's state (`--empty-stock`: clients and stock docs start from nothing, as before
 * session 15; the stock clients then hold a few hundred bytes where ours hold the whole room). Per room: one GM writing token moves over its websocket (`rate`/s)
 * and, on our server, a player sending intents over HTTP (`intent-rate`/s: moves and attacks the
 * server resolves). Then the log scenario: the same intents in a room with a `log-lines`-line log
 * against a fresh room (`--gm-only` skips both, to compare the GM-write path alone in ~90 s).
 * Targets (issue 10) are printed with PASS/FAIL. `--cpu-prof` writes a CPU profile of our server
 * into ./load-profiles/.
 */

// Each y-websocket provider adds a process 'exit' listener; 120 of them are expected here.
process.setMaxListeners(0);

const ROOT = resolve(import.meta.dirname, '..');

function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name}: expected a positive number, got "${arg}"`);
  return value;
}

const SECONDS = flag('seconds', 30);
const ROOMS = flag('rooms', 20);
const CLIENTS = flag('clients', 6);
const RATE = flag('rate', 5);
const INTENT_RATE = flag('intent-rate', 2);
const LOG_LINES = flag('log-lines', 40_000);
// 500 intents take the long room past COMPACT_AFTER_UPDATES: one compaction of its big doc is measured too.
const LOG_INTENTS = flag('log-intents', 500);
const GM_ONLY = process.argv.includes('--gm-only');
/**
 * `--busy=N`: N processes that spin on a core each for the whole run, started from this
 * process (so in its session and scheduling group): a GM who hosts on the laptop that also runs
 * a busy browser. Not the scenario; it shows whether the event loop ever waits on one of the
 * server's other threads when they cannot get a core (docs/server.md, session 19).
 */
const BUSY = flag('busy', 0);
const WARMUP = Math.min(2, SECONDS / 5);
const TRAFFIC = { seconds: SECONDS, rate: RATE, warmupSeconds: WARMUP };

/**
 * Phase 1 runs in slices that alternate between the servers in the order ABBA BAAB (each server
 * measured SLICES times), after an unmeasured warm-up on each: this process and both servers
 * get faster as their code warms up, and a balanced order gives neither server the early slices.
 */
const ORDER = ['ours', 'stock', 'stock', 'ours', 'stock', 'ours', 'ours', 'stock'] as const;
const SLICES = ORDER.length / 2;
const SLICE = { ...TRAFFIC, seconds: SECONDS / SLICES, collectFirst: true };

/** A started server with its rooms; `stop` removes what it made (a second call does nothing). */
interface Running<R extends RoomAccess = RoomAccess> {
  readonly server: Server;
  readonly rooms: R[];
  readonly wsUrl: string;
  stop(): Promise<void>;
}

async function startOurs(
  durability: 'full' | 'process',
  profile: boolean,
): Promise<Running<OurRoom> & { extra: ExtraRooms }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-load-'));
  const server = await spawnServer(
    ROOT,
    'src/server/main.ts',
    ['--port=0', '--no-demo'],
    { DATA_DIR: dataDir, DURABILITY: durability, ROOM_LIMIT: '0' }, // --rooms may exceed one address's hourly limit
    profile ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'load-profiles')}`] : [],
  );
  const rooms = await seedRooms(server.origin, ROOT, ROOMS, CLIENTS);
  // The two log-scenario rooms get 4 more Ivo links (25 intents a second, 10 allowed per link).
  rooms.push(...(await seedRooms(server.origin, ROOT, 2, CLIENTS, 4)));
  const [emptyRoom, longRoom] = rooms.splice(ROOMS, 2) as [(typeof rooms)[0], (typeof rooms)[0]];
  return {
    server,
    rooms,
    wsUrl: server.origin.replace('http', 'ws') + '/ws',
    extra: { emptyRoom, longRoom },
    async stop() {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ExtraRooms {
  readonly emptyRoom: OurRoom;
  readonly longRoom: OurRoom;
}

async function startStock(seed: Uint8Array | undefined): Promise<Running> {
  const server = await spawnServer(ROOT, 'bench/loadStockServer.ts', [], {});
  return {
    server,
    rooms: Array.from({ length: ROOMS }, (_, i) => ({
      docName: `load-room-${i}`,
      writerToken: 'stock-has-no-auth',
      readerTokens: Array.from({ length: CLIENTS - 1 }, () => 'stock-has-no-auth'),
      seed,
    })),
    wsUrl: server.origin.replace('http', 'ws') + '/ws',
    stop: () => stopServer(server),
  };
}

/** The public doc of one of our rooms as its players receive it: the stock server's rooms start from it. */
async function roomState(running: Running, room = running.rooms[0]!): Promise<Uint8Array> {
  const client = connect(running.wsUrl, room.docName, room.readerTokens[0]!);
  await client.synced;
  const state = Y.encodeStateAsUpdate(client.doc);
  client.provider.destroy();
  client.doc.destroy();
  return state;
}

/** One slice of GM-only traffic, with the server's probe over exactly that slice. */
async function gmSlice(running: Running, seconds = SLICE.seconds): Promise<[TrafficResult, ProbeStats]> {
  const traffic = await runTraffic(running.wsUrl, running.rooms, { ...SLICE, seconds }, () =>
    running.server.probe(),
  );
  return [traffic, await running.server.probe()];
}

function pooled(slices: readonly [TrafficResult, ProbeStats][]): {
  traffic: TrafficResult;
  probe: ProbeStats;
} {
  const t = slices.map(([traffic]) => traffic);
  const p = slices.map(([, probe]) => probe);
  const sum = (f: (x: ProbeStats) => number) => p.reduce((a, x) => a + f(x), 0);
  const max = (f: (x: ProbeStats) => number) => Math.max(...p.map(f));
  return {
    traffic: {
      latenciesMs: t.flatMap((x) => x.latenciesMs),
      sent: t.reduce((a, x) => a + x.sent, 0),
      incomplete: t.reduce((a, x) => a + x.incomplete, 0),
      generatorPausesMs: t.flatMap((x) => x.generatorPausesMs),
    },
    probe: {
      cpuMs: sum((x) => x.cpuMs),
      mainBusyMs: sum((x) => x.mainBusyMs),
      loopP99: max((x) => x.loopP99),
      loopMax: max((x) => x.loopMax),
      gcCount: sum((x) => x.gcCount),
      gcTotal: sum((x) => x.gcTotal),
      gcOver10: sum((x) => x.gcOver10),
      gcMax: max((x) => x.gcMax),
      gcMajor: sum((x) => x.gcMajor),
      gcMajorMax: max((x) => x.gcMajorMax),
      heapMiB: max((x) => x.heapMiB),
    },
  };
}

/** Phase 2: GM writes plus player intents over HTTP in every room. Phase 3: intent cost against log length. */
async function intentPhases(ours: Running<OurRoom> & { extra: ExtraRooms }) {
  const [mixed, intents] = await Promise.all([
    runTraffic(ours.wsUrl, ours.rooms, TRAFFIC, () => ours.server.probe()),
    runIntents(ours.server.origin, ours.rooms, { ...TRAFFIC, rate: INTENT_RATE }),
  ]);
  const mixedProbe = await ours.server.probe();
  const logCost = await measureLogCost(
    ours.server.origin,
    ours.extra.emptyRoom,
    ours.extra.longRoom,
    { lines: LOG_LINES, intents: LOG_INTENTS },
    () => ours.server.probe(),
  );
  return { mixed, intents, mixedProbe, logCost, logProbe: await ours.server.probe() };
}

async function main(): Promise<void> {
  console.log(
    `load: ${ROOMS} rooms × ${CLIENTS} clients (1 GM writer + ${CLIENTS - 1} receivers), ${RATE} GM moves/s ` +
      `and (ours) ${INTENT_RATE} player intents/s per room, ${SECONDS} s measured per server ` +
      `(GM-only: ${SLICES} slices each in the order ABBA BAAB after a 5 s warm-up of each), loopback; then ` +
      `${LOG_INTENTS} intents each in a fresh room and one with a ${LOG_LINES}-line log`,
  );
  // Unref'd, so they never keep this process alive; killed whenever it exits, a failed run too.
  const busy = Array.from({ length: BUSY }, () => {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    child.unref();
    return child;
  });
  process.on('exit', () => busy.forEach((child) => child.kill('SIGKILL')));
  const ours = await startOurs('process', process.argv.includes('--cpu-prof'));
  const emptyStock = process.argv.includes('--empty-stock');
  const stock = await startStock(emptyStock ? undefined : await roomState(ours));
  // Our clients start from their room's state too, as the stock server's do: on both servers a
  // client's first sync then carries only what it lacks, and the setup work before each slice
  // is the same.
  if (!emptyStock)
    for (const [index, room] of ours.rooms.entries())
      ours.rooms[index] = { ...room, seed: await roomState(ours, room) };
  const results: Measured[] = [];
  try {
    // Phase 1: the same GM-only traffic on both servers, both running side by side and taking
    // turns (ORDER), so whatever else the machine does falls on both alike (a fair comparison).
    const oursSlices: [TrafficResult, ProbeStats][] = [];
    const stockSlices: [TrafficResult, ProbeStats][] = [];
    await gmSlice(ours, 5);
    await gmSlice(stock, 5);
    for (const which of ORDER) {
      if (which === 'ours') oursSlices.push(await gmSlice(ours));
      else stockSlices.push(await gmSlice(stock));
    }
    // Per slice, so a slow start or a noisy moment shows as what it is.
    const p99s = (slices: readonly [TrafficResult, ProbeStats][]) =>
      slices
        .map(([t]) =>
          percentile(
            [...t.latenciesMs].sort((a, b) => a - b),
            99,
          ).toFixed(1),
        )
        .join(', ');
    console.log(`GM-write p99 per slice (ms): ours ${p99s(oursSlices)}; stock ${p99s(stockSlices)}`);
    const pauses = (slices: readonly [TrafficResult, ProbeStats][]) => {
      const ms = slices.flatMap(([t]) => t.generatorPausesMs);
      return `${ms.length} GC pauses, longest ${Math.max(0, ...ms).toFixed(1)} ms`;
    };
    console.log(
      `load generator (this process) while moves were timed: ours' slices ${pauses(oursSlices)}; ` +
        `stock's ${pauses(stockSlices)}`,
    );
    const stockPeak = peakRssMiB(stock.server.child.pid!);
    // Both servers after the same GM traffic (ours' peak also covers phases 2 and 3 below, with
    // the 40,000-line room and its compaction, which the stock server never runs).
    const stockRss = rssMiB(stock.server.child.pid!);
    const oursGmRss = rssMiB(ours.server.child.pid!);
    await stock.stop();
    // Phases 2 and 3 (skipped with --gm-only, to compare the GM-write path alone quickly).
    const more = GM_ONLY ? undefined : await intentPhases(ours);
    results.push(
      {
        label: 'ours (DURABILITY=process)',
        ...pooled(oursSlices),
        ...more,
        peakRss: peakRssMiB(ours.server.child.pid!),
        gmRss: oursGmRss,
      },
      {
        label: 'stock @y/websocket-server 0.1.1',
        ...pooled(stockSlices),
        peakRss: stockPeak,
        gmRss: stockRss,
      },
    );
  } finally {
    await ours.stop();
    await stock.stop();
  }
  if (process.argv.includes('--also-fsync')) {
    const full = await startOurs('full', false);
    try {
      results.push({
        label: 'ours (DURABILITY=full)',
        ...pooled([await gmSlice(full, SECONDS)]),
        peakRss: peakRssMiB(full.server.child.pid!),
      });
    } finally {
      await full.stop();
    }
  }
  printReport(results, LOG_LINES);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
