import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { clickCell, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 13, "Building and changing encounters", on a real server with a GM and two players in
 * Chromium: foes placed during combat, Duplicate with Ctrl+D, and the start page's fit message.
 */
let server: TestServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

test.describe('in a running room', () => {
  let table: CombatTable;
  test.beforeAll(async ({ browser }) => {
    table = await openCombatTable(server, browser);
  });

  test('during combat the GM places two Brutes: numbered in every tracker, and a player can attack one', async () => {
    const { gm, ranger, sage } = table;
    await gm.getByTestId('tracker-start-combat').click();
    await expect(ranger.getByTestId('tracker-headline')).toHaveText(
      'Party side is up: players choose who acts',
    );

    const dialog = gm.getByTestId('place-foes');
    await dialog.getByTestId('place-foes-foe').selectOption({ label: 'Brute' });
    await dialog.getByTestId('place-foes-count').fill('2');
    await dialog.getByTestId('place-foes-pick').click();
    await expect(dialog.getByTestId('place-foes-preview')).toContainText('Click 2 squares on the map');
    // A square with someone on it is named as in the way; the GM picks two free ones instead.
    await clickCell(gm, 6, 3);
    await expect(dialog.getByTestId('place-foes-problem')).toHaveText(
      'Brute (size 1) does not fit at (6,3): Brute is in the way at (6,3)',
    );
    await expect(dialog.getByTestId('place-foes-confirm')).toBeDisabled();
    await clickCell(gm, 6, 3); // a second click takes a square back
    await clickCell(gm, 6, 2);
    await clickCell(gm, 7, 3);
    await expect(dialog.getByTestId('place-foes-preview')).toHaveText('Brute 2 at (6,2) · Brute 3 at (7,3)');
    const ghosts = await gm.evaluate(() => window.__iconVttPlacing?.());
    expect(ghosts).toEqual([
      { cell: { x: 6, y: 2 }, size: 1, legal: true },
      { cell: { x: 7, y: 3 }, size: 1, legal: true },
    ]);
    await dialog.getByTestId('place-foes-confirm').click();

    for (const page of [gm, ranger, sage]) {
      await expect(page.getByTestId('tracker-row-brute-2')).toContainText('Brute 2');
      await expect(page.getByTestId('tracker-row-brute-3')).toContainText('Brute 3');
      await expect(page.getByTestId('tracker-row-brute')).toContainText('Brute 1');
      await expect(page.getByTestId('tracker-side-foes')).toHaveText(
        'Foes · still to act: Brute 1, Brute 2, Brute 3, Goblin',
      );
    }

    await ranger.getByTestId('start-turn-ranger').click();
    await ranger.getByTestId('combat-action').selectOption('basic-ranged');
    await expect(ranger.getByTestId('target-row-brute-2')).toContainText('in sight');
    await clickCell(ranger, 6, 2);
    await expect(ranger.getByTestId('target-row-brute-2')).toHaveClass(/selected/);
    await ranger.getByTestId('roll-attack').click();
    for (const page of [gm, ranger, sage])
      await expect(page.getByTestId('log-entries')).toContainText('Brute 2', { timeout: 10_000 });
  });

  test('Ctrl+D duplicates the selected Goblin: the copy is numbered and joins the round', async () => {
    const { gm, ranger } = table;
    await gm.getByTestId('token-item-goblin').click();
    await gm.keyboard.press('Control+d');
    for (const page of [gm, ranger]) {
      await expect(page.getByTestId('tracker-row-goblin-2')).toContainText('Goblin 2');
      await expect(page.getByTestId('tracker-row-goblin')).toContainText('Goblin 1');
    }
    await expect(gm.getByTestId('status-message')).toContainText('Goblin 2');
    // The button does the same; Ctrl+Z takes the copy back.
    await gm.getByTestId('duplicate-token').click();
    await expect(gm.getByTestId('tracker-row-goblin-3')).toContainText('Goblin 3');
    await gm.keyboard.press('Control+z');
    await expect(gm.getByTestId('tracker-row-goblin-3')).toHaveCount(0);
  });
});

test('the start page says a map and an encounter do not fit, and makes no room', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/`);
  await waitReady(page);
  const small = {
    schemaVersion: 1,
    kind: 'map',
    name: 'Closet',
    width: 5,
    height: 4,
    cells: ['.....', '.....', '.....', '.....'],
    heights: ['00000', '00000', '00000', '00000'],
  };
  await page.getByTestId('encounter-select').selectOption('combat-test.json');
  await page.getByTestId('map-upload').setInputFiles({
    name: 'closet.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(small)),
  });
  await expect(page.getByTestId('encounter-fit')).toHaveText(
    '“Combat test: the brute behind the wall” needs a map of at least 8×6: its foes and party starts stand that far out. This map is 5×4: choose the encounter’s own map or another encounter.',
  );
  await expect(page.getByTestId('create-room')).toBeDisabled();

  // The server says the same in its own answer, naming the foe and its square.
  const res = await fetch(`${server.origin}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ map: small, encounterFile: 'combat-test.json' }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { reason: string }).reason).toContain(
    'Brute (size 1) stands at (6,3), outside this 5×4 map',
  );
});
