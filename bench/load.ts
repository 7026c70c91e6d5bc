import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTraffic } from './loadTraffic';
import type { RoomAccess } from './loadTraffic';
import { runIntents } from './loadIntents';
import { measureLogCost } from './loadLogRoom';
import { seedRooms } from './loadRooms';
import { peakRssMiB, spawnServer, stopServer } from './loadServer';
import { printReport } from './loadReport';
import type { Measured } from './loadReport';

/**
 * `npm run load [-- --seconds=N --rooms=N --clients=N --rate=N --intent-rate=N --log-lines=N
 * --log-intents=N --also-fsync --cpu-prof]`: loopback load test of our server against the stock
 * @y/websocket-server 0.1.1. Per room: one GM writing token moves over its websocket (`rate`/s)
 * and, on our server, a player sending intents over HTTP (`intent-rate`/s: moves and attacks the
 * server resolves). Then the log scenario: the same intents in a room with a `log-lines`-line log
 * against a fresh room. Targets (issue 10) are printed with PASS/FAIL. `--cpu-prof` writes a CPU
 * profile of our server into ./load-profiles/.
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
const WARMUP = Math.min(2, SECONDS / 5);
const TRAFFIC = { seconds: SECONDS, rate: RATE, warmupSeconds: WARMUP };

async function measureOurs(durability: 'full' | 'process', withExtras: boolean): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-load-'));
  const profile = withExtras && process.argv.includes('--cpu-prof');
  const server = await spawnServer(
    ROOT,
    'src/server/main.ts',
    ['--port=0', '--no-demo'],
    { DATA_DIR: dataDir, DURABILITY: durability, ROOM_LIMIT: '0' }, // --rooms may exceed one address's hourly limit
    profile ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'load-profiles')}`] : [],
  );
  try {
    // The two log-scenario rooms get 4 more Ivo links (25 intents a second, 10 allowed per link).
    const rooms = await seedRooms(server.origin, ROOT, ROOMS, CLIENTS);
    rooms.push(...(await seedRooms(server.origin, ROOT, 2, CLIENTS, 4)));
    const [emptyRoom, longRoom] = rooms.splice(ROOMS, 2) as [(typeof rooms)[0], (typeof rooms)[0]];
    const wsUrl = server.origin.replace('http', 'ws') + '/ws';
    // Phase 1: the same GM-only traffic the stock server gets (a fair comparison). The probe is
    // reset once every client is synced: seeding, room loading and connecting are not traffic.
    const traffic = await runTraffic(wsUrl, rooms, TRAFFIC, () => server.probe());
    const probe = await server.probe();
    // Phase 2: GM writes plus player intents over HTTP in every room.
    const [mixed, intents] = withExtras
      ? await Promise.all([
          runTraffic(wsUrl, rooms, TRAFFIC, () => server.probe()),
          runIntents(server.origin, rooms, { ...TRAFFIC, rate: INTENT_RATE }),
        ])
      : [undefined, undefined];
    const mixedProbe = withExtras ? await server.probe() : undefined;
    // Phase 3: intent cost against log length.
    const logCost = withExtras
      ? await measureLogCost(
          server.origin,
          emptyRoom,
          longRoom,
          { lines: LOG_LINES, intents: LOG_INTENTS },
          () => server.probe(),
        )
      : undefined;
    const logProbe = withExtras ? await server.probe() : undefined;
    return {
      label: `ours (DURABILITY=${durability})`,
      traffic,
      mixed,
      intents,
      logCost,
      probe,
      mixedProbe,
      logProbe,
      peakRss: peakRssMiB(server.child.pid!),
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureStock(): Promise<Measured> {
  const server = await spawnServer(ROOT, 'bench/loadStockServer.ts', [], {});
  try {
    const rooms: RoomAccess[] = Array.from({ length: ROOMS }, (_, i) => ({
      docName: `load-room-${i}`,
      writerToken: 'stock-has-no-auth',
      readerTokens: Array.from({ length: CLIENTS - 1 }, () => 'stock-has-no-auth'),
    }));
    const traffic = await runTraffic(server.origin.replace('http', 'ws') + '/ws', rooms, TRAFFIC, () =>
      server.probe(),
    );
    const probe = await server.probe();
    return {
      label: 'stock @y/websocket-server 0.1.1',
      traffic,
      probe,
      peakRss: peakRssMiB(server.child.pid!),
    };
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  console.log(
    `load: ${ROOMS} rooms × ${CLIENTS} clients (1 GM writer + ${CLIENTS - 1} receivers), ${RATE} GM moves/s ` +
      `and (ours) ${INTENT_RATE} player intents/s per room, ${SECONDS} s measured after ${WARMUP} s warm-up, ` +
      `loopback; then ${LOG_INTENTS} intents each in a fresh room and one with a ${LOG_LINES}-line log`,
  );
  const results: Measured[] = [];
  results.push(await measureOurs('process', true));
  results.push(await measureStock());
  if (process.argv.includes('--also-fsync')) results.push(await measureOurs('full', false));
  printReport(results, LOG_LINES);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
