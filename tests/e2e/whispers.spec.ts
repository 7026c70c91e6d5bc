import { expect, test, type Page } from '@playwright/test';
import { openCombatTable, type CombatTable } from './combatFixture';
import { startTestServer, type TestServer } from './testServer';

/**
 * Issue 15, "Whispers" through the pages: each whisper shows on its writer's, its reader's and the
 * GM's page, labelled, and on no other player's; a player's whispers come back after a reload
 * (their channel doc, docs/table.md "Channels"). Robin plays the Ranger, Sam the Sage on a phone.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);
test.beforeAll(async ({ browser }) => {
  server = await startTestServer(['--fixed-dice=17,4,4']);
  table = await openCombatTable(server, browser, {
    devices: { sage: { width: 390, height: 844, touch: true } },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const lines = (page: Page) => page.getByTestId('chat-panel').getByTestId('chat-line');

async function say(page: Page, text: string): Promise<void> {
  const field = page.getByTestId('chat-input');
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

/** The phone's chat is in the bottom sheet: open it. */
async function openSheet(page: Page): Promise<void> {
  const handle = page.getByTestId('sheet-handle');
  if ((await handle.getAttribute('aria-expanded')) !== 'true') await handle.tap();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
}

test('a whisper shows for its writer, its reader and the GM, labelled, and for nobody else', async () => {
  const { gm, ranger, sage } = table;
  await openSheet(sage);
  await say(ranger, '/w gm I pocket the moth key');
  await expect(lines(gm).last()).toContainText('I pocket the moth key');
  await expect(lines(gm).last()).toHaveAttribute('data-whisper', 'true');
  await expect(lines(ranger).last()).toContainText('I pocket the moth key');
  await expect(lines(ranger).last()).toHaveAttribute('data-whisper', 'true');

  await say(gm, '/w Sam A trapdoor opens under you');
  await expect(lines(sage).last()).toContainText('A trapdoor opens under you');
  await expect(lines(sage).last()).toContainText('whisper from the GM');
  await expect(lines(gm).last()).toContainText('whisper to Sam');

  await say(gm, '/gmr 1d20 # the lich saves');
  await expect(lines(gm).last()).toContainText('the lich saves');

  // A public line after them all: once it shows, anything sent before it would have shown too.
  await say(gm, 'Roll initiative');
  for (const page of [ranger, sage]) await expect(lines(page).last()).toContainText('Roll initiative');
  await expect(ranger.getByTestId('chat-panel')).not.toContainText('trapdoor');
  await expect(ranger.getByTestId('chat-panel')).not.toContainText('lich');
  await expect(sage.getByTestId('chat-panel')).not.toContainText('moth key');
  await expect(sage.getByTestId('chat-panel')).not.toContainText('lich');
});

test('a player’s whispers come back after a reload', async () => {
  const { sage } = table;
  await sage.reload();
  await openSheet(sage);
  await expect(sage.getByTestId('chat-panel')).toContainText('A trapdoor opens under you');
  await expect(sage.getByTestId('chat-panel')).not.toContainText('moth key');
});
