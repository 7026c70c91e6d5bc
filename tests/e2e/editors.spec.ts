import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { clickCell, dragCell } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 13, stat block and ability editors: the GM edits the Brute's stat block in the room (live
 * validation, a disabled Save that says why), builds a Blast ability with its preview, saves, and
 * the Brute's Act panel uses it with the numbers entered. Dice: d20 15, damage d6 5 and 4.
 *
 *   x: 0123456789     Brute moved by the GM to (6,5): a clear line west along row 5 to the
 *   y=2  2R...1....   Sage at (3,5) (the 1-high wall at x=5 stops at row 4), so no cover.
 *   y=5  ...S..B...
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, { dice: [15, 5, 4] });
});

test('the GM edits the Brute: a bad Health is named and blocks Save; a new Blast shows its pattern and damage', async () => {
  const { gm } = table;
  await gm.getByTestId('token-item-brute').click();
  await gm.getByTestId('edit-stat-block').click();
  const dialog = gm.getByTestId('stat-block-dialog');
  await expect(dialog).toBeVisible();
  const health = dialog.getByTestId('stat-health');
  await expect(health).toHaveValue('8');
  await expect(health).toHaveAttribute('min', '1');
  await expect(dialog.getByTestId('stat-max-hp')).toHaveText('max HP 32');

  await health.fill('0');
  await expect(dialog.getByTestId('problem-health')).toHaveText('Health: a whole number, at least 1');
  await expect(dialog.getByTestId('editor-save')).toBeDisabled();
  await expect(dialog.getByTestId('editor-save-reason')).toContainText('Health: a whole number, at least 1');
  await health.fill('9');
  await expect(dialog.getByTestId('problem-health')).toHaveCount(0);
  await expect(dialog.getByTestId('stat-max-hp')).toHaveText('max HP 36');
  await expect(dialog.getByTestId('editor-save')).toBeEnabled();

  // A new ability opens in the ability editor: the common case is there without unfolding.
  await dialog.getByTestId('add-ability').click();
  const ability = dialog.getByTestId('ability-editor');
  await ability.getByTestId('ability-name').fill('Quake');
  await ability.getByTestId('ability-range').fill('5');
  await ability.getByTestId('attack-kind').selectOption('ranged');
  await ability.getByTestId('area-kind').selectOption('blast');
  await ability.getByTestId('area-size').fill('1');
  await ability.getByTestId('onHit-tier').selectOption('heavy');
  // An area attack without an area effect hurts the attack space alone: the editor says so.
  await expect(ability.getByTestId('area-no-effect')).toContainText(
    'everyone else in the area takes nothing',
  );
  const preview = ability.getByTestId('area-preview');
  await expect(preview).toHaveAttribute('data-squares', '9');
  await expect(preview).toHaveAttribute('aria-label', /Blast 1: 9 squares/);
  // The Brute's own numbers (d6, fray 2): heavy is 2 dice + 2.
  await expect(ability.getByTestId('damage-preview')).toContainText('heavy 4–14');
  await ability.getByTestId('ability-range').fill('');
  await expect(ability.getByTestId('area-preview-reason')).toContainText('needs a listed range');
  await ability.getByTestId('ability-range').fill('5');
  await ability.getByTestId('ability-save').click();
  await expect(dialog.getByTestId('ability-list')).toContainText('Quake');
  await dialog.getByTestId('editor-save').click();
  await expect(dialog).toBeHidden();
  await expect(gm.getByTestId('edit-health')).toHaveValue('9');
});

test('the Brute uses the new Blast in combat with the numbers entered', async () => {
  const { gm, ranger, sage } = table;
  await dragCell(gm, { x: 6, y: 3 }, { x: 6, y: 5 });
  await gm.getByTestId('tracker-start-combat').click();
  await ranger.getByTestId('start-turn-ranger').click();
  await ranger.getByTestId('end-turn-ranger').click();
  await gm.getByTestId('start-turn-brute').click();
  await expect(gm.getByTestId('combat-actor')).toHaveValue('brute');
  await gm.getByTestId('combat-action').selectOption('quake');
  await clickCell(gm, 3, 5);
  await expect(gm.getByTestId('area-legal')).toHaveText('Legal placement');
  await expect(gm.getByTestId('area-affected')).toHaveText('Affected: Sage (attack roll)');
  await gm.getByTestId('use-area').click();
  // d20 15 + 2 = 17 vs Defense 9: a hit; heavy 5 + 4 + 2 fray = 11; the Sage drops from 24 to 13.
  for (const page of [gm, sage]) {
    await expect(page.getByTestId('tracker-row-sage')).toContainText('HP 13/24', { timeout: 10_000 });
  }
  await expect(gm.getByTestId('log-entries').locator('li').first()).toContainText('Quake');
});
