import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TestServer } from './testServer';

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A JSON file of the repository (a sample map, an encounter), parsed. */
export const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** POST JSON to the test server's API (as `token`'s bearer); throws with the answer when refused. */
export async function postJson<T>(
  server: TestServer,
  url: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → HTTP ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Waits until the table (or create screen) says it is ready to be driven. */
export async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.body.dataset['ready'] === 'true' || document.body.dataset['ready'] === 'error',
    null,
    {
      timeout: 30_000,
    },
  );
  const fatal = page.getByTestId('fatal');
  if (await fatal.count()) throw new Error(`page failed: ${await fatal.textContent()}`);
}

export interface SceneTokenLite {
  id: string;
  name: string;
  cell: { x: number; y: number };
  side: string;
  hidden: boolean;
}

export function sceneTokens(page: Page): Promise<SceneTokenLite[]> {
  return page.evaluate(() => (window.__iconVtt?.scene()?.tokens ?? []) as unknown as SceneTokenLite[]);
}

export function tokenCell(page: Page, id: string): Promise<{ x: number; y: number } | undefined> {
  return page.evaluate((tid) => window.__iconVtt?.scene()?.tokens.find((t) => t.id === tid)?.cell, id);
}

export async function cellToPage(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([cx, cy]) => window.__iconVtt?.cellToPage(cx!, cy!), [x, y]);
  if (!p) throw new Error('debug hook has no camera');
  return p;
}

export interface ReachSquare {
  x: number;
  y: number;
  cost: number;
}

/** The squares a token can reach this move, as the page's reach overlay has them. */
export function reachOf(page: Page, id: string): Promise<ReachSquare[]> {
  return page.evaluate((tid) => window.__iconVtt!.reachOf(tid), id);
}

/** The costliest square of a reach (ties: upper row, then left): a drag that goes as far as allowed. */
export function farthestSquare(reach: readonly ReachSquare[]): ReachSquare {
  const square = [...reach].sort((a, b) => b.cost - a.cost || a.y - b.y || a.x - b.x)[0];
  if (!square) throw new Error('the reach is empty');
  return square;
}

/** Press on one cell and release on another, moving in small steps like a hand would. */
export async function dragCell(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const a = await cellToPage(page, from.x, from.y);
  const b = await cellToPage(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  await page.screenshot({ path: file });
  return file;
}

export async function expectStatus(page: Page, kind: 'ok' | 'refused', text: RegExp): Promise<void> {
  const msg = page.getByTestId('status-message');
  await expect(msg).toHaveAttribute('data-kind', kind, { timeout: 20_000 });
  await expect(msg).toHaveText(text);
}

/**
 * The worker's shared server (fixtures.ts) as a getter for a spec's helpers, set before the spec's
 * first hook runs. Inside a test or hook, take the `server` fixture directly.
 */
export function useTestServer(): () => TestServer {
  let server: TestServer | undefined;
  test.beforeAll(async ({ server: shared }) => {
    server = shared;
  });
  return () => {
    if (!server) throw new Error('the test server is not running (used outside a test?)');
    return server;
  };
}

/**
 * A GM on the create screen (own browser context) with the arena map, the arena skirmish and the
 * sample party chosen from the server's lists; the room is not created yet (see `createRoom`).
 */
export async function gmChoosesArena(browser: Browser, origin: string): Promise<Page> {
  const gm = await (await browser.newContext()).newPage();
  gm.on('pageerror', (e) => console.error('GM page error:', e.message));
  await gm.goto(`${origin}/`);
  await waitReady(gm);
  await gm.getByTestId('map-choice-arena.json').click();
  await gm.getByTestId('encounter-select').selectOption('arena-skirmish.json');
  // The party comes from the server's list (GET /api/parties).
  await gm.getByTestId('party-select').selectOption('sample-party.json');
  await expect(gm.getByTestId('party-preview')).toContainText('Maren');
  return gm;
}

/**
 * Clicks Create on the create screen and waits for the new room's table. A new GM is told once to
 * keep the GM link (start.spec.ts tests that); the stories built on this helper dismiss it first,
 * so it neither covers the map they drag on nor shows in their screenshots.
 */
export async function createRoom(gm: Page): Promise<void> {
  await gm.getByTestId('create-room').click();
  await gm.waitForURL(/\?room=.+&token=.+/);
  await waitReady(gm);
  await gm.getByTestId('key-notice').getByRole('button', { name: 'Got it' }).click();
}

/**
 * Uploads `broken.json` on the start page: a 3×2 map whose second row is one square short and
 * holds an unknown cell letter (two problems, both under `cells.1`).
 */
export async function uploadBrokenMap(page: Page): Promise<void> {
  const broken = {
    schemaVersion: 1,
    kind: 'map',
    name: 'Broken',
    width: 3,
    height: 2,
    cells: ['...', '.X'],
    heights: ['000', '000'],
  };
  await page.getByTestId('map-upload').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
}

/** Click a cell's centre, moving there first so hover-driven previews update as for a person. */
export async function clickCell(page: Page, x: number, y: number): Promise<void> {
  const p = await cellToPage(page, x, y);
  await page.mouse.move(p.x, p.y, { steps: 3 });
  await page.mouse.click(p.x, p.y);
}

/** On a phone: open or close the panel's bottom sheet and wait until it has slid there. */
export async function sheet(page: Page, open: boolean): Promise<void> {
  const handle = page.getByTestId('sheet-handle');
  // Focus moving into a closed sheet opens it too (src/ui/TableScreen.ts): when that lands
  // between reading the state and the tap, the tap closes it again; tap until it is as asked.
  await expect(async () => {
    if ((await handle.getAttribute('aria-expanded')) !== String(open)) await handle.tap();
    await expect(handle).toHaveAttribute('aria-expanded', String(open), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The sheet slides (0.18 s): a tap on the map while it still covers it would land on the sheet.
  const height = page.viewportSize()!.height;
  await expect
    .poll(async () => (await page.getByTestId('panel').boundingBox())!.y)
    .toBeCloseTo(open ? height * 0.42 : height - 48, 0);
}

/** The chat panel's lines on a page (issue 15). */
export const chatLines = (page: Page) => page.getByTestId('chat-panel').getByTestId('chat-line');

/** Type a line into the chat and press Enter (the caller checks what became of it). */
export async function say(page: Page, text: string): Promise<void> {
  const field = page.getByTestId('chat-input');
  await field.fill(text);
  await field.press('Enter');
}
