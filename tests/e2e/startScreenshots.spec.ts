import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { ROOT, screenshot, useTestServer, waitReady } from './helpers';

/**
 * The phone views for the docs (scripts/update-screenshots.sh copies them to docs/screenshots):
 * the start page and a player's table at 390×844, as a phone shows them (touch, mobile viewport).
 * Also a check that a player's phone gets a working table at all.
 */
const server = useTestServer();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

test('phone views: the start page and a player at the table (390×844)', async ({ browser }) => {
  const start = await browser.newContext(PHONE);
  const startPage = await start.newPage();
  await startPage.goto(`${server().origin}/`);
  await waitReady(startPage);
  await expect(startPage.getByTestId('map-choice-arena.json')).toBeVisible();
  await screenshot(startPage, 'start-page-phone.png');
  await start.close();

  // The arena skirmish with the sample party; Pat plays Maren.
  const origin = server().origin;
  const room = await post<{ roomId: string; gmToken: string }>(`${origin}/api/rooms`, {
    map: readJson('maps/arena.json'),
    encounterFile: 'arena-skirmish.json',
    party: readJson('encounters/parties/sample-party.json'),
    name: 'Friday night at the arena',
    revealFoes: true,
  });
  const invite = await post<{ token: string }>(
    `${origin}/api/rooms/${room.roomId}/invites`,
    { name: 'Pat', characterIds: ['maren-stalwart'] },
    room.gmToken,
  );
  const phone = await browser.newContext(PHONE);
  const player = await phone.newPage();
  await player.goto(`${origin}/?room=${room.roomId}&token=${invite.token}`);
  await waitReady(player);
  await expect(player.getByTestId('table-player')).toBeVisible();
  await expect(player.getByTestId('status-room')).toHaveText('Friday night at the arena');
  await player.waitForTimeout(500); // let the first frames settle before the picture
  await screenshot(player, 'player-phone-view.png');
  await phone.close();
});
