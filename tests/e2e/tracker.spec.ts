import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { expectStatus, screenshot } from './helpers';
import type { TestServer } from './testServer';

/**
 * Dead ends 6, 10 and 12 of issue 12, on a real server with a GM and two players in Chromium:
 * the turn tracker's order and who may still act, the confirmations before End combat and
 * Surrender, and encounter foes that start hidden.
 */
let server: TestServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

/** The tracker's rows as ids, top to bottom. */
const rowOrder = (page: Page) =>
  page
    .getByTestId('turn-tracker')
    .locator('li[data-testid^="tracker-row-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('tracker-row-', '')));

/** Clicks `testid` and answers the browser's confirm; returns what it asked. */
async function clickAndAnswer(page: Page, testid: string, accept: boolean): Promise<string> {
  const asked = page.waitForEvent('dialog', { timeout: 5_000 }).then(async (d) => {
    const message = d.message();
    await (accept ? d.accept() : d.dismiss());
    return message;
  });
  await page.getByTestId(testid).click();
  return asked;
}

test.describe('with the foes revealed', () => {
  let table: CombatTable;
  test.beforeAll(async ({ browser }) => {
    table = await openCombatTable(server, browser);
  });
  const everyone = () => [table.gm, table.ranger, table.sage];

  test('the tracker keeps the party above the foes in one order all round, and says who may still act', async () => {
    const { gm, ranger } = table;
    const expected = ['ranger', 'sage', 'brute', 'goblin'];
    for (const page of everyone()) await expect.poll(() => rowOrder(page)).toEqual(expected);
    await gm.getByTestId('tracker-start-combat').click();
    for (const page of everyone()) {
      await expect(page.getByTestId('tracker-headline')).toHaveText(
        'Party side is up: players choose who acts',
      );
      await expect(page.getByTestId('tracker-side-party')).toHaveText(
        'Party · up now · still to act: Ranger, Sage',
      );
      await expect(page.getByTestId('tracker-side-foes')).toHaveText('Foes · still to act: Brute, Goblin');
    }
    await ranger.getByTestId('start-turn-ranger').click();
    for (const page of everyone()) {
      await expect(page.getByTestId('tracker-side-party')).toHaveText(
        'Party · up now · Ranger is acting · still to act: Sage',
      );
      expect(await rowOrder(page)).toEqual(expected);
    }
    await ranger.getByTestId('end-turn-ranger').click();
    for (const page of everyone()) {
      await expect(page.getByTestId('tracker-headline')).toHaveText(
        'Foes side is up: the GM chooses who acts',
      );
      // The Ranger is done and the foes may act: nobody moves, the sides stay apart.
      expect(await rowOrder(page)).toEqual(expected);
      await expect(page.getByTestId('tracker-side-party')).toHaveText('Party · still to act: Sage');
      await expect(page.getByTestId('tracker-side-foes')).toHaveText(
        'Foes · up now · still to act: Brute, Goblin',
      );
    }
    await gm.getByTestId('start-turn-brute').click();
    await gm.getByTestId('end-turn-brute').click();
    await expect(gm.getByTestId('tracker-headline')).toHaveText('Party side is up: players choose who acts');
    expect(await rowOrder(gm)).toEqual(expected);
    await expect(gm.getByTestId('tracker-side-foes')).toHaveText('Foes · still to act: Goblin');
    await screenshot(gm, 'tracker-order-gm.png');
  });

  test('End combat asks first, in plain words; Cancel keeps the fight going', async () => {
    const { gm } = table;
    const asked = await clickAndAnswer(gm, 'tracker-end-combat', false);
    expect(asked).toBe(
      'End combat after round 1? The turn order is cleared, and statuses, blights, vigor and Resolve end for everyone.',
    );
    await gm.waitForTimeout(300);
    for (const page of everyone())
      await expect(page.getByTestId('turn-tracker').locator('h3')).toHaveText('Round 1');
    await clickAndAnswer(gm, 'tracker-end-combat', true);
    for (const page of everyone())
      await expect(page.getByTestId('tracker-headline')).toHaveText('Not in combat');
  });

  test('Surrender asks first and says what it means; Cancel changes nothing', async () => {
    const { sage } = table;
    await expect(sage.getByTestId('status-panel').locator('h3').first()).toHaveText('Sage: statuses');
    const asked = await clickAndAnswer(sage, 'surrender', false);
    expect(asked).toBe(
      'Surrender: Sage is defeated for this battle, takes no wound, and cannot be rescued. This cannot be undone.',
    );
    await sage.waitForTimeout(300);
    await expect(sage.getByTestId('health-line')).not.toContainText('surrendered');
    await clickAndAnswer(sage, 'surrender', true);
    for (const page of everyone())
      await expect(page.getByTestId('tracker-row-sage')).toHaveAttribute('data-status', 'out');
    await expect(sage.getByTestId('health-line')).toContainText('surrendered');
  });
});

test.describe('with the foes hidden, as a room made from the start page', () => {
  let table: CombatTable;
  test.beforeAll(async ({ browser }) => {
    table = await openCombatTable(server, browser, { revealFoes: false });
  });

  test('Start combat says who is left out (names for the GM only); one click reveals every foe', async () => {
    const { gm, ranger } = table;
    await expect.poll(() => rowOrder(gm)).toEqual(['ranger', 'sage']);
    await expect(gm.getByTestId('tracker-reveal-foes')).toHaveText('Reveal all foes (2 hidden)');
    await expect(ranger.getByTestId('tracker-reveal-foes')).toHaveCount(0);

    await gm.getByTestId('tracker-start-combat').click();
    await expectStatus(gm, 'ok', /^Start combat: 2 hidden foes are left out until you reveal them$/);
    const gmLog = gm.getByTestId('log-entries');
    await expect(gmLog).toContainText('Left out of combat until revealed: Brute, Goblin');
    await expect(ranger.getByTestId('log-entries')).toContainText('Combat starts');
    await expect(ranger.getByTestId('log-entries')).not.toContainText('Left out');
    await expect(ranger.getByTestId('log-entries')).not.toContainText('Brute');
    await screenshot(gm, 'tracker-hidden-foes-gm.png');

    await gm.getByTestId('tracker-reveal-foes').click();
    await expectStatus(gm, 'ok', /^Revealed Brute and Goblin$/);
    for (const page of [gm, ranger]) {
      await expect.poll(() => rowOrder(page)).toEqual(['ranger', 'sage', 'brute', 'goblin']);
      await expect(page.getByTestId('tracker-side-foes')).toHaveText('Foes · still to act: Brute, Goblin');
    }
    await expect(gm.getByTestId('tracker-reveal-foes')).toHaveCount(0);
  });
});
