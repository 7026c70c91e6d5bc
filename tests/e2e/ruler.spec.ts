import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { cellToPage, screenshot } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 15, "Ruler": hold R (or the toolbar's Ruler toggle) and drag; a click adds a waypoint;
 * release or Esc ends it. Others see it live through presence, measured on their own page.
 *
 *   heights  x: 0123456789      R Ranger (1,2) on the 2-high hill (Robin's)
 *   y=1         22........      S Sage (3,5), Speed 4 (Sam's)
 *   y=2         2R...1....      B Brute (6,3), G Goblin (7,4)
 *   y=3         22...1B...
 *   y=4         .....1.G..
 *   y=5         ...S......
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser);
});

const mine = (page: Page) => page.evaluate(() => window.__iconVttRuler?.mine() ?? null);
const others = (page: Page) => page.evaluate(() => window.__iconVttRuler?.others() ?? []);

async function pointAt(page: Page, x: number, y: number): Promise<void> {
  const p = await cellToPage(page, x, y);
  await page.mouse.move(p.x, p.y, { steps: 4 });
}

test('a player measures over the hill: the label shows the climb cost, and the GM sees the ruler only while it is held', async () => {
  const { gm, sage } = table;
  await pointAt(sage, 3, 5);
  await sage.keyboard.down('r');
  await sage.mouse.down();
  await pointAt(sage, 2, 4);
  await pointAt(sage, 1, 3);
  const readout = sage.getByTestId('ruler-readout');
  await expect(readout).toBeVisible();
  await expect(readout).toContainText('2 squares');
  await expect(readout).toContainText('6 movement: climbing 2; more than the 4 left this turn');
  // The GM's page draws Sam's ruler, measured there with the same rules.
  await expect
    .poll(() => others(gm))
    .toEqual([
      {
        name: 'Sam',
        lines: ['2 squares', '6 movement: climbing 2; more than the 4 left this turn'],
      },
    ]);
  await screenshot(sage, 'ruler-player-hill.png');
  await sage.mouse.up();
  await sage.keyboard.up('r');
  await expect(readout).toBeHidden();
  expect(await mine(sage)).toBeNull();
  await expect.poll(() => others(gm)).toEqual([]);
  // Nothing moved: a ruler is a measure, not a move.
  expect(
    await sage.evaluate(() => window.__iconVtt?.scene()?.tokens.find((t) => t.id === 'sage')?.cell),
  ).toEqual({ x: 3, y: 5 });
});

test('clicks add waypoints; Esc cancels the ruler on every page', async () => {
  const { gm, ranger } = table;
  await pointAt(ranger, 1, 2);
  await ranger.keyboard.down('r');
  await ranger.mouse.down();
  await ranger.mouse.up(); // a click starts the ruler on the Ranger
  await pointAt(ranger, 4, 2);
  await ranger.mouse.down();
  await ranger.mouse.up(); // a click while measuring: a waypoint
  await pointAt(ranger, 4, 5);
  await expect
    .poll(async () => (await mine(ranger))?.lines[0])
    .toBe('3 squares (6 along the waypoints); a ranged attack from 2 levels up reaches 2 further');
  await expect.poll(async () => (await others(gm)).map((o) => o.name)).toEqual(['Robin']);
  await ranger.keyboard.press('Escape');
  expect(await mine(ranger)).toBeNull();
  await expect(ranger.getByTestId('ruler-readout')).toBeHidden();
  await expect.poll(() => others(gm)).toEqual([]);
  await ranger.keyboard.up('r');
});

test('the shortcuts list names the ruler', async () => {
  const { gm } = table;
  await gm.locator('body').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('?');
  await expect(gm.getByTestId('shortcuts-dialog')).toContainText('Measure');
  await gm.keyboard.press('Escape');
});

test.describe('on a phone', () => {
  let phone: CombatTable;
  test.beforeAll(async ({ browser }) => {
    phone = await openCombatTable(server, browser, {
      devices: { ranger: { width: 390, height: 844, touch: true } },
    });
  });

  test('390×844: the toolbar Ruler toggle measures with a finger; lifting it ends the ruler', async () => {
    const { gm, ranger } = phone;
    const toggle = ranger.getByTestId('ruler-toggle');
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const from = await cellToPage(ranger, 1, 2);
    const to = await cellToPage(ranger, 4, 2);
    const cdp = await ranger.context().newCDPSession(ranger);
    const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
    for (let i = 1; i <= 6; i++) {
      const x = from.x + ((to.x - from.x) * i) / 6;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, from.y) });
    }
    const readout = ranger.getByTestId('ruler-readout');
    await expect(readout).toContainText('3 squares');
    await expect(readout).toBeInViewport();
    await expect.poll(async () => (await others(gm)).map((o) => o.name)).toEqual(['Robin']);
    // The map did not pan under the finger: the Ranger's square is where it was.
    expect(await cellToPage(ranger, 1, 2)).toEqual(from);
    await screenshot(ranger, 'ruler-phone.png');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await expect(readout).toBeHidden();
    await expect.poll(() => others(gm)).toEqual([]);
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
