import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { chatLines, say, sheet } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 15, "Whispers" through the pages: each whisper shows on its writer's, its reader's and the
 * GM's page, labelled, and on no other player's; a player's whispers come back after a reload
 * (their channel doc, docs/table.md "Channels"). Robin plays the Ranger, Sam the Sage on a phone.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, {
    dice: [17, 4, 4],
    devices: { sage: { width: 390, height: 844, touch: true } },
  });
});

/** A line said and sent (the field empties once the server took it). */
async function send(page: Page, text: string): Promise<void> {
  await say(page, text);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
}

test('a whisper shows for its writer, its reader and the GM, labelled, and for nobody else', async () => {
  const { gm, ranger, sage } = table;
  await sheet(sage, true);
  await send(ranger, '/w gm I pocket the moth key');
  await expect(chatLines(gm).last()).toContainText('I pocket the moth key');
  await expect(chatLines(gm).last()).toHaveAttribute('data-whisper', 'true');
  await expect(chatLines(ranger).last()).toContainText('I pocket the moth key');
  await expect(chatLines(ranger).last()).toHaveAttribute('data-whisper', 'true');

  await send(gm, '/w Sam A trapdoor opens under you');
  await expect(chatLines(sage).last()).toContainText('A trapdoor opens under you');
  await expect(chatLines(sage).last()).toContainText('whisper from the GM');
  await expect(chatLines(gm).last()).toContainText('whisper to Sam');

  await send(gm, '/gmr 1d20 # the lich saves');
  await expect(chatLines(gm).last()).toContainText('the lich saves');

  // A public line after them all: once it shows, anything sent before it would have shown too.
  await send(gm, 'Roll initiative');
  for (const page of [ranger, sage]) await expect(chatLines(page).last()).toContainText('Roll initiative');
  await expect(ranger.getByTestId('chat-panel')).not.toContainText('trapdoor');
  await expect(ranger.getByTestId('chat-panel')).not.toContainText('lich');
  await expect(sage.getByTestId('chat-panel')).not.toContainText('moth key');
  await expect(sage.getByTestId('chat-panel')).not.toContainText('lich');
});

test('a player’s whispers come back after a reload', async () => {
  const { sage } = table;
  await sage.reload();
  await sheet(sage, true);
  await expect(sage.getByTestId('chat-panel')).toContainText('A trapdoor opens under you');
  await expect(sage.getByTestId('chat-panel')).not.toContainText('moth key');
});
