import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { cellToPage, expectStatus, screenshot, tokenCell } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 12, dead end 5: a GM drag of the acting foe used to be a free placement (no movement
 * spent, nothing logged: players saw foes teleport). In combat the GM's drag now goes through the
 * same `move` intent and reach overlay players use; Shift-drag is a free placement the log reports.
 *
 *   heights  x: 0123456789      R Ranger (1,2) on the 2-high hill, S Sage (3,5)
 *   y=1         22........      B Brute (6,3), Speed 4, next to the 1-high wall at x=5
 *   y=2         2R...1....      G Goblin (7,4)
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

const movementUsed = (page: Page, id: string): Promise<number | undefined> =>
  page.evaluate((tid) => window.__iconVtt?.scene()?.tokens.find((t) => t.id === tid)?.movementUsed, id);

/** Press on a square, move to another and report what the drag shows there (before the drop). */
async function dragAndLook(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const a = await cellToPage(page, from.x, from.y);
  const b = await cellToPage(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  const shown = await page.evaluate(() => window.__iconVttInput!.drag());
  await page.mouse.up();
  return shown;
}

test('in combat the GM drags the acting foe by the rules: reach shown, movement spent, move logged', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await ranger.getByTestId('start-turn-ranger').click();
  await ranger.getByTestId('end-turn-ranger').click();
  await gm.getByTestId('start-turn-brute').click();
  await expect(gm.getByTestId('tracker-headline')).toHaveText('Brute is acting (Foes)');

  const shown = await dragAndLook(gm, { x: 6, y: 3 }, { x: 8, y: 3 });
  // While dragging, the reach overlay (Speed 4, nothing used) and the path's cost are on screen.
  expect(shown).toMatchObject({ tokenId: 'brute', ok: true, label: '2' });
  expect(shown!.reachSquares).toBeGreaterThan(10);
  await expectStatus(gm, 'ok', /Brute moved to \(8, 3\), cost 2/);
  for (const page of [gm, ranger]) {
    await expect.poll(() => tokenCell(page, 'brute')).toEqual({ x: 8, y: 3 });
    await expect(page.getByTestId('log-entry').first()).toContainText('Brute moves to (8,3), cost 2');
  }
  expect(await movementUsed(gm, 'brute')).toBe(2);

  // Beyond what is left (2 squares), the server refuses in its own words and the foe stays.
  await dragAndLook(gm, { x: 8, y: 3 }, { x: 8, y: 0 });
  await expectStatus(gm, 'refused', /^Move refused: path costs 3, you have 2$/);
  expect(await tokenCell(gm, 'brute')).toEqual({ x: 8, y: 3 });
  await screenshot(gm, 'gm-move-rules.png');
});

test('Shift-drag places the acting foe freely: no movement spent, and the log says "placed by the GM"', async () => {
  const { gm, ranger } = table;
  await gm.keyboard.down('Shift');
  const shown = await dragAndLook(gm, { x: 8, y: 3 }, { x: 9, y: 0 });
  await gm.keyboard.up('Shift');
  expect(shown).toMatchObject({ tokenId: 'brute', ok: true, label: 'free placement' });
  await expectStatus(gm, 'ok', /Brute placed at \(9, 0\): a free placement, logged for everyone/);
  for (const page of [gm, ranger]) {
    await expect.poll(() => tokenCell(page, 'brute')).toEqual({ x: 9, y: 0 });
    await expect(page.getByTestId('log-entry').first()).toContainText(
      'Brute placed by the GM at (9,0): a free placement, no movement spent',
    );
  }
  expect(await movementUsed(gm, 'brute')).toBe(2);
});

test('a drag of a foe who is not acting is refused with a sentence, unless Shift is held', async () => {
  const { gm, ranger } = table;
  const shown = await dragAndLook(gm, { x: 7, y: 4 }, { x: 8, y: 5 });
  expect(shown).toMatchObject({ tokenId: 'goblin', ok: false, label: 'not acting' });
  await expectStatus(
    gm,
    'refused',
    /^Only the acting character moves: it is Brute's turn\. Hold Shift to place Goblin anyway \(the log will say so\)\.$/,
  );
  expect(await tokenCell(gm, 'goblin')).toEqual({ x: 7, y: 4 });
  await screenshot(gm, 'gm-move-refused.png');

  await gm.keyboard.down('Shift');
  await dragAndLook(gm, { x: 7, y: 4 }, { x: 8, y: 5 });
  await gm.keyboard.up('Shift');
  await expect.poll(() => tokenCell(ranger, 'goblin')).toEqual({ x: 8, y: 5 });
  await expect(ranger.getByTestId('log-entry').first()).toContainText('Goblin placed by the GM at (8,5)');
});
