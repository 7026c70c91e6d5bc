import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL server on loopback, for the storage tests and `npm run cluster`: Debian's
 * binaries, a fresh data directory in a temporary folder, a free port, and everything stopped and
 * deleted by `stop()`. PostgreSQL refuses to run as root, so as root every command runs as the
 * `postgres` user (Debian's package creates it) on a folder that user owns. When the binaries are
 * missing and we are root, Debian's `postgresql` package is installed first, as
 * scripts/ensure-chromium.sh does for the browser tests.
 */

const run = promisify(execFile);

export interface LocalPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The postmaster's process id (the cluster tests kill -9 it). */
  pid(): number;
  /** Stop the server (fast shutdown) and delete its folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  /**
   * `fsync=off` and `full_page_writes=off`: for tests that never check what survives an OS crash.
   * Default off: a durability test needs the settings a real server runs with. `initdb` itself
   * always runs with `--no-sync` (its files are fsynced by the first checkpoint; a killed server
   * process loses nothing either way).
   */
  readonly fast?: boolean;
  /** Where the server's log goes; by default `<tmp>/postgres.log`, deleted with the rest. */
  readonly logFile?: string;
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** Debian's newest installed major version's `bin/` folder, if any. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** The binaries' folder, installing Debian's package when missing and root; else says how. */
async function ensurePostgresBin(): Promise<string> {
  const found = findPostgresBin();
  if (found) return found;
  if (isRoot()) {
    console.error('localPostgres: PostgreSQL is missing; installing Debian’s postgresql package...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', 'postgresql'], { env, maxBuffer: 64 * 1024 * 1024 });
    const installed = findPostgresBin();
    if (installed) return installed;
  }
  throw new Error(
    'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb). Install it as root with:\n' +
      '  apt-get update && apt-get install -y postgresql',
  );
}

/** A port nobody listens on right now (the OS picks it; PostgreSQL binds it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Run a PostgreSQL binary, as the `postgres` user when we are root. */
function runAsPostgres(binary: string, args: readonly string[]): Promise<unknown> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  // pg_ctl's server inherits our stdio unless redirected; `-l` sends its log to a file.
  return run(file, argv, { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stderr?: string; message: string }) => {
      throw new Error(`${binary} ${args.join(' ')} failed: ${error.stderr || error.message}`);
    },
  );
}

/** Start a PostgreSQL server in a new temporary folder; see LocalPostgres. */
export async function startLocalPostgres(options: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const bin = await ensurePostgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = options.logFile ?? join(dir, 'postgres.log');
  let stopped = false;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      chownSync(dir, uid, gid);
      if (options.logFile) {
        writeFileSync(logFile, '', { flag: 'a' });
        chownSync(logFile, uid, gid);
      }
    }
    // C locale: text sorts by bytes, as SQLite's does; trust: loopback and a socket in our folder.
    await runAsPostgres(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    const port = await freePort();
    const settings = [
      `-c listen_addresses=127.0.0.1`,
      `-c port=${port}`,
      `-c unix_socket_directories=${dir}`,
      '-c synchronous_commit=on',
      '-c max_connections=100',
      ...(options.fast ? ['-c fsync=off', '-c full_page_writes=off'] : []),
    ];
    await runAsPostgres(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      settings.join(' '),
      'start',
    ]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dataDir,
      pid: () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          if (existsSync(join(dataDir, 'postmaster.pid')))
            await runAsPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
        } catch (error) {
          // Killed already (the cluster tests kill -9 it): nothing left to stop.
          if (!/not running|No such process|could not send stop signal/i.test(String(error))) throw error;
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The `postgres` user's ids (Debian's package creates the user). */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error('there is no postgres user (is Debian’s postgresql installed?)');
  return { uid: Number(uid), gid: Number(gid) };
}
