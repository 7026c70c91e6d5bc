import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real room server for browser tests: `tsx src/server/main.ts --port=0 --no-demo` in a child
 * process with a fresh temporary DATA_DIR, serving the `dist/` that `npm run test:e2e` just built.
 */
export interface TestServer {
  readonly origin: string;
  readonly dataDir: string;
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
const START_TIMEOUT_MS = 90_000;

export async function startTestServer(extraArgs: string[] = [], at?: RestartAt): Promise<TestServer> {
  const dataDir = at?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'icon-vtt-e2e-'));
  const port = String(at?.port ?? 0);
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  // The wait for the server is not the test's: its time is added to the test's (or hook's) own.
  const info = test.info();
  const budget = info.timeout; // 0: no limit
  const started = Date.now();
  if (budget > 0) info.setTimeout(budget + START_TIMEOUT_MS);
  const child: ChildProcess = spawn(
    tsx,
    ['src/server/main.ts', `--port=${port}`, '--no-demo', ...extraArgs],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: port },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
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
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  if (budget > 0) info.setTimeout(budget + (Date.now() - started));
  return {
    origin,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
