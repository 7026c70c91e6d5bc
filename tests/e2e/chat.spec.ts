import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { chatLines, say, sheet } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 15, "Chat": the chat panel with the real server (fixed dice), a GM and two players
 * (Robin plays the Ranger, Sam the Sage; the Sage's player is on a phone).
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, {
    dice: [4, 2, 5, 3],
    devices: { sage: { width: 390, height: 844, touch: true } },
  });
});

test('a player says a line; the GM sees it with the name and character; HTML stays text', async () => {
  const { gm, ranger } = table;
  await say(ranger, 'Hello **all** <img src=x onerror="window.__xss=1"> <b>bold?</b>');
  await expect(ranger.getByTestId('chat-input')).toHaveValue('');
  const line = chatLines(gm).last();
  await expect(line).toContainText('Robin · Ranger');
  await expect(line.locator('strong')).toHaveText('all');
  await expect(line).toContainText('<img src=x onerror="window.__xss=1"> <b>bold?</b>');
  await expect(gm.getByTestId('chat-panel').locator('img, b')).toHaveCount(0);
  expect(await gm.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // The line's own breaks: Shift+Enter is a new line, not a send.
  const field = ranger.getByTestId('chat-input');
  await field.fill('first');
  await field.press('Shift+Enter');
  await field.pressSequentially('second');
  await field.press('Enter');
  await expect(chatLines(gm).last().locator('br')).toHaveCount(1);
  // Up brings the last line back.
  await field.press('ArrowUp');
  await expect(field).toHaveValue('first\nsecond');
  await field.fill('');
});

test('a refused line stays typed and the reason shows under the field', async () => {
  const { ranger } = table;
  await say(ranger, '/w Sam secret');
  await expect(ranger.getByTestId('chat-error')).toHaveText('Players whisper to the GM only: /w gm …');
  await expect(ranger.getByTestId('chat-input')).toHaveValue('/w Sam secret');
  await say(ranger, '/r 2d6+');
  await expect(ranger.getByTestId('chat-error')).toContainText(/^Not rolled: \S/);
  await expect(ranger.getByTestId('chat-input')).toHaveValue('/r 2d6+');
  await say(ranger, '/help');
  await expect(ranger.getByTestId('chat-help')).toContainText('/r 2d6+3');
  await expect(ranger.getByTestId('chat-error')).toHaveText('');
});

test('Enter and / focus the chat from the map; Esc goes back to the map', async () => {
  const { gm } = table;
  const field = gm.getByTestId('chat-input');
  await gm.locator('.stage canvas').click({ position: { x: 5, y: 5 } });
  await gm.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await gm.keyboard.press('Escape');
  await expect(field).not.toBeFocused();
  await gm.keyboard.press('/');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('/');
  await field.pressSequentially('r d20');
  await field.press('Escape');
  await expect(field).not.toBeFocused();
  // Enter on a focused button stays the button's.
  await field.fill('');
  const help = gm.getByTestId('chat-send');
  await help.focus();
  await gm.keyboard.press('Enter');
  await expect(help).toBeFocused();
});

test('on a phone the chat is in the bottom sheet and works', async () => {
  const { gm, sage } = table;
  await sheet(sage, true);
  const field = sage.getByTestId('chat-input');
  await field.scrollIntoViewIfNeeded();
  await expect(field).toBeInViewport();
  await field.tap();
  await field.fill('On my phone');
  await sage.getByTestId('chat-send').tap();
  await expect(chatLines(gm).last()).toContainText('Sam · Sage');
  await expect(chatLines(gm).last()).toContainText('On my phone');
  const box = (await sage.getByTestId('chat-panel').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

test('on a phone with a keyboard, Enter on the map opens the closed sheet at the chat field', async () => {
  const { sage } = table;
  await sheet(sage, false);
  await sage.locator('.stage canvas').click({ position: { x: 5, y: 5 } });
  await sage.keyboard.press('Enter');
  const field = sage.getByTestId('chat-input');
  await expect(field).toBeFocused();
  await expect(sage.getByTestId('sheet-handle')).toHaveAttribute('aria-expanded', 'true');
  await expect(field).toBeInViewport();
  await field.press('Escape');
  await sheet(sage, false);
});

test('the chat has no serious or critical accessibility violations', async () => {
  for (const page of [table.gm, table.ranger]) {
    const result = await new AxeBuilder({ page }).include('[data-testid="chat-panel"]').analyze();
    const bad = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
    expect(bad).toEqual([]);
  }
});

test('a player rolls /r 2d6+3 and the GM sees the same dice and total', async () => {
  const { gm, ranger } = table;
  await say(ranger, '/r 2d6+3');
  await expect(ranger.getByTestId('chat-input')).toHaveValue('');
  await expect(ranger.getByTestId('chat-error')).toHaveText('');
  const mine = chatLines(ranger).last().getByTestId('chat-roll');
  const theirs = chatLines(gm).last().getByTestId('chat-roll');
  await expect(mine.getByTestId('chat-die')).toHaveCount(2);
  await expect(theirs).toHaveText((await mine.textContent())!);
  await expect(theirs.getByTestId('chat-roll-total')).toHaveText('9');
  await expect(chatLines(gm).last()).toContainText('Robin · Ranger');
});
