import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, rangerShootsBrute, socketsOpened, type CombatTable } from './combatFixture';
import { clickCell, dragCell, expectStatus, screenshot } from './helpers';
import type { TestServer } from './testServer';

/**
 * A fight run online by a GM and two players against a real server whose dice are fixed:
 * d20 12, boon d6 2, damage d6 5 and 4 (the only rolls this fight makes).
 *
 *   heights  x: 0123456789      R Ranger (1,2) on the 2-high hill, S Sage (3,5)
 *   y=1         22........      B Brute (6,3) behind the 1-high wall at x=5 (cover), Armor 1, Defense 10
 *   y=2         2R...1....      G Goblin (7,4)
 *   y=3         22...1B...
 *   y=4         .....1.G..
 *   y=5         ...S......
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, { dice: [12, 2, 5, 4] });
});

const everyone = () => [table.gm, table.ranger, table.sage];

async function allSee(testid: string, text: string | RegExp): Promise<void> {
  for (const page of everyone()) await expect(page.getByTestId(testid)).toHaveText(text, { timeout: 10_000 });
}

test('each page keeps one room connection: the combat tools share the table session connection', async () => {
  // The GM syncs the public doc and the secrets doc, a player the public one and their own channel
  // (their whispers, docs/table.md "Channels"): two sockets each, never one per panel.
  const rooms = (page: Page) =>
    (socketsOpened.get(page) ?? []).map((p) => p.replace(/.*\//, '').replace(/\?.*/, ''));
  expect(rooms(table.gm).sort()).toEqual([table.roomId, `${table.roomId}~secrets`]);
  for (const player of [table.ranger, table.sage])
    expect(rooms(player).sort()).toEqual([table.roomId, expect.stringMatching(/~to~[0-9a-f]{12}$/)]);
  expect(rooms(table.ranger).sort()[1]).not.toBe(rooms(table.sage).sort()[1]);
});

