import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

/** A server child process of `npm run load`, with bench/serverProbe.mjs preloaded. */
export interface Server {
  readonly child: ChildProcess;
  readonly origin: string;
  /** Event-loop and GC figures since the previous call (see serverProbe.ts). */
  probe(): Promise<ProbeStats>;
}

export interface ProbeStats {
  /** CPU time the server used (user + system, all threads), ms. */
  readonly cpuMs: number;
  /** Time the main thread was busy (event-loop utilization × wall time), ms. */
  readonly mainBusyMs: number;
  readonly loopP99: number;
  readonly loopMax: number;
  readonly gcCount: number;
  readonly gcTotal: number;
  readonly gcOver10: number;
  readonly gcMax: number;
  /** Major (mark-compact) collections and the longest of them, ms. */
  readonly gcMajor: number;
  readonly gcMajorMax: number;
  /** The largest V8 heap in use (main thread) seen at a GC or at the probe, MiB. */
  readonly heapMiB: number;
}

/**
 * Start a server: plain node on a JavaScript file (ours is the bundle `npm start` runs, the stock
 * one is plain JavaScript too), so the pid is the server itself and no TypeScript loader's thread
 * or caches count in either server's resident memory.
 */
export async function spawnServer(
  root: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<Server> {
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', './bench/serverProbe.mjs', script, ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  // LOAD_SERVER_LOG=<file>: keep the servers' output (diagnostics) in a file.
  const log = process.env['LOAD_SERVER_LOG'];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (log) appendFileSync(log, chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!/listening on (http:\/\/\S+)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${script} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    origin: /listening on (http:\/\/\S+)/.exec(output)![1]!,
    async probe() {
      const before = output.length;
      child.kill('SIGUSR2');
      const deadline = Date.now() + 5_000;
      for (;;) {
        const match = /probe (\{.*\})\n/.exec(output.slice(before));
        if (match) return JSON.parse(match[1]!) as ProbeStats;
        if (Date.now() > deadline) throw new Error(`${script} did not answer the probe`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** Peak resident set (VmHWM) of a process, in MiB (Linux). */
export function peakRssMiB(pid: number): number {
  return statusMiB(pid, 'VmHWM');
}

/** Resident set now (VmRSS), MiB: compared after the same traffic on both servers. */
export function rssMiB(pid: number): number {
  return statusMiB(pid, 'VmRSS');
}

function statusMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Stop gracefully (so `--cpu-prof` can write its profile), then for sure. */
export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}
