import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { screenshot } from './helpers';
import type { TestServer } from './testServer';

/** Issue 12: a first-run hint layer for the GM and for players, dismissable for good. */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser);
});

test('a new GM and a new player each get their own first steps; dismissed, they stay away after a reload; ? brings them back', async () => {
  const { gm, ranger } = table;
  await expect(gm.getByTestId('hint-title')).toHaveText('This is your table');
  await expect(ranger.getByTestId('hint-title')).toHaveText('Your character');
  await gm.getByTestId('hint-next').click();
  await expect(gm.getByTestId('hint-text')).toContainText('Invite players');
  await screenshot(gm, 'hints-gm.png');
  await gm.getByTestId('hint-dismiss').click();
  await expect(gm.getByTestId('hints')).toHaveCount(0);
  // "Later" closes it for now only.
  await ranger.getByTestId('hint-later').click();
  await expect(ranger.getByTestId('hints')).toHaveCount(0);

  await gm.reload();
  await ranger.reload();
  await gm.getByTestId('turn-tracker').waitFor();
  await ranger.getByTestId('turn-tracker').waitFor();
  await expect(gm.getByTestId('hints')).toHaveCount(0);
  await expect(ranger.getByTestId('hint-title')).toHaveText('Your character');

  await gm.getByTestId('help').click();
  await expect(gm.getByTestId('hint-title')).toHaveText('This is your table');
});

test('on a phone the closed sheet says tips wait inside it; they open with it', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(await table.ranger.evaluate(() => location.href));
  await page.getByTestId('turn-tracker').waitFor({ state: 'attached' });
  const handle = page.getByTestId('sheet-handle');
  await expect(handle).toHaveText('Panel · tips for you');
  await handle.tap();
  await expect(page.getByTestId('hint-title')).toBeInViewport();
  await page.getByTestId('hint-dismiss').tap();
  await expect(handle).toHaveText('Close panel');
  await handle.tap();
  await expect(handle).toHaveText('Panel');
  await context.close();
});
