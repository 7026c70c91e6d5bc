import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startLocalPostgres } from '../storage/localPostgres';
import type { LocalPostgres } from '../storage/localPostgres';
import { haproxyConfig } from './haproxyConfig';

/**
 * A whole cluster on this machine (docs/scaling.md): a throwaway PostgreSQL, N server processes
 * on it and HAProxy in front, routing by room id. `npm run cluster` runs one for people; the
 * cluster tests and `npm run load:cluster` run theirs, kill processes and restart them.
 */

const HAPROXY = '/usr/sbin/haproxy';

export interface LocalClusterOptions {
  readonly processes: number;
  /** How node runs one server process (flags and script); it is given PORT, DATABASE_URL and the rest. */
  readonly serverArgs: readonly string[];
  readonly rootDir: string;
  /** The proxy's port (default: any free one). */
  readonly proxyPort?: number;
  /** Rooms one address may create per hour, counted at the proxy (0: no limit). */
  readonly roomsPerHour?: number;
  /** More environment for every server process (fixed dice, limits). */
  readonly env?: Readonly<Record<string, string>>;
  /** PostgreSQL without fsync: for tests that never check what survives an OS crash. */
  readonly fastPostgres?: boolean;
  /** Only the first process opens the demo room (its links point at the proxy). */
  readonly demo?: boolean;
  /** Each line a process prints, as it prints it. */
  readonly onOutput?: (process: string, line: string) => void;
}

export interface ClusterProcess {
  readonly name: string;
  readonly port: number;
  /** Its process id while it runs. */
  pid(): number | undefined;
  /** Everything it printed since it last started. */
  output(): string;
}

export interface LocalCluster {
  /** The proxy: what people and clients connect to. */
  readonly origin: string;
  readonly postgres: LocalPostgres;
  readonly processes: readonly ClusterProcess[];
  /** kill -9 of a server process; resolves once it has exited. */
  kill(index: number): Promise<void>;
  /** Start a killed process again on its port; resolves once it listens. */
  restart(index: number): Promise<void>;
  /** HAProxy's view of the server processes (`show servers state`): which it sends requests to. */
  proxyState(): Promise<string>;
  /** Stop everything this cluster started and delete its folders. Safe to call twice. */
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  output: string;
  exited: Promise<void>;
}

export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-cluster-'));
  const started: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const postgres = await startLocalPostgres({ fast: options.fastPostgres ?? false });
    started.push(() => postgres.stop());
    const proxyPort = options.proxyPort ?? (await freePort());
    const origin = `http://127.0.0.1:${proxyPort}`;
    const ports: number[] = [];
    for (let i = 0; i < options.processes; i += 1) ports.push(await freePort());
    const names = ports.map((_, i) => `server${i + 1}`);
    const running: (Running | undefined)[] = ports.map(() => undefined);

    const launch = async (i: number): Promise<void> => {
      const name = names[i]!;
      mkdirSync(join(dir, name), { recursive: true }); // its demo.key (the first process's) lives here
      const child = spawn(
        process.execPath,
        [...options.serverArgs, ...(options.demo && i === 0 ? [] : ['--no-demo'])],
        {
          cwd: options.rootDir,
          env: {
            ...process.env,
            ...options.env,
            PORT: String(ports[i]),
            HOST: '127.0.0.1',
            DATABASE_URL: postgres.url,
            DATA_DIR: join(dir, name),
            PUBLIC_URL: origin,
            ROOM_LIMIT: '0', // limited at the proxy
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const state: Running = {
        child,
        output: '',
        exited: new Promise((resolve) => child.once('exit', () => resolve())),
      };
      running[i] = state;
      const take = (chunk: Buffer) => {
        const text = chunk.toString();
        state.output += text;
        for (const line of text.split('\n')) if (line) options.onOutput?.(name, line);
      };
      child.stdout!.on('data', take);
      child.stderr!.on('data', take);
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (/listening on /.test(state.output)) return resolve();
          if (child.exitCode !== null) return reject(new Error(`${name} did not start:\n${state.output}`));
          setTimeout(check, 20);
        };
        check();
      });
    };
    const halt = async (i: number, signal: NodeJS.Signals): Promise<void> => {
      const state = running[i];
      if (!state || state.child.exitCode !== null || state.child.signalCode !== null) return;
      state.child.kill(signal);
      await state.exited;
    };
    for (let i = 0; i < ports.length; i += 1) {
      started.push(() => halt(i, 'SIGTERM'));
      await launch(i);
    }

    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      haproxyConfig({
        bindHost: '127.0.0.1',
        bindPort: proxyPort,
        backends: ports.map((port, i) => ({ name: names[i]!, host: '127.0.0.1', port })),
        roomsPerHour: options.roomsPerHour ?? 30,
        statsSocket: join(dir, 'haproxy.sock'),
      }),
    );
    const proxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    let proxyOutput = '';
    proxy.stdout.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
    proxy.stderr.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
    const proxyExited = new Promise<void>((resolve) => proxy.once('exit', () => resolve()));
    started.push(async () => {
      if (proxy.exitCode === null) proxy.kill('SIGTERM');
      await proxyExited;
    });
    await waitUntil(async () => {
      if (proxy.exitCode !== null) throw new Error(`HAProxy did not start:\n${proxyOutput}`);
      return (await fetch(`${origin}/api/health`).catch(() => undefined))?.ok === true;
    }, 'HAProxy to answer');

    return {
      origin,
      postgres,
      processes: names.map((name, i) => ({
        name,
        port: ports[i]!,
        pid: () => {
          const child = running[i]?.child;
          return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
        },
        output: () => running[i]?.output ?? '',
      })),
      kill: (i) => halt(i, 'SIGKILL'),
      proxyState: () => askProxy(join(dir, 'haproxy.sock'), 'show servers state rooms'),
      restart: async (i) => {
        await halt(i, 'SIGKILL');
        await launch(i);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Poll `check` until it is true (every 50 ms, at most 60 s): a start-up wait, not a test's clock. */
async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One command on HAProxy's stats socket, and its answer. */
function askProxy(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = createConnection(socketPath, () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
