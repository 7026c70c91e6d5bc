import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { clickCell, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 13's whole path, real server and real Chromium: the GM builds a foe with a Blast in the
 * library's stat block editor, places two of it in a running room from "Your library", starts
 * combat, and the first copy's Blast resolves with the numbers entered. Dice: d20 15, damage d6
 * 5 and 4. The combat-test map: the Sage stands at (3,5) with a clear line east along row 5.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, { dice: [15, 5, 4] });
});

test('a foe built in the library, two of it placed in the room, its Blast resolves as entered', async () => {
  const { gm, sage } = table;
  // The start page's library, in the GM's own browser: a new foe with a Blast.
  await gm.goto(`${server.origin}/`);
  await waitReady(gm);
  const library = gm.getByRole('region', { name: 'Library' });
  await library.getByLabel('New entry of kind').selectOption('foe');
  await library.getByRole('button', { name: 'New', exact: true }).click();
  const editor = library.getByTestId('stat-block-editor');
  await editor.getByTestId('stat-name').fill('Ember Golem');
  for (const [key, value] of [
    ['health', '8'],
    ['defense', '9'],
    ['attackBonus', '2'],
    ['frayDamage', '2'],
  ] as const)
    await editor.getByTestId(`stat-${key}`).fill(value);
  await editor.getByTestId('stat-damageDie').selectOption('6');
  await editor.getByTestId('add-ability').click();
  // The ability editor takes the stat block editor's place until the ability is saved.
  const ability = library.getByTestId('ability-editor');
  await ability.getByTestId('ability-name').fill('Cinder Burst');
  await ability.getByTestId('ability-range').fill('5');
  await ability.getByTestId('attack-kind').selectOption('ranged');
  await ability.getByTestId('area-kind').selectOption('blast');
  await ability.getByTestId('area-size').fill('1');
  await ability.getByTestId('onHit-tier').selectOption('heavy');
  await expect(ability.getByTestId('area-preview')).toHaveAttribute('data-squares', '9');
  await expect(ability.getByTestId('damage-preview')).toContainText('heavy 4–14');
  await ability.getByTestId('ability-save').click();
  await editor.getByTestId('editor-save').click();
  await expect(library.getByTestId('library-mine').getByText('Ember Golem', { exact: true })).toBeVisible();

  // Back in the room: two Ember Golems from "Your library", on squares the GM clicks.
  await gm.goBack();
  await waitReady(gm);
  const place = gm.getByTestId('place-foes');
  const list = place.getByTestId('place-foes-foe');
  await expect(list.locator('optgroup[label="Your library"] option')).toHaveText(['Ember Golem']);
  await list.selectOption({ label: 'Ember Golem' });
  await place.getByTestId('place-foes-count').fill('2');
  await place.getByTestId('place-foes-pick').click();
  await clickCell(gm, 6, 5);
  await clickCell(gm, 7, 5);
  await expect(place.getByTestId('place-foes-preview')).toHaveText(
    'Ember Golem 1 at (6,5) · Ember Golem 2 at (7,5)',
  );
  await place.getByTestId('place-foes-confirm').click();
  const golems = () =>
    gm.evaluate(() =>
      window
        .__iconVtt!.scene()!
        .tokens.filter((t) => t.name.startsWith('Ember Golem'))
        .map((t) => ({ id: t.id, name: t.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  await expect
    .poll(async () => (await golems()).map((g) => g.name))
    .toEqual(['Ember Golem 1', 'Ember Golem 2']);
  const [first] = await golems();
  for (const page of [gm, sage])
    await expect(page.getByTestId('turn-tracker')).toContainText('Ember Golem 2');

  // Combat: the party goes first, then the GM's first Golem uses Cinder Burst on the Sage.
  await gm.getByTestId('tracker-start-combat').click();
  await table.ranger.getByTestId('start-turn-ranger').click();
  await table.ranger.getByTestId('end-turn-ranger').click();
  await gm.getByTestId(`start-turn-${first!.id}`).click();
  await expect(gm.getByTestId('combat-actor')).toHaveValue(first!.id);
  await gm.getByTestId('combat-action').selectOption('cinder-burst');
  await clickCell(gm, 3, 5);
  await expect(gm.getByTestId('area-legal')).toHaveText('Legal placement');
  await gm.getByTestId('use-area').click();
  // d20 15 + 2 = 17 vs Defense 9: a hit; heavy 5 + 4 + 2 fray = 11; the Sage drops from 24 to 13.
  for (const page of [gm, sage])
    await expect(page.getByTestId('tracker-row-sage')).toContainText('HP 13/24', { timeout: 10_000 });
  await expect(gm.getByTestId('log-entries').locator('li').first()).toContainText('Cinder Burst');
});
