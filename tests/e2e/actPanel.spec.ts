import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { cellToPage } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 12, dead end 1: the Act panel follows the turn. Before the room model, the GM's Act panel
 * kept the Brute and its Club after the Brute's turn ended, so dragging the next foe turned into
 * "Roll Club on …", and a character who was done still showed "Actions 2/2".
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser);
});

test('the acting character and its choices follow the turn; a character who is done says so', async () => {
  const { gm, ranger, sage } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await ranger.getByTestId('start-turn-ranger').click();
  // The player's panel is on their own character, with the actions of this turn.
  await expect(ranger.getByTestId('combat-actor')).toHaveValue('ranger');
  await expect(ranger.getByTestId('actions-left')).toContainText('Actions 2/2');
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await ranger.getByTestId('end-turn-ranger').click();
  // The Ranger is done for the round: no "Actions 2/2", no ability left picked.
  await expect(ranger.getByTestId('actions-left')).toHaveText('Done this round: acts again next round.');
  await expect(ranger.getByTestId('combat-action')).toHaveValue('');
  await expect(ranger.getByTestId('roll-attack')).toHaveCount(0);

  await gm.getByTestId('start-turn-brute').click();
  await expect(gm.getByTestId('combat-actor')).toHaveValue('brute');
  await gm.getByTestId('combat-action').selectOption('club');
  await expect(gm.getByTestId('roll-attack')).toBeVisible();
  await gm.getByTestId('end-turn-brute').click();
  await sage.getByTestId('start-turn-sage').click();
  await sage.getByTestId('end-turn-sage').click();
  await gm.getByTestId('start-turn-goblin').click();
  // The GM's panel moved on to the Goblin with nothing carried over from the Brute.
  await expect(gm.getByTestId('combat-actor')).toHaveValue('goblin');
  await expect(gm.getByTestId('combat-action')).toHaveValue('');
  await expect(gm.getByTestId('roll-attack')).toHaveCount(0);
  await expect(gm.getByTestId('actions-left')).toContainText('Actions 2/2');
  // Looking back at the Brute shows it is done, not a fresh turn.
  await gm.getByTestId('combat-actor').selectOption('brute');
  await expect(gm.getByTestId('actions-left')).toHaveText('Done this round: acts again next round.');
});

test('an area used leaves the map: no template and no ability left picked; the GM’s boon boxes show their value', async () => {
  const { gm, sage } = table;
  await gm.getByTestId('end-turn-goblin').click();
  await sage.getByTestId('start-turn-sage').click();
  await sage.getByTestId('combat-action').selectOption('fire-burst');
  const p = await cellToPage(sage, 7, 3);
  await sage.mouse.move(p.x, p.y, { steps: 3 });
  await sage.mouse.click(p.x, p.y);
  await expect(sage.getByTestId('area-legal')).toHaveText('Legal placement');
  expect((await sage.evaluate(() => window.__iconVttCombat!.overlay())).area?.squares).toHaveLength(9);
  await sage.getByTestId('use-area').click();
  await expect(sage.getByTestId('status-message')).toHaveAttribute('data-kind', 'ok');
  await expect(sage.getByTestId('combat-action')).toHaveValue('');
  expect((await sage.evaluate(() => window.__iconVttCombat!.overlay())).area).toBeUndefined();

  // The GM's extra boons and curses: wide enough to read a two-digit-wide value.
  await gm.getByTestId('combat-actor').selectOption('brute');
  await gm.getByTestId('combat-action').selectOption('club');
  const boons = gm.getByTestId('gm-boons');
  await boons.fill('3');
  await boons.press('Tab');
  await expect(boons).toHaveValue('3');
  expect((await boons.boundingBox())!.width).toBeGreaterThanOrEqual(48);
});
