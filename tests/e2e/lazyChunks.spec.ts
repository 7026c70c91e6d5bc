import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ROOT, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 31, a lighter page: parts fetched when first opened (src/ui/lazy/chunks.ts) survive one
 * failed download (fetched again at once), and when the download keeps failing the page says so
 * in one sentence with a Reload button (the GM's stat block editor's chunk). PixiJS loads nothing
 * lazily: the renderer is built with what it draws (src/render/TableApp.ts).
 */
const EDITORS = /\/assets\/editorsChunk-[^/]+\.js$/;
const SENTENCE = 'Part of this page could not be downloaded: check your connection, then reload the page.';

/** A fresh room with the combat test's map and foes, made through the HTTP API: its GM link. */
async function newRoom(server: TestServer): Promise<string> {
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  const res = await fetch(`${server.origin}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      map: read('maps/combat-test.json'),
      encounter: read('encounters/combat-test.json'),
      revealFoes: true,
      name: 'Lazy chunks',
    }),
  });
  expect(res.status).toBe(200);
  const { gmLink } = (await res.json()) as { gmLink: string };
  return gmLink.replace(/^https?:\/\/[^/]+/, server.origin);
}

/**
 * A page whose requests for `pattern` are aborted, the first `failures` times (every time for
 * Infinity): the number aborted so far is `aborted()`. `stop()` lets them through again.
 */
async function failingPage(browser: Browser, pattern: RegExp, failures: number) {
  const page = await (await browser.newContext()).newPage();
  let aborted = 0;
  let failing = true;
  await page.route(pattern, (route) => {
    if (failing && aborted < failures) {
      aborted++;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  return { page, aborted: () => aborted, stop: () => (failing = false) };
}

async function openStatBlockEditor(page: Page): Promise<void> {
  await page.getByTestId('token-item-brute').click();
  await page.getByTestId('edit-stat-block').click();
}

async function expectFailureNotice(page: Page): Promise<void> {
  const notice = page.getByTestId('chunk-failure');
  await expect(notice).toBeVisible();
  // One sentence a person acts on: no module address, no error text.
  await expect(notice.getByRole('paragraph')).toHaveText(SENTENCE);
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeFocused();
  await expect(page.getByTestId('fatal')).toHaveCount(0);
}

test('the stat block editor opens when its chunk fails once; it is fetched again at once', async ({
  browser,
  server,
}) => {
  const link = await newRoom(server);
  const { page, aborted } = await failingPage(browser, EDITORS, 1);
  await page.goto(link);
  await waitReady(page);
  // A player's download, and the GM's before opening: no editor yet.
  expect(aborted()).toBe(0);
  await openStatBlockEditor(page);
  await expect(page.getByTestId('stat-block-dialog')).toBeVisible();
  await expect(page.getByTestId('stat-health')).toHaveValue('8');
  expect(aborted()).toBe(1);
  await expect(page.getByTestId('chunk-failure')).toHaveCount(0);
});

test('a chunk that keeps failing: the page says so in one sentence, and Reload brings it back', async ({
  browser,
  server,
}) => {
  const link = await newRoom(server);
  const { page, aborted, stop } = await failingPage(browser, EDITORS, Infinity);
  await page.goto(link);
  await waitReady(page);
  await openStatBlockEditor(page);
  await expectFailureNotice(page);
  expect(aborted()).toBe(2);
  // The table itself still works under the notice, and nothing says "Loading…" for ever.
  await expect(page.getByTestId('token-details')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // Opening again tries afresh (twice more), under the same one notice.
  await page.getByTestId('edit-stat-block').click();
  await expect.poll(aborted).toBe(4);
  await expect(page.getByTestId('chunk-failure')).toHaveCount(1);

  // The connection is back: Reload opens the page again, and the editor with it.
  stop();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('chunk-failure').getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await waitReady(page);
  await expect(page.getByTestId('chunk-failure')).toHaveCount(0);
  await openStatBlockEditor(page);
  await expect(page.getByTestId('stat-block-dialog')).toBeVisible();
});