test('a ranged attack from higher ground on a foe behind cover: exact odds, dice, damage and HP on every screen', async () => {
  const { gm, ranger, sage } = table;
  await gm.getByTestId('tracker-start-combat').click();
  await allSee('tracker-headline', 'Party side is up: players choose who acts');

  // The Sage declares a slow turn; the Ranger goes first.
  await sage.getByTestId('slow-turn-sage').click();
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-sage')).toHaveAttribute('data-slow', 'true');
  await ranger.getByTestId('start-turn-ranger').click();
  await allSee('tracker-headline', 'Ranger is acting (Party)');
  await expect(ranger.getByTestId('actions-left')).toContainText('Actions 2/2 · move 4/4 · attack available');

  await expect(ranger.getByTestId('combat-actor')).toHaveValue('ranger');
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await expect(ranger.getByTestId('attack-range')).toContainText('ranged attack, range 5');
  const row = ranger.getByTestId('target-row-brute');
  await expect(row).toContainText('5 sq (range 7, +2 height), in sight, cover');
  await expect(ranger.getByTestId('target-mod-brute')).toHaveText(
    '1 boon (height-advantage): attacker stands 2 levels higher than the target (2 vs 0)',
  );
  await expect(ranger.getByTestId('target-net-brute')).toHaveText('+1 boon');
  await expect(ranger.getByTestId('target-chance-brute')).toHaveText('hit 87.5% (critical 37.5%) — 105/120');
  await expect(ranger.getByTestId('target-damage-brute')).toHaveText([
    'on hit: heavy 5–15, after armor 1 & cover: halved (ranged): 2–7',
    'on critical hit: critical 6–21, after armor 1 & cover: halved (ranged): 3–10',
    'on miss: light 4–9, after armor 1 & cover: halved (ranged): 2–4',
  ]);

  // Pick the Brute on the map and roll: the server rolls d20 12 + 3 + boon d6 2 = 17, a hit;
  // heavy 5 + 4 + 3 fray = 12, armor 1 → 11, cover halves → 6: the Brute drops from 32 to 26.
  await clickCell(ranger, 6, 3);
  await expect(row).toHaveClass(/selected/);
  await ranger.getByTestId('roll-attack').click();
  for (const page of everyone()) {
    await expect(page.getByTestId('result-d20')).toHaveText('12', { timeout: 10_000 });
    await expect(page.getByTestId('result-boons')).toHaveText('d6 [2] → +2');
    await expect(page.getByTestId('result-total')).toHaveText('17 vs Defense 10');
    await expect(page.getByTestId('result-outcome')).toHaveText('HIT');
    await expect(page.getByTestId('result-damage-roll')).toHaveText(
      'heavy: dice [5, 4] + 3 fray = 12 physical',
    );
    await expect(page.getByTestId('result-damage-taken')).toHaveText('6 HP');
    await expect(page.getByTestId('result-modifiers')).toContainText(
      'Height: attacker stands 2 levels higher',
    );
    await expect(page.getByTestId('result-panel')).toContainText('armor 1: 12 → 11');
    await expect(page.getByTestId('result-panel')).toContainText('halved 1×: 11 → 6');
    await expect(page.getByTestId('result-now-brute')).toHaveText('Brute now: HP 26, vigor 0');
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 26/32');
  }
  await expect(ranger.getByTestId('actions-left')).toContainText(
    'Actions 0/2 · move 4/4 · attack used this round',
  );

  // A second attack this round is refused by the server, with the reason, and rolls nothing. (The
  // roll put the attack down: the ruler and the map work at once; pick it again.)
  await expect(ranger.getByTestId('combat-action')).toHaveValue('');
  await ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await clickCell(ranger, 7, 4);
  await expect(ranger.getByTestId('target-row-goblin')).toHaveClass(/selected/);
  await ranger.getByTestId('roll-attack').click();
  await expectStatus(ranger, 'refused', /already attacked this round/);
  await expect(ranger.getByTestId('action-refusal')).toHaveText('already attacked this round');
  await screenshot(table.gm, 'combat-gm-after-attack.png');
  await screenshot(table.sage, 'combat-sage-after-attack.png');
});

test('turns alternate across a round with a slow turn, and a Blast outlines exactly the characters in it', async () => {
  const { gm, ranger, sage } = table;
  await ranger.getByTestId('end-turn-ranger').click();
  await allSee('tracker-headline', 'Foes side is up: the GM chooses who acts');
  // A player cannot start a foe's turn: there is no button, and the server would refuse.
  await expect(ranger.getByTestId('start-turn-brute')).toHaveCount(0);
  await gm.getByTestId('start-turn-brute').click();
  await allSee('tracker-headline', 'Brute is acting (Foes)');
  await gm.getByTestId('end-turn-brute').click();
  // The party's only character left takes a slow turn, so the foes go on.
  await allSee('tracker-headline', 'Foes side is up: the GM chooses who acts');
  await gm.getByTestId('start-turn-goblin').click();
  await gm.getByTestId('end-turn-goblin').click();
  await allSee('tracker-headline', 'Party side is up (slow turns): players choose who acts');
  await sage.getByTestId('start-turn-sage').click();
  await allSee('tracker-headline', 'Sage is acting (Party)');

  await expect(sage.getByTestId('combat-actor')).toHaveValue('sage');
  await sage.getByTestId('combat-action').selectOption('fire-burst');
  await clickCell(sage, 7, 3);
  await expect(sage.getByTestId('area-legal')).toHaveText('Legal placement');
  await expect(sage.getByTestId('area-affected')).toHaveText('Affected: Brute (cover), Goblin');
  expect((await sage.evaluate(() => window.__iconVttCombat!.areaAffected())).sort()).toEqual([
    'Brute',
    'Goblin',
  ]);
  const overlay = await sage.evaluate(() => window.__iconVttCombat!.overlay());
  expect(overlay.area?.squares).toHaveLength(9);
  expect(overlay.area?.affected.map((f) => f.cell).sort((a, b) => a.x - b.x)).toEqual([
    { x: 6, y: 3 },
    { x: 7, y: 4 },
  ]);
  await screenshot(sage, 'combat-sage-blast-template.png');

  await sage.getByTestId('end-turn-sage').click();
  // The party went last in round 1, so the foes start round 2.
  for (const page of everyone())
    await expect(page.getByTestId('turn-tracker').locator('h3')).toHaveText('Round 2');
  await allSee('tracker-headline', 'Foes side is up: the GM chooses who acts');
});

