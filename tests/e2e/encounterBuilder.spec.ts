import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useTestServer, waitReady } from './helpers';

/**
 * The encounter builder (issue 13) on a real server in Chromium: from the start page's library
 * the GM builds an encounter from two starter foes (two Ash Hounds by a click, a Bramble Raider
 * by the keyboard, then removed), sees a foe that does not fit refused with the sentence and
 * nothing changed, saves it to the library, reloads and sees it, and starts a room from the
 * library entry with the sample party: the tracker shows "Ash Hound 1" and "Ash Hound 2".
 */
const server = useTestServer();

/** Click square (x, y) of the builder's map picture (`width` squares wide). */
async function clickSquare(picture: Locator, width: number, height: number, x: number, y: number) {
  const box = await picture.boundingBox();
  if (!box) throw new Error('the map picture is not on screen');
  await picture.click({
    position: { x: ((x + 0.5) * box.width) / width, y: ((y + 0.5) * box.height) / height },
  });
}

async function openStart(page: Page): Promise<void> {
  await page.goto(`${server().origin}/`);
  await waitReady(page);
}

test('build an encounter from starter foes, save it, reload, start a room from it', async ({ page }) => {
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await openStart(page);
  const library = page.getByRole('region', { name: 'Library' });
  await library.getByRole('button', { name: 'New encounter' }).click();
  const builder = page.getByRole('region', { name: 'Encounter builder' });
  await expect(builder).toBeVisible();
  await builder
    .getByLabel('Map', { exact: true })
    .selectOption({ label: 'Arena of the Broken Crown · 12×10' });
  const picture = builder.getByTestId('encounter-map');
  const placed = builder.getByTestId('encounter-foes');

  // Two Ash Hounds with one click: the first where clicked, the second next to it.
  await builder.getByLabel('Find a foe').fill('hound');
  await builder.getByLabel('Foe to place').selectOption({ label: 'Ash Hound' });
  await builder.getByLabel('How many').fill('2');
  await clickSquare(picture, 12, 10, 5, 1);
  await expect(placed.getByRole('listitem')).toHaveCount(2);
  await expect(placed).toContainText('Ash Hound 1 at (5,1)');
  await expect(placed).toContainText('Ash Hound 2 at (6,1)');

  // A size-2 brute at the east side does not fit: the sentence, and nothing changes.
  await builder.getByLabel('Find a foe').fill('');
  await builder.getByLabel('Template').selectOption('elite');
  await builder.getByLabel('Foe to place').selectOption({ label: 'Quarry Brute' });
  await builder.getByLabel('How many').fill('1');
  await clickSquare(picture, 12, 10, 11, 4);
  await expect(builder.getByRole('alert')).toContainText(
    'Quarry Brute (size 2) at (11,4) reaches past the side of this 12×10 map',
  );
  await expect(placed.getByRole('listitem')).toHaveCount(2);

  // The keyboard: arrow keys move the square cursor (it is where the last click was), Enter places.
  await builder.getByLabel('Template').selectOption('');
  await builder.getByLabel('Foe to place').selectOption({ label: 'Bramble Raider' });
  await picture.focus();
  for (let i = 0; i < 3; i++) await picture.press('ArrowLeft');
  for (let i = 0; i < 2; i++) await picture.press('ArrowDown');
  await expect(builder.getByText('Square (8,6): ground, nobody.')).toBeVisible();
  await picture.press('Enter');
  await expect(placed).toContainText('Bramble Raider at (8,6)');
  // Marked hidden here, it would start hidden in the room; removed instead.
  await placed.getByLabel('Bramble Raider starts hidden').check();
  await placed.getByRole('button', { name: 'Remove Bramble Raider' }).click();
  await expect(placed.getByRole('listitem')).toHaveCount(2);

  await builder.getByLabel('Encounter name').fill('Hound ambush');
  await builder.getByRole('button', { name: 'Save to library' }).click();
  const mine = library.getByTestId('library-mine');
  await expect(mine.getByText('Hound ambush', { exact: true })).toBeVisible();
  await expect(mine).toContainText('Encounter · 2 foes · chapter 1');

  // After a reload the library still has it; start a room from its row with the sample party.
  await page.reload();
  await waitReady(page);
  await expect(mine.getByText('Hound ambush', { exact: true })).toBeVisible();
  // "Edit" opens it in the builder again, as saved.
  await mine.getByRole('button', { name: 'Edit Hound ambush' }).click();
  await expect(builder.getByTestId('encounter-foes')).toContainText('Ash Hound 2 at (6,1)');
  await expect(builder.getByLabel('Map', { exact: true })).toHaveValue('server:arena.json');
  await builder.getByRole('button', { name: 'Close' }).click();
  // Only encounters and parties can start a room.
  await expect(library.getByRole('button', { name: /^Start a room with Bramble/ })).toHaveCount(0);
  await mine.getByRole('button', { name: 'Start a room with Hound ambush' }).click();
  const start = page.getByRole('region', { name: 'Start a room' });
  await start.getByLabel('Party').selectOption({ label: 'The Lantern Company (sample)' });
  await expect(start.getByRole('alert')).toHaveCount(0);
  await start.getByRole('button', { name: 'Start the room' }).click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  const tracker = page.getByTestId('turn-tracker');
  await tracker.waitFor({ timeout: 20_000 });
  await expect(tracker).toContainText('Ash Hound 1');
  await expect(tracker).toContainText('Ash Hound 2');
  await expect(tracker).toContainText('Maren');
  await expect(tracker).not.toContainText('hidden)'); // both hounds start visible, as built
});

