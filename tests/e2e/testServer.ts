import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real room server for browser tests: `tsx src/server/main.ts --port=0 --no-demo` in a child
 * process with a fresh temporary DATA_DIR, serving the `dist/` that `npm run test:e2e` just built.
 * Most specs share one per Playwright worker (`server` in fixtures.ts); a spec about the process
 * itself (an outage, a restart) starts its own with `startTestServer`.
 */
export interface TestServer {
  readonly origin: string;
  readonly dataDir: string;
  /** The server process's id (the leak check in fixtures.ts knows its own children by it). */
  readonly pid: number;
  /**
   * Fix the dice of one room, from its first roll: the shared server runs with the test-only
   * `--fixed-dice-rooms` flag (src/server/roomDice.ts), so each room rolls its own list.
   */
  fixDice(roomId: string, results: readonly number[]): void;
  /** `keepData`: leave DATA_DIR in place, so `startTestServer({ port, dataDir })` brings the rooms back. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Restart an outage test's server where it was: same port (pages reconnect to it), same rooms. */
export interface RestartAt {
  readonly port: number;
  readonly dataDir: string;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * How long a server may take to say it listens. It takes about 0.7 s on an idle machine; a CI run
 * once saw none in 30 s on a machine shared with other jobs (load average ~50 on 2 cores).
 */
export const START_TIMEOUT_MS = 90_000;

/**
 * Servers started and not stopped yet, with the spec file that started each (none: the worker's
 * shared one): the check after each spec file fails the run on any of its own left running.
 */
export const runningServers = new Map<TestServer, string | undefined>();

/** A server for one spec's test or hook: the wait for it is added to that test's time budget. */
export async function startTestServer(extraArgs: string[] = [], at?: RestartAt): Promise<TestServer> {
  const info = test.info();
  const budget = info.timeout; // 0: no limit
  const started = Date.now();
  if (budget > 0) info.setTimeout(budget + START_TIMEOUT_MS);
  const server = await spawnServer(extraArgs, at);
  runningServers.set(server, info.file);
  if (budget > 0) info.setTimeout(budget + (Date.now() - started));
  return server;
}

/**
 * Start `main.ts` and wait for its `listening on` line. The test server takes every room and
 * library a test makes (`ROOM_LIMIT=0`, `LIBRARY_LIMIT=0`: one address, many tests).
 */
export async function spawnServer(extraArgs: string[] = [], at?: RestartAt): Promise<TestServer> {
  const dataDir = at?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'icon-vtt-e2e-'));
  const port = String(at?.port ?? 0);
  const diceDir = path.join(dataDir, 'fixed-dice');
  const args = ['src/server/main.ts', `--port=${port}`, '--no-demo', ...extraArgs];
  const perRoomDice = !extraArgs.some((arg) => /^--(fixed-dice|seed)/.test(arg));
  if (perRoomDice) {
    fs.mkdirSync(diceDir, { recursive: true });
    args.push(`--fixed-dice-rooms=${diceDir}`);
  }
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: port,
      ROOM_LIMIT: '0',
      LIBRARY_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stop() ends tsx and the node process it starts together.
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let origin: string;
  try {
    origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        const m = /listening on (http:\/\/[^\s]+)/.exec(output);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1].replace(/\/$/, ''));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await endGroup(child, exited);
    if (!at) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server: TestServer = {
    origin,
    dataDir,
    pid: child.pid!,
    fixDice(roomId, results) {
      if (!perRoomDice) throw new Error('this server was started with its own dice flag');
      fs.writeFileSync(path.join(diceDir, roomId), results.join(','));
    },
    stop: async ({ keepData = false } = {}) => {
      runningServers.delete(server);
      await endGroup(child, exited);
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  runningServers.set(server, undefined);
  return server;
}

/** SIGTERM the server's process group (it closes its store cleanly), SIGKILL after 5 s. */
async function endGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  process.kill(-child.pid, 'SIGTERM');
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000).unref());
  if ((await Promise.race([exited, timer])) === 'late') process.kill(-child.pid, 'SIGKILL');
  await exited;
}
