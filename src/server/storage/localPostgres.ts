import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
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
  /** Start it again on the same data and port, after a crash (kill -9) or a stop of its own. */
  restart(): Promise<void>;
  /** Stop the server (fast shutdown), wait for it to exit, delete its folder. Safe to call twice. */
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
  /** Where the server's log goes (appended); by default `<tmp>/postgres.log`, deleted with the rest. */
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
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Who runs PostgreSQL's binaries: as root, the `postgres` user (Node sets the child's uid and gid,
 * as `runuser -u postgres --` would, but the postmaster stays OUR child: a signal reaches it, not
 * a wrapper, and when it dies we reap it at once).
 */
function postgresIds(): { uid?: number; gid?: number } {
  return isRoot() ? postgresUser() : {};
}

function runAsPostgres(binary: string, args: readonly string[]): Promise<unknown> {
  return run(binary, args, { ...postgresIds(), cwd: tmpdir(), maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stderr?: string; message: string }) => {
      throw new Error(`${binary} ${args.join(' ')} failed: ${error.stderr || error.message}`);
    },
  );
}

/** The postmaster's pid, from its pid file (NaN while it has none). */
function pidOf(dataDir: string): number {
  try {
    return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return NaN;
  }
}

/** The postmaster's pid file says `ready` on its 8th line once it accepts connections. */
function isReady(dataDir: string): boolean {
  try {
    return readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

/** Start a PostgreSQL server in a new temporary folder; see LocalPostgres. */
export async function startLocalPostgres(options: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const bin = await ensurePostgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = options.logFile ?? join(dir, 'postgres.log');
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stopped = false;
  // A test process that dies leaves no server behind: immediate shutdown (SIGQUIT) at exit.
  const onExit = () => {
    if (server?.exitCode === null) server.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const remove = () => {
    process.off('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      chownSync(dir, uid, gid);
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
      '-D',
      dataDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `port=${port}`,
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'synchronous_commit=on',
      '-c',
      'max_connections=100',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : []),
    ];
    /**
     * The postmaster runs as our child, not daemonized by pg_ctl: a killed one is reaped at once.
     * Daemonized, it was nobody's child, stayed a zombie for seconds, and a restart saw "another
     * postmaster" in its pid file until then.
     */
    const startServer = async (): Promise<void> => {
      // The pid file of a killed server says `ready` too, until the new one rewrites it.
      const before = existsSync(join(dataDir, 'postmaster.pid')) ? pidOf(dataDir) : undefined;
      const log = openSync(logFile, 'a');
      const child = spawn(join(bin, 'postgres'), settings, {
        ...postgresIds(),
        cwd: tmpdir(),
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      server = child;
      exited = new Promise((resolve) => child.once('exit', () => resolve()));
      const deadline = Date.now() + 60_000;
      while (!isReady(dataDir) || pidOf(dataDir) === before || child.exitCode !== null) {
        if (child.exitCode !== null || Date.now() > deadline) {
          if (child.exitCode === null) child.kill('SIGQUIT');
          const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
          throw new Error(`PostgreSQL did not start; its log (${logFile}):\n${tail}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await startServer();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dataDir,
      pid: () => pidOf(dataDir),
      async restart() {
        if (stopped) throw new Error('this PostgreSQL was stopped');
        if (server?.exitCode === null) {
          server.kill('SIGINT'); // fast shutdown
          await exited;
        }
        await exited;
        // A killed postmaster's backends exit once they notice; until then the shared memory is theirs.
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await startServer();
          } catch (error) {
            if (attempt >= 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          }
        }
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          if (server?.exitCode === null) server.kill('SIGINT'); // fast shutdown
          await exited;
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    if (server?.exitCode === null) server.kill('SIGQUIT');
    await exited;
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
