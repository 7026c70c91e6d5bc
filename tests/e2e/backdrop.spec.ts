import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { cellToPage, createRoom, gmChoosesArena, screenshot, useTestServer, waitReady } from './helpers';

/**
 * Issue 14, "Background image under the grid": the GM uploads a battlemap, aligns it (pixels per
 * square and offset), a player joins, and both screens show the same picture colours on the same
 * squares (pixels read at the squares' screen positions).
 */
const server = useTestServer();

/** Image pixels per square the test picture is painted at; a half-square border shifts its grid. */
const PPS = 40;
const BORDER = PPS / 2;

/** A distinct colour per image square (i, j): far apart in every channel pair. */
function colourOf(i: number, j: number): [number, number, number] {
  return [(i * 47 + 30) % 256, (j * 71 + 60) % 256, ((i + j) * 29 + 200) % 256];
}

/** The battlemap: `w`×`h` squares of PPS pixels, each a flat colour, after a BORDER of grey at left and top. */
async function testPicture(w: number, h: number): Promise<Buffer> {
  const width = w * PPS + BORDER;
  const height = h * PPS + BORDER;
  const raw = Buffer.alloc(width * height * 3, 128);
  for (let y = BORDER; y < height; y++) {
    for (let x = BORDER; x < width; x++) {
      const c = colourOf(Math.floor((x - BORDER) / PPS), Math.floor((y - BORDER) / PPS));
      raw.set(c, (y * width + x) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The colour on screen at the centre of map square (x, y). */
async function colourAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const p = await cellToPage(page, x, y);
  const png = await page.screenshot({
    clip: { x: Math.round(p.x), y: Math.round(p.y), width: 1, height: 1 },
  });
  const px = await sharp(png).removeAlpha().raw().toBuffer();
  return [px[0]!, px[1]!, px[2]!];
}

function near(a: readonly number[], b: readonly number[], tolerance = 20): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
}

/** Until the battlemap on this page has nothing left to load and shows something. */
async function pictureSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const b = window.__iconVtt?.background();
      return !!b && b.loading === 0 && (b.preview || b.visibleTiles > 0);
    },
    null,
    { timeout: 20_000 },
  );
}

/** Two bare squares (ground, height 0, no token) inside the map, far apart. */
async function bareSquares(page: Page): Promise<Array<{ x: number; y: number }>> {
  return page.evaluate(() => {
    const s = window.__iconVtt!.scene()!;
    const taken = new Set<string>();
    for (const t of s.tokens)
      for (let dx = 0; dx < t.size; dx++)
        for (let dy = 0; dy < t.size; dy++) taken.add(`${t.cell.x + dx},${t.cell.y + dy}`);
    const bare: Array<{ x: number; y: number }> = [];
    for (let y = 0; y < s.map.height; y++)
      for (let x = 0; x < s.map.width; x++)
        if (s.map.cells[y]![x] === '.' && s.map.heights[y]![x] === '0' && !taken.has(`${x},${y}`))
          bare.push({ x, y });
    return [bare[0]!, bare[bare.length - 1]!];
  });
}

test('the GM uploads and aligns a battlemap; a player sees the same colours on the same squares', async ({
  browser,
}) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await gm.setViewportSize({ width: 1440, height: 900 });
  await createRoom(gm);
  const map = await gm.evaluate(() => window.__iconVtt!.scene()!.map);
  const picture = await testPicture(map.width, map.height);

  const fieldset = gm.getByTestId('backdrop');
  await fieldset.getByTestId('backdrop-file').setInputFiles({
    name: 'battlemap.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await expect(fieldset.getByTestId('backdrop-pps')).toBeVisible({ timeout: 20_000 });
  // Align: the picture's grid is 40 px and starts half a square in.
  await fieldset.getByTestId('backdrop-pps').fill(String(PPS));
  await fieldset.getByTestId('backdrop-pps').press('Enter');
  await fieldset.getByTestId('backdrop-offset-x').fill('-0.5');
  await fieldset.getByTestId('backdrop-offset-x').press('Enter');
  // The nudge buttons move by a tenth of a square: -0.4 - 0.1 = -0.5.
  await fieldset.getByTestId('backdrop-offset-y').fill('-0.4');
  await fieldset.getByTestId('backdrop-offset-y').press('Enter');
  await fieldset.getByRole('button', { name: 'Nudge up' }).click();
  // Art only, so the squares show the picture's own colours.
  await fieldset.getByTestId('backdrop-opacity').focus();
  await gm.keyboard.press('Home');
  await expect
    .poll(() => gm.evaluate(() => window.__iconVtt!.scene()!.map.background), { timeout: 10_000 })
    .toMatchObject({ pixelsPerSquare: PPS, offsetX: -0.5, offsetY: -0.5, terrainOpacity: 0 });
  await pictureSettled(gm);

  // A player joins through an invite.
  await gm.getByTestId('invite-name').fill('Pat');
  await gm.getByTestId('invite-char-maren-stalwart').check();
  await gm.getByTestId('invite-create').click();
  const link = await gm.getByTestId('invite-link').first().inputValue();
  const player = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  player.on('pageerror', (e) => console.error('player page error:', e.message));
  await player.goto(link.replace(/^https?:\/\/[^/]+/, server().origin));
  await waitReady(player);
  await pictureSettled(player);

  const squares = await bareSquares(gm);
  for (const sq of squares) {
    const expected = colourOf(sq.x, sq.y);
    const onGm = await colourAt(gm, sq.x, sq.y);
    const onPlayer = await colourAt(player, sq.x, sq.y);
    expect(near(onGm, expected), `GM square (${sq.x},${sq.y}): ${onGm} vs ${expected}`).toBe(true);
    expect(near(onPlayer, expected), `player square (${sq.x},${sq.y}): ${onPlayer} vs ${expected}`).toBe(
      true,
    );
  }
  await screenshot(gm, 'backdrop-gm.png');
  await screenshot(player, 'backdrop-player.png');
});

test('a file that is not an image is refused in the server’s words and nothing changes', async ({
  browser,
}) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await createRoom(gm);
  await gm.getByTestId('backdrop-file').setInputFiles({
    name: 'lying.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a picture'),
  });
  const error = gm.getByTestId('backdrop-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText('lying.png was not used:');
  // The server's sentence, not a status code.
  await expect(error).not.toContainText('415');
  expect(await gm.evaluate(() => window.__iconVtt!.scene()!.map.background)).toBeUndefined();
  await expect(gm.getByTestId('backdrop-pps')).toHaveCount(0);
});