test('the GM undoes the damage application and every screen agrees again', async () => {
  const { gm } = table;
  await gm.getByTestId('revert-application').click();
  for (const page of everyone()) {
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 32/32', { timeout: 10_000 });
    await expect(page.getByTestId('result-now-brute')).toHaveText('Brute now: HP 32, vigor 0');
  }
  await expect(table.sage.getByTestId('log-entries').locator('li').first()).toContainText(
    'GM reverts: Ranger uses Basic ranged attack on Brute: hit',
  );
  // Undoing the revert puts the damage back, once more everywhere.
  await gm.getByTestId('gm-combat-undo').click();
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 26/32', { timeout: 10_000 });

  // The GM overrides a number by hand; every screen follows, and one undo takes it back.
  await gm.getByTestId('override-hp-brute').fill('20');
  await gm.getByTestId('override-set-brute').click();
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 20/32', { timeout: 10_000 });
  await expect(table.ranger.getByTestId('log-entries').locator('li').first()).toContainText(
    'GM sets Brute: HP 26 → 20',
  );
  await gm.getByTestId('gm-combat-undo').click();
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 26/32', { timeout: 10_000 });

  // One history: the editor's Ctrl+Z undoes a combat override, Ctrl+Shift+Z redoes it and the
  // combat panel's undo takes it back again.
  await gm.getByTestId('override-hp-brute').fill('18');
  await gm.getByTestId('override-set-brute').click();
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 18/32', { timeout: 10_000 });
  await gm.keyboard.press('Control+z');
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 26/32', { timeout: 10_000 });
  await gm.keyboard.press('Control+Shift+z');
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 18/32', { timeout: 10_000 });
  await gm.getByTestId('gm-combat-undo').click();
  for (const page of everyone())
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 26/32', { timeout: 10_000 });
  const [download] = await Promise.all([gm.waitForEvent('download'), gm.getByTestId('export-log').click()]);
  expect(download.suggestedFilename()).toBe('Combat-test-log.md');
  const md = fs.readFileSync((await download.path())!, 'utf8');
  expect(md).toContain('# Combat test — combat log');
  expect(md).toContain('## Round 2');
  expect(md).toMatch(/Ranger uses Basic ranged attack on Brute.*hit/);
});

test('the line-of-sight tool: from the Ranger to the Brute, clear with cover; across the hill, blocked', async () => {
  const { gm } = table;
  await gm.getByTestId('sight-tool').click();
  await clickCell(gm, 1, 2);
  await clickCell(gm, 6, 3);
  await expect(gm.getByTestId('sight-summary')).toHaveText('Ranger → Brute: Clear, target has cover');
  await expect(gm.getByTestId('sight-line')).toContainText('(5,');
  await clickCell(gm, 2, 4);
  await clickCell(gm, 0, 0);
  await expect(gm.getByTestId('sight-summary')).toHaveText('(2,4) → (0,0): Blocked');
  const sight = await gm.evaluate(() => window.__iconVttCombat!.overlay().sight);
  expect(sight?.visible).toBe(false);
  await screenshot(gm, 'combat-gm-line-of-sight.png');
});

