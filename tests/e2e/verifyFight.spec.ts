import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';

/**
 * Verified replay (issue 31, docs/table/replay.md): the GM's "Verify this fight" re-derives the
 * log's outcomes in the browser (a worker) from the records the secrets doc carries; a player has
 * no such button.
 */
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ server, browser }) => {
  table = await openCombatTable(server, browser);
  for (const intent of [{ kind: 'start-combat' }, { kind: 'adjust-hp', tokenId: 'brute', amount: 2 }]) {
    const res = await fetch(`${server.origin}/api/rooms/${table.roomId}/intents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${table.gmToken}` },
      body: JSON.stringify(intent),
    });
    expect(await res.json()).toMatchObject({ ok: true });
  }
});

test('the GM verifies the fight; a player has no button', async () => {
  const { gm, ranger } = table;
  await expect(gm.getByTestId('log-entry')).toHaveCount(2);
  await gm.getByTestId('verify-fight').click();
  await expect(gm.getByTestId('verify-result')).toHaveText('1 of 1 outcome re-derived; 1 GM override');
  await expect(ranger.getByTestId('log-entry')).not.toHaveCount(0);
  await expect(ranger.getByTestId('verify-fight')).toHaveCount(0);
});
