import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { expectStatus } from './helpers';
import type { TestServer } from './testServer';

/**
 * Dead end 14 of issue 12: players saw foes' exact HP. Room setting `foeHp`, default "bloodied
 * only", chosen by the GM in the tracker; on a real server, the GM and the Ranger's player in
 * Chromium. The Brute has Health 8: 32 HP.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, { foeHp: 'bloodied' });
});

const bruteRow = (page: Page) => page.getByTestId('tracker-row-brute');
const logText = (page: Page) => page.getByTestId('log-panel').innerText();

test('by default the player reads no number of the Brute’s HP; the GM reads them all', async () => {
  const { gm, ranger } = table;
  await expect(gm.getByTestId('tracker-foe-hp')).toHaveValue('bloodied');
  await expect(bruteRow(gm)).toContainText('HP 32/32');
  // 'bloodied only' tells that much: an unhurt Brute reads "not bloodied", never a number.
  await expect(bruteRow(ranger)).toContainText('not bloodied');
  await expect(bruteRow(ranger)).not.toContainText(/HP \d/);
  // The Ranger's own HP stays public, to everyone.
  await expect(bruteRow(ranger).page().getByTestId('tracker-row-ranger')).toContainText(/HP \d+\/\d+/);
});

test('the Act panel still previews the damage the Ranger would deal, without the HP left', async () => {
  const { ranger } = table;
  await ranger.getByTestId('combat-actor').selectOption('ranger');
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await expect(ranger.getByTestId('target-damage-brute')).toHaveText([
    'on hit: heavy 5–15, after armor 1 & cover: halved (ranged): 2–7',
    'on critical hit: critical 6–21, after armor 1 & cover: halved (ranged): 3–10',
    'on miss: light 4–9, after armor 1 & cover: halved (ranged): 2–4',
  ]);
});

test('hurt below half: the player reads "bloodied", the log says so without the numbers', async () => {
  const { gm, ranger, gmToken, roomId } = table;
  const res = await fetch(`${server.origin}/api/rooms/${roomId}/intents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gmToken}` },
    body: JSON.stringify({ kind: 'adjust-hp', tokenId: 'brute', amount: 20, reason: 'rockfall' }),
  });
  expect(res.status).toBe(200);
  await expect(bruteRow(gm)).toContainText('HP 12/32');
  await expect(bruteRow(ranger)).toContainText('bloodied');
  await expect(ranger.getByTestId('log-panel')).toContainText('GM: Brute is hurt (rockfall) (bloodied)');
  const seen = await logText(ranger);
  expect(seen).not.toMatch(/\b(32|12)\b/);
  await expect(gm.getByTestId('log-panel')).toContainText('32 → 12 HP');
  // The map: the player's token has the bloodied ring and no HP bar; the GM's has both numbers.
  const brute = (page: Page) =>
    page.evaluate(() => {
      const t = window.__iconVtt?.scene()?.tokens.find((x) => x.id === 'brute');
      return t ? { hp: t.hp, maxHp: t.maxHp, bloodied: t.bloodied } : null;
    });
  expect(await brute(ranger)).toEqual({ hp: undefined, maxHp: undefined, bloodied: true });
  expect(await brute(gm)).toMatchObject({ hp: 12, maxHp: 32 });
});

test('the GM switches to "hidden", then "exact": the player’s screen follows at once', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-foe-hp').selectOption('hidden');
  await expectStatus(gm, 'ok', /only defeat/);
  await expect(bruteRow(ranger)).toContainText('HP not shown');
  await expect(bruteRow(ranger)).not.toContainText('bloodied');
  await gm.getByTestId('tracker-foe-hp').selectOption('exact');
  await expect(bruteRow(ranger)).toContainText('HP 12/32');
  await gm.getByTestId('tracker-foe-hp').selectOption('bloodied');
  await expect(bruteRow(ranger)).toContainText('bloodied');
  await expect(bruteRow(ranger)).not.toContainText(/HP \d/);
});