test('plain effects, owners’ statuses and GM blights go through intents; the log names each actor once', async () => {
  const { gm, ranger, sage } = table;
  // End combat asks first (tests/e2e/tracker.spec.ts): the GM says yes.
  gm.once('dialog', (d) => void d.accept());
  await gm.getByTestId('tracker-end-combat').click();
  await allSee('tracker-headline', 'Not in combat');

  // The Sage's Ward (range 3, vigor ×1 Health) on the Ranger 3 squares away; the Goblin is 4 away.
  await sage.keyboard.press('Escape');
  await sage.getByTestId('combat-action').selectOption('ward');
  await expect(sage.getByTestId('effect-summary')).toHaveText('Ward: vigor ×1 Health — range 3');
  await expect(sage.getByTestId('effect-target-goblin')).toContainText(
    'Goblin is 4 squares away; Ward reaches 3',
  );
  await clickCell(sage, 1, 2);
  await expect(sage.getByTestId('effect-target-ranger')).toHaveClass(/selected/);
  await sage.getByTestId('use-effect').click();
  await expectStatus(sage, 'ok', /Ward on Ranger: done/);
  const firstLog = (page: Page) => page.getByTestId('log-entries').locator('li').first();
  for (const page of everyone()) await expect(firstLog(page)).toHaveText('Sage uses Ward on Ranger');

  // The Ranger's player adds and removes a status on their own character.
  await ranger.keyboard.press('Escape');
  await clickCell(ranger, 1, 2);
  await expect(ranger.getByTestId('health-line')).toHaveText('HP 32/32, vigor 8');
  await ranger.getByTestId('add-status-pick').selectOption('dazed');
  await ranger.getByTestId('add-status').click();
  await expect(ranger.getByTestId('status-list')).toContainText('Dazed');
  await expect(gm.getByTestId('log-entries').locator('li').first()).toContainText('Ranger');
  await ranger.getByTestId('remove-status-dazed').click();
  await expect(ranger.getByTestId('status-list')).toHaveText('No statuses');

  // The GM's blight toggle is an add-blight intent: logged for everyone, not in the GM's undo.
  await gm.keyboard.press('Escape');
  await clickCell(gm, 7, 4);
  await gm.getByTestId('blight-burning').click();
  for (const page of everyone())
    await expect(firstLog(page)).toHaveText('GM: Goblin gains the burning blight');
  await expect(gm.getByTestId('blight-list')).toHaveText('Blights: burning');
  await gm.getByTestId('blight-burning').click();
  for (const page of everyone())
    await expect(firstLog(page)).toHaveText('GM: Goblin loses the burning blight');

  // The GM's damage box goes through the rules: 5 physical to the Goblin (armor 0, no vigor),
  // 16 → 11 HP; then heals 3 (→ 14). The server does the arithmetic and logs it.
  await gm.getByTestId('gm-hp-amount').fill('5');
  await gm.getByTestId('gm-hp-type').selectOption('physical');
  await gm.getByTestId('gm-deal-damage').click();
  for (const page of everyone())
    await expect(firstLog(page)).toHaveText('GM: Goblin takes 5 physical damage (GM): 16 → 11 HP');
  await gm.getByTestId('gm-hp-amount').fill('3');
  await gm.getByTestId('gm-heal').click();
  for (const page of everyone()) await expect(firstLog(page)).toHaveText('GM: Goblin 11 → 14 HP (GM)');
});

