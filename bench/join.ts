/**
 * Cold-join bench (`npm run bench:join`, builds first): the bytes a player's browser downloads
 * to join a table for the first time. Starts the real server (in process, on a private copy of
 * dist/ and a fresh data dir), opens the demo room's player link in headless Chromium with a
 * fresh profile, and sums, per response, the bytes Chromium received over the network (CDP
 * `Network.loadingFinished` encodedDataLength: headers and body as sent, compressed or not),
 * plus the websocket frames until the table is ready and the network has been quiet for a second.
 *
 * Three visits: the file as is (`Accept-Encoding: identity`, what the server sent before
 * precompression), compressed (the browser's own Accept-Encoding), and a return visit in the
 * same profile (hashed assets from the cache; index.html and the favicon revalidated: a 304,
 * headers only).
 */
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import { fixedDice } from '../src/lib/dice';
import { openDemoRoom } from '../src/server/demoRoom';
import { startServer } from '../src/server/startServer';

const ROOT = path.resolve(import.meta.dirname, '..');
const QUIET_MS = 1000;

interface Download {
  readonly url: string;
  readonly encoding: string;
  readonly bytes: number;
  readonly fromCache: boolean;
}

interface Visit {
  readonly downloads: Download[];
  readonly wsReceived: number;
  readonly wsSent: number;
}

/** Loads `link` in a new page of `context` and records every response's bytes until quiet. */
async function visit(context: BrowserContext, link: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  const requests = new Map<string, { url: string; encoding: string; fromCache: boolean }>();
  const downloads: Download[] = [];
  let wsReceived = 0;
  let wsSent = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, encoding: '', fromCache: false });
    lastActivity = Date.now();
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    request.encoding = String(headers['content-encoding'] ?? 'identity');
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) request.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    downloads.push({ ...request, bytes: e.encodedDataLength });
    lastActivity = Date.now();
  });
  // Payload lengths (text frames counted as characters, binary as base64-decoded bytes).
  const frameBytes = (frame: { opcode: number; payloadData: string }): number =>
    frame.opcode === 2
      ? Buffer.from(frame.payloadData, 'base64').length
      : Buffer.byteLength(frame.payloadData);
  cdp.on('Network.webSocketFrameReceived', (e) => {
    wsReceived += frameBytes(e.response);
    lastActivity = Date.now();
  });
  cdp.on('Network.webSocketFrameSent', (e) => {
    wsSent += frameBytes(e.response);
  });
  await cdp.send('Network.enable');

  await page.goto(link);
  await page.waitForFunction(() => document.body.dataset['ready'] === 'true', null, { timeout: 60_000 });
  while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
  await page.close();
  return { downloads, wsReceived, wsSent };
}

async function join(
  browser: Browser,
  link: string,
): Promise<{ identity: Visit; compressed: Visit; back: Visit }> {
  // A new context is a fresh profile: empty cache, no cookies, no storage.
  const plain = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'identity' } });
  const identity = await visit(plain, link);
  await plain.close();
  const fresh = await browser.newContext();
  const compressed = await visit(fresh, link);
  const back = await visit(fresh, link);
  await fresh.close();
  return { identity, compressed, back };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const total = (visit: Visit): number => visit.downloads.reduce((sum, d) => sum + d.bytes, 0);

function report(result: { identity: Visit; compressed: Visit; back: Visit }, origin: string): void {
  const name = (url: string): string => {
    const u = new URL(url);
    return u.origin === origin ? u.pathname.replace(/^\/$/, '/ (index.html)') : url;
  };
  const rows = new Map<string, { identity?: Download; compressed?: Download; back?: Download }>();
  for (const key of ['identity', 'compressed', 'back'] as const) {
    for (const d of result[key].downloads) rows.set(name(d.url), { ...rows.get(name(d.url)), [key]: d });
  }
  const cell = (d: Download | undefined): string =>
    !d ? '—' : d.fromCache ? 'cache' : `${kb(d.bytes)}${d.encoding !== 'identity' ? ` ${d.encoding}` : ''}`;
  const width = Math.max(...[...rows.keys()].map((k) => k.length), 8);
  const line = (a: string, b: string, c: string, d: string): string =>
    `${a.padEnd(width)}  ${b.padStart(16)}  ${c.padStart(16)}  ${d.padStart(16)}`;
  console.log(line('response', 'as is (before)', 'compressed', 'return visit'));
  for (const [url, row] of rows)
    console.log(line(url, cell(row.identity), cell(row.compressed), cell(row.back)));
  const v = [result.identity, result.compressed, result.back];
  console.log(line('HTTP total', ...(v.map((x) => kb(total(x))) as [string, string, string])));
  console.log(
    line('websocket received', ...(v.map((x) => kb(x.wsReceived)) as [string, string, string])) +
      '   (the room documents, uncompressed frames)',
  );
  console.log(
    line('cold join total', ...(v.map((x) => kb(total(x) + x.wsReceived)) as [string, string, string])),
  );
  const saved = 1 - total(result.compressed) / total(result.identity);
  console.log(
    `HTTP bytes of a cold join: ${kb(total(result.identity))} → ${kb(total(result.compressed))} (−${(100 * saved).toFixed(0)}%)`,
  );
}

async function main(): Promise<void> {
  const built = path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(built, 'index.html')))
    throw new Error('dist/index.html missing: run `vite build` first');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'icon-vtt-join-'));
  // A private copy (timestamps kept: the server ignores a .br older than its file), so a
  // concurrent `vite build` emptying dist/ cannot break a run.
  const distDir = path.join(work, 'dist');
  fs.cpSync(built, distDir, { recursive: true, preserveTimestamps: true });
  const server = await startServer({
    port: 0,
    dataDir: path.join(work, 'data'),
    dice: fixedDice([]),
    rootDir: ROOT,
    distDir,
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const demo = await openDemoRoom(server.ctx, server.origin);
    if (!demo) throw new Error('no demo room: maps/arena.json is missing');
    console.log(
      `cold player join of the demo room (${server.origin}), Chromium ${browser.version()}, fresh profile`,
    );
    report(await join(browser, demo.playerLink), server.origin);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
