import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { clickCell, screenshot, sheet } from './helpers';

/**
 * Issue 32: after picking a target, Roll sat below the fold (desktop 900 px high and a phone),
 * and End turn on a phone was a 67×18 px target. Roll, Use and End turn stay on screen without
 * scrolling; a phone's buttons are at least 44×44 px.
 */
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server }) => {
  table = await openCombatTable(server, browser, {
    devices: { ranger: { width: 390, height: 844, touch: true }, gm: { width: 1440, height: 900 } },
  });
});

/** The element's box lies inside the window as it is, without any scrolling (the sheet may still be sliding up). */
async function onScreen(page: Page, testid: string) {
  const view = page.viewportSize()!;
  const box = async () => (await page.getByTestId(testid).boundingBox())!;
  await expect.poll(async () => (await box()).y, `${testid} top`).toBeGreaterThanOrEqual(0);
  await expect
    .poll(async () => {
      const b = await box();
      return b.y + b.height;
    }, `${testid} bottom`)
    .toBeLessThanOrEqual(view.height);
  return box();
}

test('a phone: End turn and Roll are on screen and finger-sized once a target is picked', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await sheet(ranger, true);
  await ranger.getByTestId('start-turn-ranger').tap();
  const end = await onScreen(ranger, 'end-turn-ranger');
  expect([end.width >= 44, end.height >= 44]).toEqual([true, true]);
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await sheet(ranger, false);
  await clickCell(ranger, 6, 3);
  await sheet(ranger, true);
  await expect(ranger.getByTestId('roll-attack')).toHaveText(/on Brute$/);

  const roll = await onScreen(ranger, 'roll-attack');
  await screenshot(ranger, 'act-reach-phone.png');
  expect(roll.height).toBeGreaterThanOrEqual(44);
  await ranger.getByTestId('end-turn-ranger').tap();
});

test('1440×900: the GM’s Roll is on screen after picking a target', async () => {
  const { gm } = table;
  await gm.getByTestId('start-turn-brute').click();
  await gm.getByTestId('combat-action').selectOption('club');
  await clickCell(gm, 3, 5);
  await expect(gm.getByTestId('roll-attack')).toHaveText(/on Sage$/);
  await onScreen(gm, 'roll-attack');
  await onScreen(gm, 'end-turn-brute');
  await screenshot(gm, 'act-reach-desktop.png');
});
