import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ROOT, screenshot, useTestServer, waitReady } from './helpers';

/**
 * The start page as a first-time GM meets it (issue 12, "Phones, tablets and first use"): a
 * picture per sample map with its size, an encounter that picks its own map, a room name the
 * table shows, "Your rooms" remembered in this browser, and the one-time "keep the GM link"
 * notice. Real server, real Chromium.
 */
const server = useTestServer();

interface MapFacts {
  file: string;
  name: string;
  width: number;
  height: number;
}

const SAMPLE_MAPS: MapFacts[] = fs
  .readdirSync(path.join(ROOT, 'maps'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => {
    const m = JSON.parse(fs.readFileSync(path.join(ROOT, 'maps', file), 'utf8')) as MapFacts;
    return { file, name: m.name, width: m.width, height: m.height };
  });

async function openStart(page: Page): Promise<void> {
  await page.goto(`${server().origin}/`);
  await waitReady(page);
}

/** How many distinct colours a map picture's canvas holds (a blank canvas has one). */
function pictureColours(page: Page, file: string): Promise<number> {
  return page.getByTestId(`map-picture-${file}`).evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4)
      seen.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
    return seen.size;
  });
}

test('each sample map is a picture with its name and size, chosen by click or keyboard', async ({ page }) => {
  await openStart(page);
  const group = page.getByRole('radiogroup', { name: 'Battlefield' });
  await expect(group).toBeVisible();
  for (const map of SAMPLE_MAPS) {
    const choice = page.getByTestId(`map-choice-${map.file}`);
    await expect(choice).toContainText(`${map.name} · ${map.width}×${map.height}`);
    await expect(page.getByTestId(`map-picture-${map.file}`)).toBeVisible();
    // Drawn from the map's squares: every sample map has more than one kind of square.
    expect(await pictureColours(page, map.file)).toBeGreaterThan(1);
  }
  await expect(page.getByRole('radio')).toHaveCount(SAMPLE_MAPS.length);

  // Clicking a picture chooses that map; arrow keys move the choice like any radio group.
  const [first, second] = SAMPLE_MAPS;
  await page.getByTestId(`map-picture-${second!.file}`).click();
  await expect(page.getByRole('radio', { name: new RegExp(second!.name) })).toBeChecked();
  await page.getByRole('radio', { name: new RegExp(second!.name) }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: new RegExp(first!.name) })).toBeChecked();
  await screenshot(page, 'start-desktop.png');
});

test('choosing an encounter picks its own map and says so; the room is named after it', async ({ page }) => {
  await openStart(page);
  await page.getByTestId('map-choice-arena.json').click();
  // The lists show encounters and parties by name, not file name.
  await expect(
    page.getByTestId('party-select').locator('option', { hasText: 'The Lantern Company' }),
  ).toHaveCount(1);
  const encounter = page.getByTestId('encounter-select');
  await expect(encounter.locator('option', { hasText: 'Ambush at the sunken temple' })).toHaveCount(1);
  await encounter.selectOption({ label: 'Ambush at the sunken temple' });
  await expect(page.getByRole('radio', { name: /Sunken Temple Ruins/ })).toBeChecked();
  await expect(page.getByTestId('encounter-map-note')).toContainText('Sunken Temple Ruins');
  await expect(page.getByTestId('room-name')).toHaveValue('Ambush at the sunken temple');

  // Another map leaves the encounter out, and says why.
  await page.getByTestId('map-choice-arena.json').click();
  await expect(encounter).toHaveValue('');
  await expect(page.getByTestId('encounter-map-note')).toContainText('Sunken Temple Ruins');
  await expect(page.getByTestId('room-name')).toHaveValue('Arena of the Broken Crown');
});

test('the room name the GM types is what the table shows, within the schema bound', async ({ page }) => {
  await openStart(page);
  const name = page.getByTestId('room-name');
  await expect(name).toHaveAttribute('maxlength', '120');
  await page.getByTestId('map-choice-arena.json').click();
  await expect(name).toHaveValue('Arena of the Broken Crown');
  await name.fill('Friday night at the arena');
  // A typed name stays when the map changes.
  await page.getByTestId('map-choice-ruins.json').click();
  await expect(name).toHaveValue('Friday night at the arena');
  await page.getByTestId('create-room').click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  await expect(page.getByTestId('status-room')).toHaveText('Friday night at the arena');
});

test('"Your rooms" survives a reload, opens the room, and Forget removes it', async ({ page }) => {
  await openStart(page);
  await expect(page.getByTestId('your-rooms')).toHaveCount(0); // nothing to list yet
  await page.getByTestId('map-choice-arena.json').click();
  await page.getByTestId('room-name').fill('Tuesday skirmish');
  await page.getByTestId('create-room').click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  const gmUrl = page.url();

  await openStart(page);
  await page.reload();
  await waitReady(page);
  const rooms = page.getByTestId('your-rooms');
  const entry = rooms.getByRole('listitem').filter({ hasText: 'Tuesday skirmish' });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('link', { name: /Open/ }).click();
  await page.waitForURL(gmUrl);
  await waitReady(page);
  await expect(page.getByTestId('table-gm')).toBeVisible();
  await expect(page.getByTestId('status-room')).toHaveText('Tuesday skirmish');

  await openStart(page);
  await rooms
    .getByRole('listitem')
    .filter({ hasText: 'Tuesday skirmish' })
    .getByRole('button', { name: /Forget/ })
    .click();
  await expect(page.getByTestId('your-rooms')).toHaveCount(0);
  // The link is the key to the room: a Forget by mistake can be taken back.
  await page.getByTestId('your-rooms-forgotten').getByRole('button', { name: 'Undo' }).click();
  await expect(rooms.getByRole('listitem').filter({ hasText: 'Tuesday skirmish' })).toHaveCount(1);
  await rooms.getByRole('button', { name: 'Forget Tuesday skirmish' }).click();
  await expect(page.getByTestId('your-rooms')).toHaveCount(0);
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('your-rooms')).toHaveCount(0);
});

