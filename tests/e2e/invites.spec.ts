import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createRoom, gmChoosesArena, screenshot, useTestServer, waitReady } from './helpers';

/**
 * The GM's invite panel lists the room's invites and revokes one (docs/server.md, "Revoking an
 * invite"): the player's page, connected at the time, says it lost access, and the link no longer
 * opens the room.
 */
const server = useTestServer();

const PC = 'maren-stalwart';

test('GM lists an invite, revokes it from the panel, and the player is told', async ({ browser }) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await createRoom(gm);
  await expect(gm.getByTestId('table-gm')).toBeVisible();
  const list = gm.getByTestId('invite-list');
  await expect(list).toHaveText('No player invites yet');

  await gm.getByTestId('invite-name').fill('Pat');
  await gm.getByTestId(`invite-char-${PC}`).check();
  await gm.getByTestId('invite-create').click();
  const link = await gm.getByTestId('invite-link').first().inputValue();
  expect(link).toMatch(/\?room=.+&token=.+/);
  // The list refreshes after creating: one row, the player's name and character by name.
  const row = list.locator('[data-invite-name="Pat"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pat → Maren');

  const player: Page = await (await browser.newContext()).newPage();
  player.on('pageerror', (e) => console.error('player page error:', e.message));
  const playerUrl = link.replace(/^https?:\/\/[^/]+/, server().origin);
  await player.goto(playerUrl);
  await waitReady(player);
  await expect(player.getByTestId('table-player')).toBeVisible();
  await expect(player.getByTestId('revoked-banner')).toHaveCount(0);

  // Revoke asks first: dismissing keeps the invite, accepting revokes it.
  gm.once('dialog', (d) => void d.dismiss());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(1);
  await expect(player.getByTestId('revoked-banner')).toHaveCount(0);
  let asked = '';
  gm.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(list).toHaveText('No player invites yet', { timeout: 10_000 });
  expect(asked).toContain("Revoke Pat's invite (Maren");

  // The player's sockets close with 4401: the page says so instead of freezing silently.
  const banner = player.getByTestId('revoked-banner');
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(banner).toContainText('Your invite was revoked');
  await screenshot(player, 'invite-revoked-player.png');

  // The link itself no longer opens the room.
  const again = await (await browser.newContext()).newPage();
  await again.goto(playerUrl);
  await expect(waitReady(again)).rejects.toThrow(/page failed/);
});
