import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { cellToPage, createRoom, gmChoosesArena, useTestServer } from './helpers';

/**
 * Issue 14's pan figure: a battlemap fitted to the map is baked into the terrain chunks' textures,
 * so each screen pixel is filled once (the chunk), not twice (the picture's tiles, then the
 * terrain over them). The tiles' own layer ("underlay") is drawn only while a chunk on screen
 * still lacks the picture, or for the part of a picture that reaches past the map's edge.
 */
const server = useTestServer();

const PPS = 40;

/** A distinct flat colour per square. */
function colourOf(i: number, j: number): [number, number, number] {
  return [(i * 47 + 30) % 256, (j * 71 + 60) % 256, ((i + j) * 29 + 200) % 256];
}

/** `w`×`h` squares of PPS pixels, exactly the map's size (the upload fits it to the squares). */
async function fittedPicture(w: number, h: number): Promise<Buffer> {
  const width = w * PPS;
  const height = h * PPS;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set(colourOf(Math.floor(x / PPS), Math.floor(y / PPS)), (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function colourAt(page: Page, x: number, y: number): Promise<number[]> {
  const p = await cellToPage(page, x, y);
  const png = await page.screenshot({
    clip: { x: Math.round(p.x), y: Math.round(p.y), width: 1, height: 1 },
  });
  return [...(await sharp(png).removeAlpha().raw().toBuffer())].slice(0, 3);
}

type Layer = { underlay?: boolean; loading: number; preview: boolean; visibleTiles: number };
const layer = (page: Page): Promise<Layer | undefined> =>
  page.evaluate(() => window.__iconVtt?.background() as Layer | undefined);

test('a fitted battlemap is drawn inside the terrain chunks: one layer at rest and while panning', async ({
  browser,
}) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await gm.setViewportSize({ width: 1440, height: 900 });
  await createRoom(gm);
  const map = await gm.evaluate(() => window.__iconVtt!.scene()!.map);
  const fieldset = gm.getByTestId('backdrop');
  await fieldset.getByTestId('backdrop-file').setInputFiles({
    name: 'fitted.png',
    mimeType: 'image/png',
    buffer: await fittedPicture(map.width, map.height),
  });
  await expect(fieldset.getByTestId('backdrop-pps')).toBeVisible({ timeout: 20_000 });
  await fieldset.getByTestId('backdrop-opacity').focus();
  await gm.keyboard.press('Home');
  await expect
    .poll(() => gm.evaluate(() => window.__iconVtt!.scene()!.map.background), { timeout: 10_000 })
    .toMatchObject({ pixelsPerSquare: PPS, offsetX: 0, offsetY: 0, terrainOpacity: 0 });

  // Settled: nothing loading, the chunks on screen carry the picture, the tiles' layer is off.
  await expect.poll(async () => (await layer(gm))?.underlay, { timeout: 20_000 }).toBe(false);
  await expect.poll(async () => (await layer(gm))?.loading, { timeout: 20_000 }).toBe(0);
  for (const sq of [
    { x: 1, y: 1 },
    { x: map.width - 2, y: map.height - 2 },
  ]) {
    const seen = await colourAt(gm, sq.x, sq.y);
    const want = colourOf(sq.x, sq.y);
    expect(
      seen.every((v, i) => Math.abs(v - want[i]!) <= 24),
      `square (${sq.x},${sq.y}): ${seen} vs ${want}`,
    ).toBe(true);
  }

  // A second of panning and zooming: every frame draws the picture once (no underlay).
  const underlays = await gm.evaluate(
    () =>
      new Promise<number>((done) => {
        const hook = window.__iconVtt!;
        const start = hook.camera()!;
        const t0 = performance.now();
        let seen = 0;
        const step = (now: number) => {
          const t = (now - t0) / 1000;
          if ((hook.background() as { underlay?: boolean } | undefined)?.underlay !== false) seen++;
          if (t >= 1) return done(seen);
          hook.setCamera({ x: start.x + 300 * t, y: start.y + 150 * t, zoom: start.zoom * (1 + 0.5 * t) });
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  expect(underlays).toBe(0);

  // Half a square past the map's left edge: that strip is only in the tiles' layer, so it draws.
  await fieldset.getByTestId('backdrop-offset-x').fill('-0.5');
  await fieldset.getByTestId('backdrop-offset-x').press('Enter');
  await expect.poll(async () => (await layer(gm))?.underlay, { timeout: 10_000 }).toBe(true);
});
