import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

/**
 * Browser contexts a Playwright worker keeps between tests, each with its one page parked on a
 * tiny page of the test server's origin.
 *
 * Why: on two cores a table page opened in a new context costs about 3.3 s before it is ready,
 * one opened by navigating a page that is already on the server's origin about 1.3 s (the page
 * keeps its renderer process, whose compiled scripts are cached). A test still gets what a fresh
 * context gives it: when its context is "closed", the pool clears the page's storage, cookies,
 * permissions, routes, listeners, viewport and pressed keys, and parks it; the next
 * `browser.newContext()` with the same options takes it, and its first `newPage()` hands out the
 * parked page. A context that cannot be reset that way (another number of pages than one, another
 * origin) is closed for real.
 */
export class ContextPool {
  private readonly free = new Map<string, BrowserContext[]>();
  /** Parked and not handed out again (a second close of one is a no-op). */
  private readonly idle = new Set<BrowserContext>();
  private readonly parked = new WeakMap<BrowserContext, Page>();
  private readonly keys = new WeakMap<BrowserContext, string>();
  private readonly realClose = new WeakMap<BrowserContext, BrowserContext['close']>();
  /** The listeners Playwright itself put on a context or page: the rest are a test's. */
  /** Contexts a test changed in a way no reset undoes (an init script, an exposed function). */
  private readonly spoiled = new WeakSet<BrowserContext>();
  private readonly ownListeners = new WeakMap<Page | BrowserContext, Map<string | symbol, Set<unknown>>>();

  /** `origin`: the worker server's; `defaultViewport`: the config's (what an unsized page gets). */
  constructor(
    private readonly origin: string,
    private readonly defaultViewport: { width: number; height: number },
    /** Parked contexts kept per set of options; more are closed. */
    private readonly perKind = 4,
  ) {}

  /**
   * A context for `options`: a parked one when there is one, else `open(options)`. Either way its
   * `close()` comes back here.
   */
  async take(
    options: BrowserContextOptions | undefined,
    open: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  ): Promise<BrowserContext> {
    const key = keyOf(options);
    const reused = this.free.get(key)?.pop();
    if (reused) {
      this.idle.delete(reused);
      return reused;
    }
    const context = await open(options);
    this.keys.set(context, key);
    const close = context.close.bind(context);
    this.realClose.set(context, close);
    this.ownListeners.set(context, listenersOf(context));
    this.spoilOn(context, context);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const parked = this.parked.get(context);
      this.parked.delete(context);
      if (parked && !parked.isClosed()) return parked;
      const page = await newPage();
      this.ownListeners.set(page, listenersOf(page));
      this.spoilOn(page, context);
      return page;
    };
    context.close = async (closeOptions) => {
      if (!(await this.park(context))) await close(closeOptions);
    };
    return context;
  }

  /** Close every parked context (the worker ends). */
  async drain(): Promise<void> {
    const all = [...this.idle];
    this.free.clear();
    this.idle.clear();
    await Promise.all(all.map((context) => this.realClose.get(context)?.()));
  }

  private count(key: string): number {
    return this.free.get(key)?.length ?? 0;
  }

  /** What stays with every later document of a page: such a context is not parked again. */
  private spoilOn(target: Page | BrowserContext, context: BrowserContext): void {
    for (const method of ['addInitScript', 'exposeBinding', 'exposeFunction'] as const) {
      const real = target[method].bind(target) as unknown as (...args: unknown[]) => Promise<unknown>;
      (target as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        this.spoiled.add(context);
        return real(...args);
      };
    }
  }

  /** Reset and park `context`; false when it cannot be (the caller closes it for real). */
  private async park(context: BrowserContext): Promise<boolean> {
    if (this.idle.has(context)) return true;
    const key = this.keys.get(context)!;
    const pages = context.pages();
    const page = pages[0];
    if (pages.length !== 1 || !page || page.isClosed() || this.count(key) >= this.perKind) return false;
    if (this.spoiled.has(context)) return false;
    const url = page.url();
    if (url !== 'about:blank' && !url.startsWith(`${this.origin}/`)) return false;
    try {
      for (const emitter of [page, context]) dropTestListeners(emitter, this.ownListeners.get(emitter));
      await Promise.all([
        page.unrouteAll({ behavior: 'ignoreErrors' }),
        context.unrouteAll({ behavior: 'ignoreErrors' }),
      ]);
      for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
      await page.mouse.up();
      await page.mouse.move(0, 0);
      // Leaving the app ends its sockets; the tiny page keeps the origin (and so the renderer).
      await page.goto(`${this.origin}/favicon.svg`);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await Promise.all([context.clearCookies(), context.clearPermissions()]);
      const viewport = viewportOf(key, this.defaultViewport);
      const size = page.viewportSize();
      if (viewport && (size?.width !== viewport.width || size.height !== viewport.height))
        await page.setViewportSize(viewport);
    } catch {
      return false; // a page that crashed or hangs is not worth keeping
    }
    // Counted again now: contexts closed together (a file's seats) park at the same time.
    if (this.count(key) >= this.perKind) return false;
    this.parked.set(context, page);
    this.free.set(key, [...(this.free.get(key) ?? []), context]);
    this.idle.add(context);
    return true;
  }
}

/** Playwright's client objects are event emitters; their public types name only on/once/off. */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}

function listenersOf(target: Page | BrowserContext): Map<string | symbol, Set<unknown>> {
  const emitter = target as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
}

/**
 * Remove what a test listened to. Not `removeAllListeners()`: Playwright waits on its own 'close'
 * listeners (a context whose listeners are all gone never finishes closing).
 */
function dropTestListeners(
  target: Page | BrowserContext,
  own: Map<string | symbol, Set<unknown>> | undefined,
): void {
  const emitter = target as unknown as Emitter;
  for (const name of emitter.eventNames())
    for (const listener of emitter.rawListeners(name))
      if (!own?.get(name)?.has(listener)) emitter.removeListener(name, listener);
}

/** Options as a key: the same options give the same kind of context. */
function keyOf(options: BrowserContextOptions | undefined): string {
  return JSON.stringify(options ?? {}, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

function viewportOf(
  key: string,
  fallback: { width: number; height: number },
): { width: number; height: number } | null {
  const options = JSON.parse(key) as BrowserContextOptions;
  return options.viewport === undefined ? fallback : options.viewport;
}
