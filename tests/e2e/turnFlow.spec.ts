import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { clickCell, dragCell, expectStatus, postJson, tokenCell } from './helpers';

/**
 * Issue 32, "a smoother turn": what a player found on trying a fight. A move before "Start turn"
 * was previewed as fine and then refused ("nobody has started a turn yet"); after a roll the
 * attack stayed armed, so holding R did nothing until Esc; R held right after chatting typed an
 * "r" into the chat.
 */
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server }) => {
  // Every d20 a 15 and every other die a 3: the Ranger's shot hits.
  table = await openCombatTable(server, browser, {
    dice: Array.from({ length: 40 }, (_, i) => (i % 3 ? 3 : 15)),
  });
});

const ruler = (page: Page) => page.evaluate(() => window.__iconVttRuler?.mine() ?? null);

/** Hold R and drag on the map from one square to another; answers whether a ruler was drawn. */
async function measures(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const a = await page.evaluate(([x, y]) => window.__iconVtt!.cellToPage(x!, y!), [from.x, from.y]);
  const b = await page.evaluate(([x, y]) => window.__iconVtt!.cellToPage(x!, y!), [to.x, to.y]);
  await page.mouse.move(a!.x, a!.y);
  await page.keyboard.down('r');
  await page.mouse.down();
  await page.mouse.move(b!.x, b!.y, { steps: 4 });
  const drawn = (await ruler(page)) !== null;
  await page.mouse.up();
  await page.keyboard.up('r');
  return drawn;
}

test('a player’s first move on their side’s turn starts their character’s turn', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await expect(ranger.getByTestId('tracker-headline')).toContainText('Party side is up');
  // No "Start turn" pressed: the drag itself starts the Ranger's turn, then moves.
  await dragCell(ranger, { x: 1, y: 2 }, { x: 2, y: 2 });
  await expect.poll(() => tokenCell(ranger, 'ranger')).toEqual({ x: 2, y: 2 });
  await expect(ranger.getByTestId('tracker-headline')).toHaveText('Ranger is acting (Party)');
  await expectStatus(ranger, 'ok', /./);
});

test('after a roll the ability is put down: holding R measures at once', async () => {
  const { ranger } = table;
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await clickCell(ranger, 7, 4);
  await expect(ranger.getByTestId('target-row-goblin')).toHaveClass(/selected/);
  await ranger.getByTestId('roll-attack').click();
  await expectStatus(ranger, 'ok', /./);
  await expect(ranger.getByTestId('combat-action')).toHaveValue('');
  expect(await measures(ranger, { x: 2, y: 2 }, { x: 4, y: 2 })).toBe(true);
});

test('after a chat line the keys are the map’s again: R measures and types nothing', async () => {
  const { ranger } = table;
  const field = ranger.getByTestId('chat-input');
  await field.fill('Covering the door');
  await field.press('Enter');
  await expect(ranger.getByTestId('chat-lines')).toContainText('Covering the door');
  expect(await measures(ranger, { x: 2, y: 2 }, { x: 4, y: 2 })).toBe(true);
  await expect(field).toHaveValue('');
});

test('a token with two statuses says so: every chip that fits, else the first and "+N"', async ({
  server,
}) => {
  const { ranger, roomId, gmToken } = table;
  for (const statusId of ['dazed', 'slow'])
    await postJson(
      server,
      `/api/rooms/${roomId}/intents`,
      { kind: 'add-status', tokenId: 'ranger', statusId },
      gmToken,
    );
  /** How many statuses the chips stand for: one per lettered chip, N for a "+N". */
  const told = async () => {
    const chips = (await ranger.evaluate(() => window.__iconVtt?.tokenChips('ranger'))) ?? [];
    return chips.reduce((n, c) => n + (c.startsWith('+') ? Number(c.slice(1)) : 1), 0);
  };
  await expect.poll(told).toBe(2);
  expect((await ranger.evaluate(() => window.__iconVtt?.tokenChips('ranger')))?.[0]).toBe('DA');
});
