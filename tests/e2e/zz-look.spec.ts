import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createRoom, gmChoosesArena, useTestServer, waitReady } from './helpers';

const server = useTestServer();
test.setTimeout(180_000);

async function shot(page: Page, name: string) {
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `.scratch/${name}.png` });
}

test('look', async ({ browser }) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await gm.setViewportSize({ width: 1440, height: 900 });
  await createRoom(gm);
  const url = new URL(gm.url());
  const roomId = url.searchParams.get('room')!;
  const gmToken = url.searchParams.get('token')!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1000"><rect width="1200" height="1000" fill="#55703d"/><circle cx="400" cy="300" r="180" fill="#8b7355"/><rect x="700" y="500" width="300" height="260" fill="#5a6e8c"/><path d="M0 800 Q 600 600 1200 900" stroke="#c9b27c" stroke-width="60" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  await gm.getByTestId('backdrop').getByTestId('backdrop-file').setInputFiles({ name: 'meadow.png', mimeType: 'image/png', buffer: png });
  await expect(gm.getByTestId('backdrop').getByTestId('backdrop-pps')).toBeVisible({ timeout: 20_000 });
  // A portrait for Maren, by the GM.
  const face = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#e0a040"/><circle cx="150" cy="130" r="70" fill="#7a4a2a"/></svg>`)).png().toBuffer();
  await gm.getByTestId('token-item-maren-stalwart').click();
  await gm.getByTestId('set-portrait').click();
  await gm.getByTestId('portrait-file').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: face });
  await gm.getByTestId('portrait-use').click();
  await gm.waitForTimeout(1500);
  await shot(gm, 'gm-1440');
  const res = await fetch(`${server().origin}/api/rooms/${roomId}/invites`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gmToken}` },
    body: JSON.stringify({ name: 'Ana', characterIds: ['maren-stalwart'] }),
  });
  const { link } = (await res.json()) as { link: string };
  for (const [w, h] of [[1440, 900], [390, 844]] as const) {
    const p = await (await browser.newContext({ viewport: { width: w, height: h }, hasTouch: w < 500 })).newPage();
    await p.goto(link.replace(/^https?:\/\/[^/]+/, server().origin));
    await waitReady(p);
    await shot(p, `player-${w}`);
    await p.getByTestId('token-item-maren-stalwart').click().catch(() => {});
    await p.getByTestId('open-sheet').click().catch(() => {});
    await p.getByTestId('sheet-job-traits').scrollIntoViewIfNeeded().catch(() => {});
    await shot(p, `player-sheet-${w}`);
  }
  await gm.setViewportSize({ width: 390, height: 844 });
  await shot(gm, 'gm-390');
});
