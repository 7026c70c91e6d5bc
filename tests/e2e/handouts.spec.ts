import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { makeTestImage } from '../../scripts/make-test-image';
import { expect, test } from './fixtures';
import { ROOT, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 32, "Handouts" through the pages (docs/ui/gm.md, docs/ui/player.md): the GM shows a
 * picture to one player; it opens on that player's page at once, the other player sees nothing of
 * it, and its reader opens it again from the Handouts list. Robin and Sam are the players.
 */
test('a picture handout for Sam opens for Sam only, and Sam reopens it from the list', async ({
  browser,
  server,
}) => {
  const { gm, ranger, sage } = await openTable(server, browser);
  const panel = gm.getByTestId('handouts-panel');
  await panel.getByText('Show a new handout…').click();
  await panel.getByTestId('handout-title-input').fill('The sealed letter');
  await panel.getByTestId('handout-text-input').fill('Meet me at the old well at midnight.');
  await panel.getByTestId('handout-upload').setInputFiles({
    name: 'letter.png',
    mimeType: 'image/png',
    buffer: await makeTestImage({ width: 320, height: 200, square: 40 }),
  });
  await expect(panel.getByTestId('handout-picture-choice')).toHaveValue(/^[0-9a-f]{64}$/);
  await expect(panel.getByTestId('handout-preview')).toBeVisible();
  await panel.getByTestId('handout-to').selectOption({ label: 'Sam only' });
  await panel.getByTestId('handout-show').click();
  await expect(panel.getByTestId('handout-row')).toHaveCount(1);
  await expect(panel.getByTestId('handout-row')).toContainText('Shown to Sam');

  // Sam's page opens it at once, with its picture (fetched with Sam's link) and its words.
  const viewer = sage.getByTestId('handout-viewer');
  await expect(viewer.getByRole('heading', { name: 'The sealed letter' })).toBeVisible();
  await expect(viewer.getByTestId('handout-text')).toHaveText('Meet me at the old well at midnight.');
  await expect(viewer).toContainText('Shown to you');
  const picture = viewer.getByTestId('handout-picture');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await sage.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // One for everyone after it: once Robin's page shows it, Sam's would have shown before it.
  await panel.getByTestId('handout-title-input').fill('Last call');
  await panel.getByTestId('handout-text-input').fill('The inn closes at dawn.');
  await panel.getByTestId('handout-to').selectOption({ label: 'Everyone' });
  await panel.getByTestId('handout-show').click();
  await expect(ranger.getByTestId('handout-viewer')).toContainText('The inn closes at dawn.');
  await ranger.getByTestId('handout-close').click();
  await expect(ranger.getByTestId('handouts-open')).toHaveText('All handouts (1)');
  await ranger.getByTestId('handouts-open').click();
  await expect(ranger.getByTestId('handout-item')).toHaveCount(1);
  await expect(ranger.getByTestId('handout-item')).toContainText(
    /Last call\s*Shown to everyone at \d{1,2}:\d{2}/,
  );
  await expect(ranger.getByTestId('handout-list')).not.toContainText('sealed letter');

  // Sam reopens the letter from the list.
  await expect(sage.getByTestId('handout-viewer')).toContainText('The inn closes at dawn.');
  await sage.getByTestId('handout-all').click();
  await sage.getByTestId('handout-item').filter({ hasText: 'The sealed letter' }).click();
  await expect(viewer.getByRole('heading', { name: 'The sealed letter' })).toBeVisible();
  await expect(viewer.getByTestId('handout-picture')).toBeVisible();
});

/** A fresh room of the combat map with two player invites; the GM's, Robin's and Sam's pages, connected. */
async function openTable(
  server: TestServer,
  browser: Browser,
): Promise<Record<'gm' | 'ranger' | 'sage', Page>> {
  const post = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${server.origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} → HTTP ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const map: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, 'maps/combat-test.json'), 'utf8'));
  const room = await post<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms', {
    map,
    name: 'Handouts',
  });
  const invite = (name: string) =>
    post<{ link: string }>(`/api/rooms/${room.roomId}/invites`, { name, characterIds: [] }, room.gmToken);
  const links = [room.gmLink, (await invite('Robin')).link, (await invite('Sam')).link];
  const [gm, ranger, sage] = await Promise.all(
    links.map(async (link) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(link.replace(/^https?:\/\/[^/]+/, server.origin));
      await waitReady(page);
      // The chat shows once the page's room connection is up.
      await page.getByTestId('chat-panel').waitFor();
      return page;
    }),
  );
  return { gm: gm!, ranger: ranger!, sage: sage! };
}
