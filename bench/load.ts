import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile, runTraffic } from './loadTraffic';
import type { RoomAccess, TrafficResult } from './loadTraffic';

/**
 * `npm run load [-- --seconds=N --rooms=N --clients=N --rate=N --also-fsync]`: loopback load test
 * of our server (default durability) against the stock @y/websocket-server 0.1.1 with the same
 * traffic (see loadTraffic.ts); `--also-fsync` adds a DURABILITY=full run.
 * Targets: our p99 move latency ≤ 1.5× the stock server's, and < 50 ms.
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
const WARMUP = Math.min(2, SECONDS / 5);
const TRAFFIC = { seconds: SECONDS, rate: RATE, warmupSeconds: WARMUP };

interface Server {
  readonly child: ChildProcess;
  readonly origin: string;
}

/** Start a server child process (plain node + tsx loader, so the pid is the server itself). */
async function spawnServer(script: string, args: string[], env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!/listening on (http:\/\/\S+)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${script} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, origin: /listening on (http:\/\/\S+)/.exec(output)![1]! };
}

/** Peak resident set (VmHWM) of a process, in MiB (Linux). */
function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const FALLBACK_MAP = {
  schemaVersion: 1,
  kind: 'map',
  name: 'Load yard',
  width: 12,
  height: 10,
  cells: Array.from({ length: 10 }, () => '.'.repeat(12)),
  heights: Array.from({ length: 10 }, () => '0'.repeat(12)),
};

interface Measured {
  readonly label: string;
  readonly traffic: TrafficResult;
  readonly peakRss: number;
}

async function measureOurs(durability: 'full' | 'process'): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-load-'));
  const server = await spawnServer('src/server/main.ts', ['--port=0', '--no-demo'], {
    DATA_DIR: dataDir,
    DURABILITY: durability,
    ROOM_LIMIT: '0', // --rooms may ask for more rooms than one address may create per hour
  });
  try {
    const arena = join(ROOT, 'maps', 'arena.json');
    const map = existsSync(arena) ? (JSON.parse(readFileSync(arena, 'utf8')) as unknown) : FALLBACK_MAP;
    const rooms: RoomAccess[] = [];
    for (let i = 0; i < ROOMS; i += 1) {
      const { roomId, gmToken } = await post<{ roomId: string; gmToken: string }>(
        `${server.origin}/api/rooms`,
        { map },
      );
      const readerTokens: string[] = [];
      for (let p = 1; p < CLIENTS; p += 1) {
        const { token } = await post<{ token: string }>(
          `${server.origin}/api/rooms/${roomId}/invites`,
          { name: `Player ${p}`, characterIds: [] },
          gmToken,
        );
        readerTokens.push(token);
      }
      rooms.push({ docName: roomId, writerToken: gmToken, readerTokens });
    }
    const traffic = await runTraffic(server.origin.replace('http', 'ws') + '/ws', rooms, TRAFFIC);
    return { label: `ours (DURABILITY=${durability})`, traffic, peakRss: peakRssMiB(server.child.pid!) };
  } finally {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureStock(): Promise<Measured> {
  const server = await spawnServer('bench/loadStockServer.ts', [], {});
  try {
    const rooms: RoomAccess[] = Array.from({ length: ROOMS }, (_, i) => ({
      docName: `load-room-${i}`,
      writerToken: 'stock-has-no-auth',
      readerTokens: Array.from({ length: CLIENTS - 1 }, () => 'stock-has-no-auth'),
    }));
    const traffic = await runTraffic(server.origin.replace('http', 'ws') + '/ws', rooms, TRAFFIC);
    return { label: 'stock @y/websocket-server 0.1.1', traffic, peakRss: peakRssMiB(server.child.pid!) };
  } finally {
    server.child.kill('SIGKILL');
  }
}

function summary(m: Measured): { p50: number; p99: number; max: number } {
  const sorted = [...m.traffic.latenciesMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

async function main(): Promise<void> {
  console.log(
    `load: ${ROOMS} rooms × ${CLIENTS} clients (1 GM writer + ${CLIENTS - 1} receivers), ${RATE} moves/s per room, ` +
      `${SECONDS} s measured after ${WARMUP} s warm-up, loopback`,
  );
  const results: Measured[] = [];
  results.push(await measureOurs('process'));
  results.push(await measureStock());
  if (process.argv.includes('--also-fsync')) results.push(await measureOurs('full'));

  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `\n${'server'.padEnd(34)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}  moves  incomplete  peak RSS MiB`,
  );
  for (const m of results) {
    const s = summary(m);
    console.log(
      `${m.label.padEnd(34)}${fmt(s.p50)}${fmt(s.p99)}${fmt(s.max)}  ${String(m.traffic.latenciesMs.length).padStart(5)}  ${String(m.traffic.incomplete).padStart(10)}  ${m.peakRss.toFixed(1).padStart(12)}`,
    );
  }
  const ours = summary(results[0]!);
  const stock = summary(results[1]!);
  const ratio = ours.p99 / stock.p99;
  console.log(
    `\np99 ratio ours/stock: ${ratio.toFixed(2)}× (target ≤ 1.5×) ${ratio <= 1.5 ? 'PASS' : 'FAIL'}`,
  );
  console.log(`our p99: ${ours.p99.toFixed(1)} ms (target < 50 ms) ${ours.p99 < 50 ? 'PASS' : 'FAIL'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
