import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createRoom,
  dragCell,
  expectStatus,
  farthestSquare,
  gmChoosesArena,
  reachOf,
  screenshot,
  tokenCell,
  waitReady,
} from './helpers';
import { startTestServer, type TestServer } from './testServer';

/**
 * The server goes away mid-session and comes back (issue 12, item 4): the status bar says the
 * link is down, an action clicked meanwhile is refused in plain words (not dropped), the GM's
 * map edits wait and reach the players once the server is back, and the page says the link is
 * back. A real server is stopped and started again on the same port with the same data.
 */
test.setTimeout(150_000);

const PC = 'maren-stalwart';
/** This spec's own server (it is stopped and started again), stopped when the test ends. */
let server: TestServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function joinAsPlayer(gm: Page): Promise<Page> {
  await gm.getByTestId('invite-name').fill('Pat');
  await gm.getByTestId(`invite-char-${PC}`).check();
  await gm.getByTestId('invite-create').click();
  const link = await gm.getByTestId('invite-link').first().inputValue();
  const player = await (await gm.context().browser()!.newContext()).newPage();
  player.on('pageerror', (e) => console.error('player page error:', e.message));
  await player.goto(link.replace(/^https?:\/\/[^/]+/, server!.origin));
  await waitReady(player);
  return player;
}

test('the status bar shows the link; offline intents are refused; GM edits wait for the server', async ({
  browser,
}) => {
  server = await startTestServer();
  const gm = await gmChoosesArena(browser, server.origin);
  await createRoom(gm);
  const player = await joinAsPlayer(gm);
  for (const page of [gm, player]) await expect(page.getByTestId('status-link')).toHaveText('Connected');

  // The server goes away.
  const at = { port: Number(new URL(server.origin).port), dataDir: server.dataDir };
  await server.stop({ keepData: true });
  server = undefined;
  for (const page of [gm, player]) {
    await expect(page.getByTestId('status-link')).toHaveText(/Reconnecting|Offline/, { timeout: 15_000 });
  }
  for (const page of [gm, player])
    await expect(page.getByTestId('status-link')).toHaveText('Offline', { timeout: 30_000 });
  await expect(gm.getByTestId('status-link')).toHaveAttribute('title', /edits are kept/);

  // A player's move is a server-rolled intent: refused at once, in plain words.
  const from = (await tokenCell(player, PC))!;
  const to = farthestSquare(await reachOf(player, PC));
  await dragCell(player, from, to);
  await expectStatus(player, 'refused', /not connected: try again when the link is back/);
  expect(await tokenCell(player, PC)).toEqual(from);
  // So is a GM's combat button.
  await gm.getByTestId('tracker-start-combat').click();
  await expectStatus(gm, 'refused', /not connected: try again when the link is back/);
  await screenshot(player, 'connection-offline-player.png');

  // A GM drag is a doc write: Yjs keeps it and sends it when the link is back.
  const gmFrom = (await tokenCell(gm, PC))!;
  const gmTo = { x: gmFrom.x, y: gmFrom.y + 1 };
  await dragCell(gm, gmFrom, gmTo);
  await expect.poll(() => tokenCell(gm, PC)).toEqual(gmTo);

  // The server comes back on the same port with the same rooms.
  server = await startTestServer([], at);
  for (const page of [gm, player]) {
    await expect(page.getByTestId('status-link')).toHaveText('Connected', { timeout: 30_000 });
    await expect(page.getByTestId('status-message')).toHaveText(/The link is back/);
  }
  await expect.poll(() => tokenCell(player, PC), { timeout: 15_000 }).toEqual(gmTo);
  await screenshot(player, 'connection-back-player.png');

  // And intents go through again.
  const again = farthestSquare(await reachOf(player, PC));
  await dragCell(player, gmTo, again);
  await expectStatus(player, 'ok', /moved/);
});
