import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postJson, readJson, sceneTokens, screenshot, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Dead ends 8 and 9 of issue 12 on a real server in Chromium: the sunken temple's two Hollow
 * Husks and two Temple Sentries read "Hollow Husk 1", "Hollow Husk 2"… in the tracker, the log
 * and on the map, and the log says ability names, never ids.
 */
let server: TestServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

async function openAmbush(page: Page): Promise<{ roomId: string; gmToken: string }> {
  const room = await postJson<{ roomId: string; gmToken: string; gmLink: string }>(server, '/api/rooms', {
    map: readJson('maps/ruins.json'),
    encounter: readJson('encounters/ruins-ambush.json'),
    party: readJson('encounters/parties/sample-party.json'),
    revealFoes: true,
  });
  await page.goto(room.gmLink.replace(/^https?:\/\/[^/]+/, server.origin));
  await waitReady(page);
  await page.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
  return room;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`duplicate foes are numbered in the tracker, the log and on the map (${viewport.width}×${viewport.height})`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    const { roomId, gmToken } = await openAmbush(page);
    const tracker = page.getByTestId('turn-tracker');
    for (const name of ['Hollow Husk 1', 'Hollow Husk 2', 'Temple Sentry 1', 'Temple Sentry 2'])
      await expect(tracker).toContainText(name);

    // The GM hurts each Husk: the log tells them apart.
    for (const id of ['husk-1', 'husk-2'])
      await postJson(
        server,
        `/api/rooms/${roomId}/intents`,
        { kind: 'adjust-hp', tokenId: id, amount: -3 },
        gmToken,
      );
    const log = page.getByTestId('log-entries');
    await expect(log).toContainText('Hollow Husk 1');
    await expect(log).toContainText('Hollow Husk 2');
    await expect(log).not.toContainText(/husk-\d|'/);

    // The map's labels carry the same names (the scene the renderer draws).
    const husks = (await sceneTokens(page)).filter((t) => t.id.startsWith('husk')).map((t) => t.name);
    expect(husks.sort()).toEqual(['Hollow Husk 1', 'Hollow Husk 2']);
    await page.getByTitle('Fit map to screen').click();
    await screenshot(page, `names-${viewport.width}x${viewport.height}.png`);
    // Readable or not drawn: at a phone's fit zoom names would be ~6 px, so tokens show larger
    // initials with their number ("HH1") instead; on a laptop the names are drawn.
    const phone = viewport.width < 600;
    const namesShown = () => page.evaluate(() => window.__iconVtt?.stats()?.tokenNamesShown);
    await expect.poll(namesShown).toBe(!phone);
    if (!phone) {
      // The status bar names the hovered token in full (a label may shorten a long name).
      const at = await page.evaluate(() => {
        const t = window.__iconVtt!.scene()!.tokens.find((k) => k.id === 'husk-2')!;
        return window.__iconVtt!.cellToPage(t.cell.x, t.cell.y)!;
      });
      await page.mouse.move(at.x, at.y);
      await expect(page.getByTestId('status-cell')).toContainText('Hollow Husk 2 ·');
      // Zoomed far out (8-pixel names): initials alone, and back when zoomed in again.
      const camera = (await page.evaluate(() => window.__iconVtt!.camera()))!;
      await page.evaluate((cam) => window.__iconVtt!.setCamera({ ...cam, zoom: 0.35 }), camera);
      await expect.poll(namesShown).toBe(false);
      await page.evaluate((cam) => window.__iconVtt!.setCamera(cam), camera);
      await expect.poll(namesShown).toBe(true);
    }
  });
}