test('a room imported from a room file joins "Your rooms"', async ({ page }) => {
  // A room file as a table exports it: a room made and exported through the API.
  const origin = server().origin;
  const made = await fetch(`${origin}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      map: JSON.parse(fs.readFileSync(path.join(ROOT, 'maps/arena.json'), 'utf8')),
      name: 'Saturday rematch',
    }),
  });
  const room = (await made.json()) as { roomId: string; gmToken: string };
  const exported = await fetch(`${origin}/api/rooms/${room.roomId}/export`, {
    headers: { authorization: `Bearer ${room.gmToken}` },
  });
  await openStart(page);
  await page.getByTestId('room-import-upload').setInputFiles({
    name: 'Saturday rematch.icon-vtt.json',
    mimeType: 'application/json',
    buffer: Buffer.from(await exported.text()),
  });
  await page.getByTestId('room-import').click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  const importedUrl = new URL(page.url());
  await openStart(page);
  const entry = page.getByTestId('your-rooms').getByRole('listitem').filter({ hasText: 'Saturday rematch' });
  await expect(entry.getByRole('link', { name: /Open/ })).toHaveAttribute(
    'href',
    importedUrl.pathname + importedUrl.search,
  );
});

test('a tampered "Your rooms" store is ignored entry by entry, never followed', async ({ page }) => {
  await openStart(page);
  await page.evaluate(() => {
    localStorage.setItem(
      'icon-vtt.yourRooms',
      JSON.stringify({
        version: 1,
        rooms: [
          { name: 'Evil', gmLink: 'javascript:alert(1)', createdAt: '2025-01-01T00:00:00.000Z' },
          {
            name: 'Kept',
            gmLink: '/?room=abcdefghijklmnop&token=abcdefghijklmnopqrstuv',
            createdAt: '2025-01-02T00:00:00.000Z',
          },
          { name: 42 },
        ],
      }),
    );
  });
  await page.reload();
  await waitReady(page);
  const items = page.getByTestId('your-rooms').getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Kept');

  await page.evaluate(() => localStorage.setItem('icon-vtt.yourRooms', '{not json'));
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('your-rooms')).toHaveCount(0);
  await expect(page.getByTestId('create-room')).toBeEnabled();
});

test('the GM is told once that the GM link is the key to the room', async ({ page }) => {
  await openStart(page);
  await page.getByTestId('map-choice-arena.json').click();
  await page.getByTestId('create-room').click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  const notice = page.getByTestId('key-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('key to this room');
  await screenshot(page, 'start-key-notice.png');
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('table-gm')).toBeVisible();
  await expect(page.getByTestId('key-notice')).toHaveCount(0);

  // A second room: the GM already knows, so no notice.
  await openStart(page);
  await page.getByTestId('map-choice-arena.json').click();
  await page.getByTestId('create-room').click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  await expect(page.getByTestId('table-gm')).toBeVisible();
  await expect(page.getByTestId('key-notice')).toHaveCount(0);
});

test('the start page fits a phone (390×844): no sideways scroll, pictures wrap, Create reachable', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await openStart(page);
  // Nothing sticks out to the right (body clips overflow, so a wide element would be cut off).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#app *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > window.innerWidth + 0.5;
      })
      .map((e) => e.tagName + (e.dataset['testid'] ? `[${e.dataset['testid']}]` : '')),
  );
  expect(wide).toEqual([]);
  // Every card lies inside the screen's width.
  for (const map of SAMPLE_MAPS) {
    const box = (await page.getByTestId(`map-choice-${map.file}`).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await screenshot(page, 'start-phone.png');
  const create = page.getByTestId('create-room');
  await create.scrollIntoViewIfNeeded();
  await expect(create).toBeInViewport();
  await create.tap();
  await page.waitForURL(/\?room=.+&token=.+/);
  await context.close();
});

test('axe finds no serious or critical problem on the start page, with Your rooms listed', async ({
  page,
}) => {
  await openStart(page);
  await page.evaluate(() =>
    localStorage.setItem(
      'icon-vtt.yourRooms',
      JSON.stringify({
        version: 1,
        rooms: [
          {
            name: 'Kept',
            gmLink: '/?room=abcdefghijklmnop&token=abcdefghijklmnopqrstuv',
            createdAt: '2025-01-02T00:00:00.000Z',
          },
        ],
      }),
    ),
  );
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('your-rooms')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
});
