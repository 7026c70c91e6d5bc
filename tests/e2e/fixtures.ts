import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { DEFAULT_VIEWPORT } from '../../playwright.config';
import { ContextPool } from './contextPool';
import { runningServers, spawnServer, START_TIMEOUT_MS, type TestServer } from './testServer';

export { expect };

/**
 * What every browser spec imports instead of `@playwright/test` (docs/testing.md):
 *
 * - `server`: one real server per Playwright worker, shared by every spec the worker runs. A test
 *   makes a fresh room on it (a serial story makes one in its `beforeAll`); a room's dice are fixed
 *   with `server.fixDice(roomId, [...])`.
 * - Nothing outlives its test. A browser context opened during a test (or its `beforeEach`) is
 *   closed when the test ends; one opened in a `beforeAll` (a story's seats) when its spec file
 *   ends, failed `beforeAll` included. A server or child process still running then fails the run
 *   with the spec's name, and is stopped.
 */
export const test = base.extend<{ _scope: void }, { server: TestServer; _files: FileScope }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const server = await spawnServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 10_000 },
  ],
  _files: [
    async ({ browser, server }, use) => {
      const pool = new ContextPool(server.origin, DEFAULT_VIEWPORT);
      const files = new FileScope(browser, pool);
      await use(files);
      await files.leave();
      await pool.drain();
    },
    { scope: 'worker', auto: true },
  ],
  _scope: [
    async ({ _files }, use, testInfo) => {
      await _files.enter(testInfo.file);
      const servers = new Set(runningServers.keys());
      const children = new Set(childProcesses().map((child) => child.pid));
      await use();
      // What the test opened: its contexts are closed; a server or process left running is an error.
      await _files.closeContexts('test');
      const left = [...runningServers].filter(([server, file]) => file && !servers.has(server));
      const strays = childProcesses().filter((child) => !children.has(child.pid) && !isServer(child));
      await stopAll(left, strays);
      if (left.length || strays.length)
        throw new Error(`this test left running: ${describeLeft(left, strays)} (stopped now)`);
    },
    { auto: true },
  ],
});

interface Owner {
  readonly file: string;
  /** Opened by a `beforeAll` or `afterAll` hook: kept until the file ends. */
  readonly ofFile: boolean;
}

/**
 * The spec file a worker is in, and who opened each browser context. A file's `beforeAll` runs
 * before its first test's fixtures, so the move to a new file is noticed by whichever comes first:
 * the first context the new file opens, or its first test.
 */
class FileScope {
  private file: string | undefined;
  private readonly owners = new Map<BrowserContext, Owner>();

  constructor(browser: Browser, pool: ContextPool) {
    // Every context a spec opens comes through here (`browser.newPage` and Playwright's own `page`
    // fixture too), from the worker's pool of reset contexts when it has one of the same options.
    // Playwright's `page` fixture asks the running hook the same way.
    // `browser.newPage` ties its context's life to the page, and that context then refuses a
    // second page (axe opens one). Reused contexts must not carry that, so it makes a plain one.
    browser.newPage = async (options) => (await browser.newContext(options)).newPage();
    const open = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const info = test.info();
      await this.enter(info.file);
      const hook = (info as unknown as { _currentHookType(): string | undefined })._currentHookType();
      const context = await pool.take(options, open);
      this.owners.set(context, { file: info.file, ofFile: hook === 'beforeAll' || hook === 'afterAll' });
      context.once('close', () => this.owners.delete(context));
      return context;
    };
  }

  /** A test or hook of `file` runs: if the worker moves on from another file, that file has ended. */
  async enter(file: string): Promise<void> {
    if (this.file !== undefined && this.file !== file) await this.leave();
    this.file = file;
  }

  /** Close the current file's contexts: those of the test that just ended, or all of them. */
  async closeContexts(which: 'test' | 'file'): Promise<void> {
    const closing = [...this.owners]
      .filter(([, owner]) => owner.file === this.file && (which === 'file' || !owner.ofFile))
      .map(([context]) => context);
    // A closed context goes back to the pool (contextPool.ts), so it sends no 'close' event.
    await Promise.all(closing.map((context) => context.close()));
    for (const context of closing) this.owners.delete(context);
  }

  /**
   * The current file has ended: close the contexts its hooks opened; fail on a server it started
   * or a child process (other than the browser and the servers) still running.
   */
  async leave(): Promise<void> {
    const file = this.file;
    if (file === undefined) return;
    await this.closeContexts('file');
    this.file = undefined;
    const left = [...runningServers].filter(([, owner]) => owner === file);
    const browsers = childProcesses().filter((child) => isBrowser(child.command));
    const strays = childProcesses().filter(
      (child) => !isServer(child) && !(isBrowser(child.command) && child.pid === browsers[0]?.pid),
    );
    await stopAll(left, strays);
    if (left.length || strays.length)
      throw new Error(`${path.relative(process.cwd(), file)} left running: ${describeLeft(left, strays)}`);
  }
}

const isBrowser = (command: string): boolean => /(^|\/)chromium$/.test(command.split(' ')[0] ?? '');

const isServer = (child: ChildProcessInfo): boolean =>
  [...runningServers.keys()].some((server) => server.pid === child.pid);

interface ChildProcessInfo {
  readonly pid: number;
  readonly command: string;
}

/** This worker's live child processes, from /proc (a zombie has exited already). */
function childProcesses(): ChildProcessInfo[] {
  const children: ChildProcessInfo[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    let command: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      command = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      continue; // gone meanwhile
    }
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) === process.pid && state !== 'Z') children.push({ pid: Number(name), command });
  }
  return children;
}

type Started = [TestServer, string | undefined];

async function stopAll(servers: readonly Started[], strays: readonly ChildProcessInfo[]): Promise<void> {
  await Promise.all(servers.map(([server]) => server.stop()));
  for (const child of strays) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // exited meanwhile
    }
  }
}

function describeLeft(servers: readonly Started[], strays: readonly ChildProcessInfo[]): string {
  return [
    ...servers.map(([server]) => `a test server (${server.origin})`),
    ...strays.map((child) => `process ${child.pid} (${child.command.slice(0, 80)})`),
  ].join(', ');
}
