import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import type { TestServer } from './testServer';

/**
 * Issue 12, quality bar: axe-core finds no serious or critical accessibility violation on the
 * GM's table and a player's table (in combat, with the Act panel open); the start page has its
 * own check in start.spec.ts.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser);
});

/** Serious and critical violations, as "rule: target (summary)" lines a person can act on. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`));
}

test('the GM’s and a player’s tables have no serious or critical violations, in combat', async () => {
  const { gm, ranger } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await ranger.getByTestId('start-turn-ranger').click();
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await expect(ranger.getByTestId('target-list')).toBeVisible();
  expect(await violations(gm)).toEqual([]);
  expect(await violations(ranger)).toEqual([]);
});
