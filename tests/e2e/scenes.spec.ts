import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, rangerShootsBrute, type CombatTable } from './combatFixture';
import { cellToPage, postJson, readJson, ROOT, screenshot, sheet, waitReady } from './helpers';
import type { TestServer } from './testServer';

/**
 * Scenes (issue 32, docs/table/scenes.md) on a real server in Chromium. The combat test's room: a
 * GM and the Ranger's player at 1440×900, the Sage's player on a 390×844 phone, each on the same
 * link throughout. They fight (the Ranger shoots the Brute, a rockfall hurts the Ranger, the
 * Ranger draws on the map); meanwhile the GM prepares "The crypt" from an encounter of the
 * campaign library and moves the party there, which first asks to end the fight. Every page then
 * shows the crypt as on first load: new map and foe, the old foes and drawings gone, the party's
 * HP as it was, the log's "The party moves on to The crypt". The crypt is as large as the room's
 * first map, so only the switch itself can have re-fitted the camera.
 */
let server: TestServer;
let table: CombatTable;
let libraryKey: string;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  libraryKey = await cryptLibrary();
  table = await openCombatTable(server, browser, {
    devices: { gm: DESKTOP, ranger: DESKTOP, sage: PHONE },
    dice: [12, 2, 5, 4],
  });
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844, touch: true };
/** The battlefield's square, in world pixels (src/grid/cell.ts). */
const CELL = 64;

/** A campaign library with a 10×7 crypt (the first map's size) and an encounter on it. */
async function cryptLibrary(): Promise<string> {
  const starter = readJson('encounters/starter-library.json') as {
    entries: Array<{ id: string; data: Record<string, unknown> }>;
  };
  const hound = starter.entries.find((e) => e.id === 'foe-ash-hound')!.data;
  const { key } = await postJson<{ key: string }>(server, '/api/libraries', {});
  await postJson(
    server,
    '/api/library/import',
    {
      schemaVersion: 1,
      kind: 'icon-vtt-library',
      entries: [
        {
          id: 'map-the-crypt',
          kind: 'map',
          data: {
            schemaVersion: 1,
            kind: 'map',
            name: 'The crypt',
            width: 10,
            height: 7,
            cells: [
              '..........',
              '..........',
              '....##....',
              '..........',
              '..........',
              '..........',
              '..........',
            ],
            heights: Array.from({ length: 7 }, () => '0000000000'),
            destructible: [],
          },
        },
        {
          id: 'encounter-the-crypt',
          kind: 'encounter',
          data: {
            schemaVersion: 2,
            kind: 'encounter',
            name: 'The crypt',
            map: 'the-crypt.json',
            mapEntry: 'map-the-crypt',
            chapter: 1,
            foes: [
              {
                id: 'ghoul',
                statBlock: { ...hound, name: 'Crypt Ghoul' },
                cell: { x: 7, y: 1 },
                hidden: false,
              },
            ],
            partyStarts: [
              { x: 1, y: 5 },
              { x: 2, y: 5 },
            ],
          },
        },
      ],
    },
    key,
  );
  return key;
}

const mapName = (page: Page) => page.evaluate(() => window.__iconVtt!.scene()!.map.name);
const tokenIds = (page: Page) =>
  page.evaluate(() =>
    window
      .__iconVtt!.scene()!
      .tokens.map((t) => t.id)
      .sort(),
  );
const hpOf = (page: Page, id: string) =>
  page.evaluate((tid) => window.__iconVtt!.scene()!.tokens.find((t) => t.id === tid)?.hp, id);
const drawings = (page: Page) => page.evaluate(() => window.__iconVttDrawings?.().length ?? 0);

