import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cellToPage, ROOT, sceneTokens, tokenCell, useTestServer, waitReady } from './helpers';

/**
 * Issue 14, "Token art": a player picks a picture for their own character, frames it in the crop
 * dialog with the keyboard and the slider, and both screens draw its colour at the token's centre;
 * the GM gives a foe a portrait the same way. Real server, two Chromium contexts.
 */
const server = useTestServer();
test.describe.configure({ mode: 'serial' });

let gm: Page;
let player: Page;

/** Magenta in the middle, a busy bright border of yellow and cyan stripes around it. */
const MAGENTA = { r: 255, g: 0, b: 200 };
const ORANGE = { r: 255, g: 140, b: 0 };

async function picture(middle: { r: number; g: number; b: number }): Promise<Buffer> {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
      ${Array.from({ length: 30 }, (_, i) => `<rect x="${i * 20}" y="0" width="10" height="400" fill="${i % 2 ? '#ffff00' : '#00ffff'}"/>`).join('')}
      <rect x="120" y="80" width="360" height="240" fill="rgb(${middle.r},${middle.g},${middle.b})"/>
    </svg>`,
  );
  return sharp(stripes).png().toBuffer();
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server().origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → HTTP ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function open(browser: Browser, link: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, server().origin));
  await waitReady(page);
  return page;
}

/** The colour drawn at the middle of a token's first square, read from a screenshot. */
async function colourAtToken(page: Page, id: string): Promise<{ r: number; g: number; b: number }> {
  const cell = await tokenCell(page, id);
  if (!cell) throw new Error(`no token ${id}`);
  const p = await cellToPage(page, cell.x, cell.y);
  const png = await page.screenshot({
    clip: { x: Math.round(p.x) - 1, y: Math.round(p.y) - 1, width: 3, height: 3 },
  });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

function near(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): boolean {
  return Math.abs(a.r - b.r) < 40 && Math.abs(a.g - b.g) < 40 && Math.abs(a.b - b.b) < 40;
}

/** Opens the dialog on the selected token, picks `bytes`, frames it and uses it. */
async function setPortrait(page: Page, bytes: Buffer): Promise<void> {
  await page.getByTestId('set-portrait').click();
  const dialog = page.getByTestId('portrait-dialog');
  await expect(dialog).toBeVisible();
  await page
    .getByTestId('portrait-file')
    .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: bytes });
  const view = page.getByTestId('portrait-view');
  await expect(view.locator('img')).toBeVisible();
  // Keyboard only: zoom in twice, nudge right and down; then the slider.
  await view.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.getByTestId('portrait-zoom').fill('1.5');
  await page.getByTestId('portrait-use').click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

test.beforeAll(async ({ browser }) => {
  const party = JSON.parse(fs.readFileSync(path.join(ROOT, 'encounters/parties/sample-party.json'), 'utf8'));
  const room = await post<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms', {
    map: JSON.parse(fs.readFileSync(path.join(ROOT, 'maps/arena.json'), 'utf8')),
    encounterFile: 'arena-skirmish.json',
    party,
    revealFoes: true,
    name: 'Portrait test',
  });
  const invite = await post<{ link: string }>(
    `/api/rooms/${room.roomId}/invites`,
    { name: 'Ana', characterIds: ['maren-stalwart'] },
    room.gmToken,
  );
  gm = await open(browser, room.gmLink);
  player = await open(browser, invite.link);
});

test('a player sets their own character’s portrait and both screens draw it', async () => {
  await player.getByTestId('token-item-maren-stalwart').click();
  await setPortrait(player, await picture(MAGENTA));
  for (const page of [player, gm])
    await expect
      .poll(() => colourAtToken(page, 'maren-stalwart').then((c) => near(c, MAGENTA)), { timeout: 10_000 })
      .toBe(true);
  // Not someone else's: no button on Ivo for this player.
  await player.getByTestId('token-item-ivo-vagabond').click();
  await expect(player.getByTestId('set-portrait')).toHaveCount(0);
});

test('the GM gives a foe a portrait', async () => {
  const foe = (await sceneTokens(gm)).find((t) => t.side === 'foes')!;
  await gm.getByTestId(`token-item-${foe.id}`).click();
  await setPortrait(gm, await picture(ORANGE));
  for (const page of [gm, player])
    await expect
      .poll(() => colourAtToken(page, foe.id).then((c) => near(c, ORANGE)), { timeout: 10_000 })
      .toBe(true);
});
