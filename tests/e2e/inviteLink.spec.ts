import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postJson, readJson, waitReady } from './helpers';

/**
 * Issue 32, a GM's small things, in Chromium: a player lost their link, so the GM makes a new one
 * for the same invite and copies it; the old link's page is told it no longer opens the table, and
 * the new link opens the same character. The GM renames the room, and the player's page shows the
 * new name at once. The status bars say who each person is in words.
 */

async function open(browser: Browser, url: string, clipboard = false): Promise<Page> {
  const context = await browser.newContext();
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await waitReady(page);
  return page;
}

test('the GM gives a lost link a new one and renames the room; the player follows both', async ({
  browser,
  server,
}) => {
  const room = await postJson<{ roomId: string; gmToken: string; gmLink: string }>(server, '/api/rooms', {
    map: readJson('maps/arena.json'),
    party: readJson('encounters/parties/sample-party.json'),
    name: 'Greyhollow',
  });
  const invite = await postJson<{ link: string }>(
    server,
    `/api/rooms/${room.roomId}/invites`,
    { name: 'Pat', characterIds: ['maren-stalwart'] },
    room.gmToken,
  );
  const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, server.origin);
  const [gm, player] = await Promise.all([
    open(browser, local(room.gmLink), true),
    open(browser, local(invite.link)),
  ]);
  await expect(gm.getByTestId('status-role')).toHaveText('You are the GM');
  await expect(player.getByTestId('status-role')).toHaveText('You are Pat, playing Maren (Stalwart)');

  // New link, asked first; the new link shows under Pat's invite with Copy.
  const row = gm.getByTestId('invite-list').locator('[data-invite-name="Pat"]');
  let asked = '';
  gm.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await row.getByRole('button', { name: 'New link' }).click();
  const field = row.getByTestId('invite-new-link');
  await expect(field).toHaveValue(/\?room=.+&token=.+/);
  expect(asked).toContain('Make a new link for Pat (Maren (Stalwart))?');
  const link = await field.inputValue();
  expect(link).not.toBe(invite.link);
  await row.getByRole('button', { name: /^Copy/ }).click();
  await expect(row.getByTestId('invite-new-link-said')).toHaveText('Copied: send it to the player.');
  expect(await gm.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The old link's page is told; the new link opens the same character.
  const banner = player.getByTestId('revoked-banner');
  await expect(banner).toContainText('This link was replaced.');
  await player.goto(local(link));
  await waitReady(player);
  await expect(player.getByTestId('status-role')).toHaveText('You are Pat, playing Maren (Stalwart)');
  await expect(player.getByTestId('revoked-banner')).toHaveCount(0);

  // The GM renames the room: the player's status bar follows.
  await expect(player.getByTestId('status-room')).toHaveText('Greyhollow');
  await gm.getByTestId('room-name').fill('The Sunken Keep');
  await gm.getByTestId('room-rename').click();
  await expect(gm.getByTestId('status-message')).toHaveText('The room is now called The Sunken Keep');
  await expect(player.getByTestId('status-room')).toHaveText('The Sunken Keep');
});
