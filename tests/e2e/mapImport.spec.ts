import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import path from 'node:path';
import { lineOfSightBetweenCells } from '../../src/grid';
import type { MapData } from '../../src/schema/map';
import { ROOT, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 14: the GM imports maps/imports/sample.uvtt (two rooms split by a wall along x = 6 with
 * a closed door at (6, 3)). Someone at (2, 3) cannot see (9, 3) through the wall; the GM opens the
 * door and the line passes. Sight is judged by the rules' own code on the map the page holds.
 */
let server: TestServer;
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

const TINY = {
  schemaVersion: 1,
  kind: 'map',
  name: 'Empty',
  width: 4,
  height: 4,
  cells: ['....', '....', '....', '....'],
  heights: ['0000', '0000', '0000', '0000'],
};

const sceneMap = (page: Page) => page.evaluate(() => window.__iconVtt?.scene()?.map) as Promise<MapData>;

test('the GM imports a Universal VTT map: its wall blocks sight, the door opens and sight goes through', async ({
  browser,
}) => {
  const created = await fetch(`${server.origin}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ map: TINY }),
  });
  const { roomId, gmToken } = (await created.json()) as { roomId: string; gmToken: string };
  const gm = await (await browser.newContext()).newPage();
  gm.on('pageerror', (e) => console.error('GM page error:', e.message));
  await gm.goto(`${server.origin}/?room=${roomId}&token=${gmToken}`);
  await waitReady(gm);
  const notice = gm.getByTestId('key-notice').getByRole('button', { name: 'Got it' });
  if (await notice.isVisible()) await notice.click();

  await gm.getByTestId('map-import-file').setInputFiles(path.join(ROOT, 'maps/imports/sample.uvtt'));
  await expect(gm.getByTestId('map-import-summary')).toContainText(
    'sample.uvtt: 12×8 squares, 8 wall squares, 1 door, a 768×512 picture',
  );
  await gm.getByRole('button', { name: 'Replace the map' }).click();
  await expect.poll(async () => (await sceneMap(gm))?.width).toBe(12);
  const map = await sceneMap(gm);
  // The picture is stored as a room image and lies under the grid, one 64-pixel square per square.
  expect(map.background).toMatchObject({ imageWidth: 768, imageHeight: 512, pixelsPerSquare: 64 });
  expect(map.doors).toEqual([{ x: 6, y: 3, closed: true }]);
  expect(lineOfSightBetweenCells(map, { x: 2, y: 3 }, { x: 9, y: 3 }).visible).toBe(false);

  const door = gm.getByTestId('doors-panel').getByRole('button', { name: 'Open door' });
  await expect(gm.getByTestId('doors-panel')).toContainText('Door at (6,3): closed');
  await door.focus();
  await gm.keyboard.press('Enter');
  await expect(gm.getByTestId('doors-panel')).toContainText('Door at (6,3): open');
  await expect.poll(async () => (await sceneMap(gm)).doors?.[0]?.closed).toBe(false);
  expect(lineOfSightBetweenCells(await sceneMap(gm), { x: 2, y: 3 }, { x: 9, y: 3 }).visible).toBe(true);

  // One undo closes it again.
  await gm.getByTestId('undo').click();
  await expect.poll(async () => (await sceneMap(gm)).doors?.[0]?.closed).toBe(true);
});

test('a bad map file is refused with the file, the place in it and what was expected', async ({
  browser,
}) => {
  const created = await fetch(`${server.origin}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ map: TINY }),
  });
  const { roomId, gmToken } = (await created.json()) as { roomId: string; gmToken: string };
  const gm = await (await browser.newContext()).newPage();
  await gm.goto(`${server.origin}/?room=${roomId}&token=${gmToken}`);
  await waitReady(gm);
  await gm.getByTestId('map-import-file').setInputFiles({
    name: 'huge.dd2vtt',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(JSON.stringify({ resolution: { map_size: { x: 900, y: 5 }, pixels_per_grid: 64 } })),
  });
  await expect(gm.getByRole('alert').filter({ hasText: 'huge.dd2vtt' })).toContainText(
    'resolution.map_size.x: a map is at most 200×200 squares',
  );
});
