import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ROOT, useTestServer, waitReady } from './helpers';

/**
 * The server's Content-Security-Policy (src/server/http/securityHeaders.ts) must not break the
 * app: the create screen, the GM table and the player table render in Chromium with no CSP
 * violation in the console, and the headers are on the page itself.
 */
const server = useTestServer();

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** A page that records every console message naming the Content Security Policy. */
async function watchedPage(browser: Browser, violations: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  return page;
}

test('create screen, GM table and player table render with no CSP violation', async ({ browser }) => {
  const violations: string[] = [];
  const origin = server().origin;

  const start = await watchedPage(browser, violations);
  const answer = await start.goto(`${origin}/`);
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  await waitReady(start);

  const created = await fetch(`${origin}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      map: readJson('maps/arena.json'),
      encounter: readJson('encounters/arena-skirmish.json'),
      party: readJson('encounters/parties/sample-party.json'),
    }),
  });
  const { roomId, gmToken } = (await created.json()) as { roomId: string; gmToken: string };
  const invited = await fetch(`${origin}/api/rooms/${roomId}/invites`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gmToken}` },
    body: JSON.stringify({ name: 'Pat', characterIds: ['maren-stalwart'] }),
  });
  const { token } = (await invited.json()) as { token: string };

  const gm = await watchedPage(browser, violations);
  await gm.goto(`${origin}/?room=${roomId}&token=${gmToken}`);
  await waitReady(gm);
  await expect(gm.getByTestId('table-gm')).toBeVisible();
  const player = await watchedPage(browser, violations);
  await player.goto(`${origin}/?room=${roomId}&token=${token}`);
  await waitReady(player);
  // Let the renderer draw a few frames (shaders compile lazily) and presence flow.
  await gm.mouse.move(300, 300);
  await player.waitForTimeout(1500);
  expect(await gm.evaluate(() => document.body.dataset['ready'])).toBe('true');
  expect(await player.evaluate(() => document.body.dataset['ready'])).toBe('true');
  expect(violations).toEqual([]);
});
