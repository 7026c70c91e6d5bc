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

export async function startTestServer(extraArgs: string[] = [], at?: RestartAt): Promise<TestServer> {
  const dataDir = at?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'icon-vtt-e2e-'));
  const port = String(at?.port ?? 0);
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
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
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
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