test('on-confirm: the GM switches the room, the Ranger’s roll waits with its dice on every screen, one click applies it', async ({
  browser,
}) => {
  // Its own room (dice 12, 2, 5, 4 again), so the fight above is untouched. The earlier
  // tests' three pages are done: close them so six live canvases do not share two cores.
  for (const page of everyone()) await page.context().close();
  const t = await openCombatTable(server, browser, { dice: [12, 2, 5, 4] });
  const pages = [t.gm, t.ranger, t.sage];
  await t.gm.getByTestId('tracker-apply-results').selectOption('on-confirm');
  // The players' docs carry the setting once the server has it.
  for (const page of [t.ranger, t.sage])
    await expect(page.getByTestId('tracker-apply-results-note')).toHaveText('Rolls wait for Apply', {
      timeout: 10_000,
    });
  await rangerShootsBrute(t);

  // d20 12 + 3 + boon 2 = 17 hits; heavy 5 + 4 + 3 = 12, armor 1 → 11, cover → 6 — not yet applied.
  for (const page of pages) {
    await expect(page.getByTestId('result-d20')).toHaveText('12', { timeout: 10_000 });
    await expect(page.getByTestId('result-dice')).toHaveText('Dice in order: d20=12, d6=2, d6=5, d6=4');
    await expect(page.getByTestId('result-damage-taken')).toHaveText('6 HP');
    await expect(page.getByTestId('result-pending')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('result-pending')).toContainText('Brute: hp 32 → 26');
    await expect(page.getByTestId('result-now-brute')).toHaveText('Brute now: HP 32, vigor 0');
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 32/32');
  }
  // Apply for the Ranger's player and the GM (who may also change the damage); not for the Sage.
  await expect(t.gm.getByTestId('result-damage-override')).toHaveValue('12');
  await expect(t.gm.getByTestId('result-discard')).toBeVisible();
  await expect(t.sage.getByTestId('result-apply')).toHaveCount(0);
  await expect(t.ranger.getByTestId('result-damage-override')).toHaveCount(0);
  // Nothing is applied yet, so the GM is offered no "undo this application".
  await expect(t.gm.getByTestId('revert-application')).toHaveCount(0);

  await t.ranger.getByTestId('result-apply').click();
  for (const page of pages) {
    await expect(page.getByTestId('result-now-brute')).toHaveText('Brute now: HP 26, vigor 0', {
      timeout: 10_000,
    });
    await expect(page.getByTestId('tracker-row-brute')).toContainText('HP 26/32');
    await expect(page.getByTestId('result-pending')).toHaveAttribute('data-status', 'applied');
    await expect(page.getByTestId('result-pending-text')).toHaveText(/^Applied by /);
  }
  await expect(t.gm.getByTestId('revert-application')).toBeVisible();
  await screenshot(t.gm, 'combat-gm-applied-on-confirm.png');
});

test('a foe moving next to the Sage offers its player Brace; one click picks it, and using it takes the offer', async ({
  browser,
}) => {
  const t = await openCombatTable(server, browser, { dice: [12, 2, 5, 4] });
  await t.gm.getByTestId('tracker-start-combat').click();
  await t.ranger.getByTestId('start-turn-ranger').click();
  await t.ranger.getByTestId('end-turn-ranger').click();
  await expect(t.gm.getByTestId('start-turn-brute')).toBeVisible({ timeout: 10_000 });
  await t.gm.getByTestId('start-turn-brute').click();
  await expect(t.sage.getByTestId('tracker-headline')).toHaveText('Brute is acting (Foes)', {
    timeout: 10_000,
  });
  await expect(t.sage.getByTestId('interrupt-offer')).toHaveCount(0);
  // The GM moves the Brute by intent from (6,3) to (4,5), next to the Sage at (3,5).
  const res = await fetch(`${server.origin}/api/rooms/${t.roomId}/intents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.gmToken}` },
    body: JSON.stringify({
      kind: 'move',
      tokenId: 'brute',
      path: [
        { x: 6, y: 4 },
        { x: 6, y: 5 },
        { x: 5, y: 5 },
        { x: 4, y: 5 },
      ],
    }),
  });
  expect(await res.json()).toMatchObject({ ok: true });
  const offer = t.sage.getByTestId('interrupt-offer');
  await expect(offer).toHaveText('Interrupt: Brace — Brute moved next to Sage', { timeout: 10_000 });
  await expect(t.ranger.getByTestId('interrupt-offer')).toHaveCount(0);
  await expect(t.gm.getByTestId('interrupt-offer')).toHaveText('Interrupt: Brace — Brute moved next to Sage');
  await offer.click();
  await expect(t.sage.getByTestId('combat-action')).toHaveValue('brace');
  await t.sage.getByTestId('use-effect').click();
  await expectStatus(t.sage, 'ok', /Brace.*: done/);
  await expect(t.sage.getByTestId('interrupt-offer')).toHaveCount(0);
  await screenshot(t.sage, 'combat-sage-interrupt-offer.png');
});