/** The whole map on screen, its middle at the stage's middle: the first load's view. */
async function expectFitted(page: Page, width: number, height: number): Promise<void> {
  const cam = await page.evaluate(() => window.__iconVtt!.camera()!);
  expect(cam.x).toBeCloseTo((width * CELL) / 2, 0);
  expect(cam.y).toBeCloseTo((height * CELL) / 2, 0);
  const stage = (await page.getByTestId('stage').boundingBox())!;
  for (const [x, y] of [
    [0, 0],
    [width - 1, height - 1],
  ] as const) {
    const p = await cellToPage(page, x, y);
    expect(p.x).toBeGreaterThan(stage.x);
    expect(p.x).toBeLessThan(stage.x + stage.width);
    expect(p.y).toBeGreaterThan(stage.y);
    expect(p.y).toBeLessThan(stage.y + stage.height);
  }
}

test('a fight, then the party moves on to a scene made from a library encounter', async () => {
  const { gm, ranger, sage, roomId, gmToken } = table;
  const players = [ranger, sage];

  // The fight: the Ranger's shot at the Brute, a rockfall on the Ranger, a line on the map.
  await rangerShootsBrute(table);
  await expect(gm.getByTestId('tracker-row-brute')).not.toContainText('HP 32/32');
  const unhurt = (await hpOf(ranger, 'ranger'))!;
  await postJson(
    server,
    `/api/rooms/${roomId}/intents`,
    { kind: 'adjust-hp', tokenId: 'ranger', amount: 3, reason: 'rockfall' },
    gmToken,
  );
  for (const page of players) await expect.poll(() => hpOf(page, 'ranger')).toBeLessThan(unhurt);
  const rangerHp = (await hpOf(ranger, 'ranger'))!;
  await ranger.getByTestId('draw-open').click();
  await ranger.getByTestId('draw-tool-line').click();
  const [a, b] = [await cellToPage(ranger, 4, 6), await cellToPage(ranger, 8, 6)];
  await ranger.mouse.move(a.x, a.y);
  await ranger.mouse.down();
  await ranger.mouse.move(b.x, b.y, { steps: 4 });
  await ranger.mouse.up();
  await ranger.getByTestId('draw-done').click();
  for (const page of players) await expect.poll(() => drawings(page)).toBe(1);

  // The GM prepares the crypt from the library while the fight goes on: players see nothing of it.
  await gm.evaluate((key) => localStorage.setItem('icon-vtt.libraryKey', key), libraryKey);
  const panel = gm.getByTestId('scenes-panel');
  await expect(panel.getByTestId('scene-row')).toHaveCount(1);
  await expect(panel.getByTestId('scene-row')).toContainText('Party is here');
  await panel.getByTestId('scene-new').click();
  await panel.getByTestId('scene-source').selectOption('encounter');
  await expect(panel.getByTestId('scene-choice')).toHaveValue('library:encounter-the-crypt');
  await expect(panel.getByTestId('scene-name')).toHaveValue('The crypt');
  await panel.getByTestId('scene-create').click();
  const crypt = panel.locator('[data-testid="scene-row"][data-scene-name="The crypt"]');
  await expect(crypt).toHaveAttribute('data-active', 'false');
  await screenshot(gm, 'scenes-gm-panel-desktop.png');
  expect(await mapName(sage)).toBe('Combat test: hill and wall');

  // Each player's view is moved away from the first load's: only a re-fit brings it back.
  for (const page of players)
    await page.evaluate(() => window.__iconVtt!.setCamera({ x: 60, y: 40, zoom: 2 }));

  // During combat the switch asks first; Cancel keeps the fight and the scene.
  const answer = (accept: boolean) =>
    gm.waitForEvent('dialog').then(async (d) => {
      const message = d.message();
      await (accept ? d.accept() : d.dismiss());
      return message;
    });
  let asked = answer(false);
  await crypt.getByTestId('scene-activate').click();
  expect(await asked).toBe('Combat is running. End it and move the party to The crypt?');
  await expect(crypt).toHaveAttribute('data-active', 'false');
  await expect(gm.getByTestId('tracker-end-combat')).toBeVisible();
  asked = answer(true);
  await crypt.getByTestId('scene-activate').click();
  await asked;
  await expect(crypt).toHaveAttribute('data-active', 'true');
  await expect(crypt).toContainText('Party is here');

  for (const page of players) {
    await expect.poll(() => mapName(page)).toBe('The crypt');
    await expect(page.getByTestId('tracker-headline')).toHaveText('Not in combat');
    expect(await tokenIds(page)).toEqual(['ghoul', 'ranger', 'sage']);
    expect(await drawings(page)).toBe(0);
    expect(await hpOf(page, 'ranger')).toBe(rangerHp);
    await expect(page.getByTestId('log-entries').locator('li').first()).toContainText(
      'The party moves on to The crypt',
    );
    await expect(page.getByTestId('status-room')).toHaveText('Combat test · The crypt');
    await expectFitted(page, 10, 7);
  }
  await screenshot(ranger, 'scenes-player-desktop.png');
  await screenshot(sage, 'scenes-player-phone.png');
});

