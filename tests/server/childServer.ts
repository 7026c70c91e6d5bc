import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { waitFor } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ChildServer {
  readonly process: ChildProcess;
  readonly origin: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The real server in a child process, for kill -9 tests: `node --import tsx` rather than the tsx
 * CLI, because the CLI is a wrapper process and SIGKILL must hit the process that owns the
 * database.
 */
export async function spawnChildServer(
  dataDir: string,
  options: {
    durability?: string;
    args?: readonly string[];
    /** Extra `--import` modules and environment (startup.test.ts logs what the server imports). */
    imports?: readonly string[];
    env?: Record<string, string>;
  } = {},
): Promise<ChildServer> {
  const imports = (options.imports ?? []).flatMap((file) => ['--import', file]);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...imports, 'src/server/main.ts', '--port=0', ...(options.args ?? [])],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DURABILITY: options.durability ?? 'process',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => /listening on (http:\/\/\S+)/.test(output) || child.exitCode !== null,
    'server start',
    60_000, // about 0.7 s when the machine is idle; a shared CI machine can be 30 times slower
  );
  const origin = /listening on (http:\/\/\S+)/.exec(output)?.[1];
  if (!origin) throw new Error(`server did not start:\n${output}`);
  return { process: child, origin: origin.replace(/\/$/, ''), output: () => output };
}