test('on a map too small, the builder names each foe that does not fit and neither saves nor starts a room', async ({
  page,
}) => {
  await openStart(page);
  const library = page.getByRole('region', { name: 'Library' });
  await library.getByRole('button', { name: 'New encounter' }).click();
  const builder = page.getByRole('region', { name: 'Encounter builder' });
  await builder.getByLabel('Map', { exact: true }).selectOption({ label: 'Sunken Temple Ruins · 24×18' });
  await builder.getByLabel('Foe to place').selectOption({ label: 'Ash Hound' });
  await clickSquare(builder.getByTestId('encounter-map'), 24, 18, 20, 2);
  await expect(builder.getByTestId('encounter-foes')).toContainText('Ash Hound at (20,2)');
  // Another, smaller map: the builder names what no longer fits and will not start a room.
  await builder
    .getByLabel('Map', { exact: true })
    .selectOption({ label: 'Arena of the Broken Crown · 12×10' });
  await expect(builder.getByTestId('encounter-misfits')).toContainText(
    'Ash Hound (size 1) stands at (20,2), outside this 12×10 map',
  );
  await expect(builder.getByRole('button', { name: 'Start a room' })).toBeDisabled();
  await expect(builder.getByRole('button', { name: 'Save to library' })).toBeDisabled();

  // Open, with a foe placed and a problem listed, the builder has no serious or critical axe problem.
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="encounter-builder"]')
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
});

test('a library party starts a room on a chosen map, with no encounter', async ({ page }) => {
  await openStart(page);
  const library = page.getByRole('region', { name: 'Library' });
  await library.getByRole('button', { name: 'Copy The Wayfarers to my library' }).click();
  const mine = library.getByTestId('library-mine');
  await mine.getByRole('button', { name: 'Start a room with The Wayfarers' }).click();
  const start = page.getByRole('region', { name: 'Start a room' });
  await start.getByLabel('Map').selectOption({ label: 'Arena of the Broken Crown · 12×10' });
  await expect(start.getByLabel('Room name')).toHaveValue('The Wayfarers');
  await start.getByRole('button', { name: 'Start the room' }).click();
  await page.waitForURL(/\?room=.+&token=.+/);
  await waitReady(page);
  const tracker = page.getByTestId('turn-tracker');
  await tracker.waitFor({ timeout: 20_000 });
  await expect(tracker).toContainText('Tamsin Reed');
  await expect(tracker).toContainText('Juno Marsh');

  // Inside the room, a new encounter starts on the room's own map.
  const folded = page.locator('details.library-section');
  await folded.getByText('Campaign library').click();
  await folded.getByRole('button', { name: 'New encounter' }).click();
  const map = folded.getByRole('region', { name: 'Encounter builder' }).getByLabel('Map', { exact: true });
  await expect(map.locator('option:checked')).toHaveText(
    "This room's map: Arena of the Broken Crown · 12×10",
  );
});

test('on a phone (390×844) the builder fits the width and a tap drops a foe', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await openStart(page);
  await page.getByRole('button', { name: 'New encounter' }).tap();
  const builder = page.getByRole('region', { name: 'Encounter builder' });
  await builder.getByLabel('Map', { exact: true }).selectOption({ label: 'Sunken Temple Ruins · 24×18' });
  await builder.getByLabel('Foe to place').selectOption({ label: 'Mire Rat' });
  const picture = builder.getByTestId('encounter-map');
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await picture.tap({ position: { x: (6.5 * box.width) / 24, y: (10.5 * box.height) / 18 } });
  await expect(builder.getByTestId('encounter-foes')).toContainText('Mire Rat at (6,10)');
  // Nothing in the builder sticks out to the right.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="encounter-builder"] *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.right > window.innerWidth + 0.5;
      })
      .map((e) => e.tagName + (e.getAttribute('aria-label') ? `[${e.getAttribute('aria-label')}]` : '')),
  );
  expect(wide).toEqual([]);
  await context.close();
});