test('on a GM phone: a scene from a map file of this app; every control a finger can hit', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await context.newPage();
  await phone.goto(table.gm.url());
  await waitReady(phone);
  await sheet(phone, true);
  const panel = phone.getByTestId('scenes-panel');
  await expect(panel.getByTestId('scene-row')).toHaveCount(2);
  await expect(panel.getByTestId('scene-row').first()).toContainText('Combat test: hill and wall');
  await panel.getByTestId('scene-new').tap();
  // This phone's browser keeps no library: the form says what to do instead of an empty list.
  await panel.getByTestId('scene-source').selectOption('library-map');
  await expect(panel.getByTestId('scene-problem')).toHaveText(/^This browser has no campaign library yet/);
  await expect(panel.getByTestId('scene-create')).toBeDisabled();
  await expect(panel.getByTestId('scene-name')).toHaveValue('');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({
    path: path.join(ROOT, 'tests/e2e/artifacts/scenes-gm-panel-phone-no-library.png'),
  });

  // A map file as "Save map file" writes it, read as this app's own map (not as a Tiled map).
  await panel.getByTestId('scene-source').selectOption('file');
  await panel.getByTestId('scene-file').setInputFiles(path.join(ROOT, 'maps/arena.json'));
  await expect(panel.getByTestId('scene-file-summary')).toHaveText('arena.json: 12×10 squares');
  await expect(panel.getByTestId('scene-name')).toHaveValue('Arena of the Broken Crown');
  for (const control of await panel.locator('button, select, input').all()) {
    const box = (await control.boundingBox())!;
    expect(box.height, await control.evaluate((e) => e.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  await panel.screenshot({ path: path.join(ROOT, 'tests/e2e/artifacts/scenes-gm-panel-phone.png') });
  await panel.getByTestId('scene-create').tap();
  await expect(panel.locator('[data-scene-name="Arena of the Broken Crown"]')).toHaveAttribute(
    'data-active',
    'false',
  );
  await expect(table.gm.getByTestId('scenes-panel').getByTestId('scene-row')).toHaveCount(3);
  await screenshot(phone, 'scenes-gm-phone.png');

  // Renamed in place (Enter saves), then deleted after asking.
  const arena = panel.locator('[data-scene-name="Arena of the Broken Crown"]');
  await arena.getByTestId('scene-rename').tap();
  await expect(panel.getByTestId('scene-rename-input')).toBeFocused();
  await panel.getByTestId('scene-rename-input').fill('The arena');
  await panel.getByTestId('scene-rename-input').press('Enter');
  const renamed = panel.locator('[data-scene-name="The arena"]');
  await expect(renamed).toHaveAttribute('data-active', 'false');
  const asked = phone.waitForEvent('dialog').then(async (d) => {
    const message = d.message();
    await d.accept();
    return message;
  });
  await renamed.getByTestId('scene-delete').tap();
  expect(await asked).toBe('Delete The arena? Its map, foes and drawings go with it (Undo brings it back).');
  await expect(panel.getByTestId('scene-row')).toHaveCount(2);
});
