import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { clickCell, expectStatus, sceneTokens, screenshot, tokenCell } from './helpers';
import type { TestServer } from './testServer';

/**
 * Keyboard shortcuts on the table (issue 12): Delete + Ctrl+Z, arrow keys through the rules,
 * +/- zoom, ? for the list, and nothing while typing. Same room as combat.spec.ts:
 *
 *   heights  x: 0123456789      R Ranger (1,2) on the 2-high hill, S Sage (3,5)
 *   y=1         22........      B Brute (6,3), G Goblin (7,4)
 *   y=2         2R...1....
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

const zoom = (page: Page) => page.evaluate(() => window.__iconVtt!.camera()!.zoom);
const movementUsed = (page: Page, id: string): Promise<number | undefined> =>
  page.evaluate((tid) => window.__iconVtt?.scene()?.tokens.find((t) => t.id === tid)?.movementUsed, id);

test('? lists the shortcuts in a small dialog; Escape closes it and focus goes back', async () => {
  const { gm } = table;
  await gm.getByTestId('fit').focus();
  await gm.keyboard.press('?');
  const dialog = gm.getByTestId('shortcuts-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Keyboard shortcuts');
  for (const words of ['Delete', 'Ctrl+Z', 'Arrow keys', 'Shift', '+ / −', 'Esc'])
    await expect(dialog).toContainText(words);
  await screenshot(gm, 'shortcuts-dialog.png');
  await gm.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(gm.getByTestId('fit')).toBeFocused();

  // The dialog's own button closes it too, and focus goes back to where it was.
  await gm.getByTestId('zoom-in').focus();
  await gm.keyboard.press('?');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(gm.getByTestId('zoom-in')).toBeFocused();
});

test('+ and - zoom the battlefield', async () => {
  const { gm } = table;
  const before = await zoom(gm);
  await gm.keyboard.press('+');
  await expect.poll(() => zoom(gm)).toBeGreaterThan(before);
  const zoomed = await zoom(gm);
  await gm.keyboard.press('-');
  await expect.poll(() => zoom(gm)).toBeLessThan(zoomed);
  await gm.getByTestId('fit').click();
});

test('shortcuts never fire while typing in an input or choosing in a select', async () => {
  const { gm, ranger } = table;
  await clickCell(gm, 7, 4);
  await expect.poll(() => gm.evaluate(() => window.__iconVtt!.selectedTokenId())).toBe('goblin');
  const before = await zoom(gm);
  const name = gm.getByTestId('invite-name');
  await name.click();
  await name.pressSequentially('Jo+-?');
  await name.press('ArrowLeft');
  await name.press('Delete');
  await expect(name).toHaveValue('Jo+-');
  await expect(gm.getByTestId('shortcuts-dialog')).toBeHidden();
  expect(await zoom(gm)).toBe(before);
  expect((await sceneTokens(gm)).map((t) => t.id)).toContain('goblin');
  expect(await tokenCell(gm, 'goblin')).toEqual({ x: 7, y: 4 });
  await name.fill('');

  // A player choosing an action with the arrow keys does not walk the character.
  await clickCell(ranger, 1, 2);
  const actor = ranger.getByTestId('combat-actor');
  await actor.focus();
  await ranger.keyboard.press('ArrowDown');
  await ranger.waitForTimeout(300);
  expect(await tokenCell(ranger, 'ranger')).toEqual({ x: 1, y: 2 });
});

test('out of combat the GM moves the selection with the arrows (a free move), deletes it, and Ctrl+Z brings it back', async () => {
  const { gm, ranger } = table;
  await clickCell(gm, 7, 4);
  await gm.keyboard.press('ArrowRight');
  await expect.poll(() => tokenCell(ranger, 'goblin')).toEqual({ x: 8, y: 4 });
  await gm.keyboard.press('ArrowDown');
  await expect.poll(() => tokenCell(ranger, 'goblin')).toEqual({ x: 8, y: 5 });

  await gm.keyboard.press('Delete');
  await expect.poll(async () => (await sceneTokens(ranger)).map((t) => t.id)).not.toContain('goblin');
  await expectStatus(gm, 'ok', /^Goblin removed\. Ctrl\+Z brings it back\.$/);
  await gm.keyboard.press('Control+z');
  await expect.poll(() => tokenCell(ranger, 'goblin')).toEqual({ x: 8, y: 5 });
});

test('in combat the arrows move a player character one square by the rules, movement counted', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await ranger.getByTestId('start-turn-ranger').click();
  await expect(ranger.getByTestId('tracker-headline')).toHaveText('Ranger is acting (Party)');

  await clickCell(ranger, 1, 2);
  await ranger.keyboard.press('ArrowDown');
  await expect.poll(() => tokenCell(gm, 'ranger')).toEqual({ x: 1, y: 3 });
  await expectStatus(ranger, 'ok', /Ranger moved to \(1, 3\), cost 1/);
  expect(await movementUsed(ranger, 'ranger')).toBe(1);
  await expect(ranger.getByTestId('actions-left')).toContainText('move 3/4');
  await expect(gm.getByTestId('log-entry').first()).toContainText('Ranger moves to (1,3), cost 1');

  // Not the GM's to walk: another combatant is refused with the sentence the drag gives.
  await clickCell(gm, 6, 3);
  await gm.keyboard.press('ArrowLeft');
  await expectStatus(gm, 'refused', /^Only the acting character moves: it is Ranger's turn\./);
  expect(await tokenCell(gm, 'brute')).toEqual({ x: 6, y: 3 });
  await screenshot(ranger, 'keyboard-arrow-move.png');
});
