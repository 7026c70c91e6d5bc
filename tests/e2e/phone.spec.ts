import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { cellToPage, reachOf, screenshot, sheet, tokenCell } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 12, "Phones, tablets and first use": players on phones (390×844 and 412×915, touch) and
 * the GM on a 1024×768 tablet play a turn. Before, the map was a 34 px sliver beside a fixed
 * 300 px panel on a phone.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, {
    devices: {
      gm: { width: 1024, height: 768 },
      ranger: { width: 390, height: 844, touch: true },
      sage: { width: 412, height: 915, touch: true },
    },
  });
});

/** A finger drag (touch events through Chromium's input pipeline, which makes pointer events). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
  for (let i = 1; i <= 8; i++) {
    const x = from.x + ((to.x - from.x) * i) / 8;
    const y = from.y + ((to.y - from.y) * i) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('the map fills a phone’s width and the panel is a bottom sheet; the GM’s tablet keeps the panel beside the map', async () => {
  for (const [page, width] of [
    [table.ranger, 390],
    [table.sage, 412],
  ] as const) {
    const stage = (await page.getByTestId('stage').boundingBox())!;
    expect(stage.width).toBe(width);
    expect(stage.height).toBeGreaterThan(600);
    // Closed, the sheet shows only its handle, below the map.
    const handle = (await page.getByTestId('sheet-handle').boundingBox())!;
    expect(handle.y).toBeGreaterThanOrEqual(stage.y + stage.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const gmStage = (await table.gm.getByTestId('stage').boundingBox())!;
  expect(gmStage.width).toBeGreaterThan(600);
  await expect(table.gm.getByTestId('sheet-handle')).toBeHidden();
  await expect(table.gm.getByTestId('tracker-start-combat')).toBeVisible();
  await screenshot(table.ranger, 'phone-390-table.png');
  await screenshot(table.gm, 'tablet-1024-gm.png');
});

test('a player on a phone moves by dragging with a finger, taps a target, reads the result and ends the turn', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await sheet(ranger, true);
  await ranger.getByTestId('start-turn-ranger').tap();
  await expect(ranger.getByTestId('actions-left')).toContainText('Actions 2/2');
  await sheet(ranger, false);

  const start = (await tokenCell(ranger, 'ranger'))!;
  const reach = await reachOf(ranger, 'ranger');
  const step = reach.find((s) => s.cost === 1)!;
  await touchDrag(
    ranger,
    await cellToPage(ranger, start.x, start.y),
    await cellToPage(ranger, step.x, step.y),
  );
  await expect.poll(() => tokenCell(gm, 'ranger')).toEqual({ x: step.x, y: step.y });

  await sheet(ranger, true);
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await sheet(ranger, false);
  const brute = (await tokenCell(ranger, 'brute'))!;
  const at = await cellToPage(ranger, brute.x, brute.y);
  await ranger.touchscreen.tap(at.x, at.y);
  await sheet(ranger, true);
  // The open sheet does not hide the fight: the view moved up into what stays visible.
  const sheetTop = (await ranger.getByTestId('panel').boundingBox())!.y;
  await expect.poll(async () => (await cellToPage(ranger, brute.x, brute.y)).y).toBeLessThan(sheetTop);
  await expect(ranger.getByTestId('roll-attack')).toHaveText(/^Roll .* on Brute$/);
  await ranger.getByTestId('roll-attack').tap();
  await expect(ranger.getByTestId('result-summary')).toContainText('Brute');
  await ranger.getByTestId('result-summary').scrollIntoViewIfNeeded();
  await screenshot(ranger, 'phone-390-result.png');
  await ranger.getByTestId('end-turn-ranger').scrollIntoViewIfNeeded();
  await ranger.getByTestId('end-turn-ranger').tap();
  await expect(gm.getByTestId('tracker-headline')).toHaveText('Foes side is up: the GM chooses who acts');
});