test('a push off a height-2 ledge: the preview, the fall damage and the new square on every screen', async ({
  browser,
}) => {
  // Its own room: the d20 12 is the only roll (Shield Bash deals fray damage, no dice).
  const t = await openCombatTable(server, browser, { dice: [12] });
  const pages = [t.gm, t.ranger, t.sage];
  const brute = (page: Page) =>
    page.evaluate(() => window.__iconVtt!.scene()!.tokens.find((k) => k.id === 'brute')!.cell);
  // The GM's drag is a free placement: the Brute goes up onto the hill, next to the Ranger.
  await dragCell(t.gm, { x: 6, y: 3 }, { x: 1, y: 1 });
  for (const page of pages) await expect.poll(() => brute(page), { timeout: 10_000 }).toEqual({ x: 1, y: 1 });

  // The Ranger picks Shield Bash and the Brute: the Act panel previews where it would land.
  await t.ranger.getByTestId('combat-action').selectOption('shield-bash');
  await expect(t.ranger.getByTestId('forced-kind')).toHaveText('Shield Bash pushes 1 square');
  await clickCell(t.ranger, 1, 1);
  await expect(t.ranger.getByTestId('target-row-brute')).toHaveClass(/selected/);
  await expect(t.ranger.getByTestId('forced-preview')).toHaveText(
    'on hit: Brute is pushed 1 square north to (1,0) and falls 2 levels: 2 damage (before armor)',
  );
  const ghost = await t.ranger.evaluate(() => window.__iconVttCombat!.overlay().forced);
  expect(ghost).toEqual([{ path: [{ x: 1, y: 0 }], ghost: { cell: { x: 1, y: 0 }, size: 1 } }]);
  await screenshot(t.ranger, 'combat-ranger-push-preview.png');

  // d20 12 + 3 = 15 vs Defense 10: hit; fray 3, armor 1 → 2 (32 → 30); pushed north off the
  // 2-high hill: a 2-level fall, 2 physical, armor 1 → 1 (30 → 29).
  await t.ranger.getByTestId('roll-attack').click();
  for (const page of pages) {
    await expect(page.getByTestId('result-summary')).toHaveText(
      'Ranger uses Shield Bash on Brute: hit. Brute is pushed 1 square north to (1,0) and falls 2 levels: 1 damage',
      { timeout: 10_000 },
    );
    await expect(page.getByTestId('result-forced')).toContainText('falls 2 levels: 1 damage');
    await expect(page.getByTestId('result-now-brute')).toHaveText('Brute now: HP 29, vigor 0');
    await expect.poll(() => brute(page), { timeout: 10_000 }).toEqual({ x: 1, y: 0 });
  }
  await screenshot(t.sage, 'combat-sage-after-push.png');

  // The GM shoves the Brute 2 squares east by the rules (not a free drag): flat ground, no
  // damage, one log sentence, the new square on every screen.
  await t.gm.keyboard.press('Escape');
  await clickCell(t.gm, 1, 0);
  await t.gm.getByTestId('force-move-kind').selectOption('shove');
  await t.gm.getByTestId('force-move-squares').fill('2');
  await t.gm.getByTestId('force-move-direction').selectOption('east');
  await screenshot(t.gm, 'combat-gm-force-move.png');
  await t.gm.getByTestId('force-move').click();
  for (const page of pages) {
    await expect.poll(() => brute(page), { timeout: 10_000 }).toEqual({ x: 3, y: 0 });
    await expect(page.getByTestId('log-entries').locator('li').first()).toContainText(
      'Brute is shoved 2 squares east to (3,0)',
    );
  }
});
