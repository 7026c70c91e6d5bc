import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  cellToPage,
  createRoom,
  gmChoosesArena,
  useTestServer,
  dragCell,
  expectStatus,
  farthestSquare,
  reachOf,
  ROOT,
  sceneTokens,
  screenshot,
  tokenCell,
  uploadBrokenMap,
  waitReady,
} from './helpers';

/**
 * GM and player in two browser contexts against a real server: create a room from a sample map,
 * invite a player, move by drag (accepted and refused), paint terrain that changes the player's
 * reach, and hide a token so it is absent from the player's page.
 */
const server = useTestServer();
test.describe.configure({ mode: 'serial' });
// The machine running CI may be busy (software WebGL shares its cores): give the long story time.
test.setTimeout(150_000);

const PC = 'maren-stalwart';

function stats(page: Page): Promise<{ terrainRedraws: number; tokenRebuilds: number }> {
  return page.evaluate(() => window.__iconVtt!.stats()!);
}

async function intent(room: string, token: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server().origin}/api/rooms/${room}/intents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function gmCreatesRoom(browser: Browser): Promise<Page> {
  const gm = await gmChoosesArena(browser, server().origin);
  // An uploaded party file takes over from the one chosen in the list.
  await gm.getByTestId('party-upload').setInputFiles(path.join(ROOT, 'encounters/parties/sample-party.json'));
  await expect(gm.getByTestId('party-preview')).toContainText('instead of the list');
  await expect(gm.getByTestId('party-preview')).toContainText('Maren');
  await createRoom(gm);
  await expect(gm.getByTestId('table-gm')).toBeVisible();
  return gm;
}

/** Every websocket frame each player page received, from its first socket on. */
const playerFrames = new WeakMap<Page, Buffer[]>();

async function invitePlayer(gm: Page, browser: Browser): Promise<Page> {
  await gm.getByTestId('invite-name').fill('Pat');
  await gm.getByTestId(`invite-char-${PC}`).check();
  await gm.getByTestId('invite-create').click();
  const link = await gm.getByTestId('invite-link').first().inputValue();
  expect(link).toMatch(/\?room=.+&token=.+/);
  const player = await (await browser.newContext()).newPage();
  player.on('pageerror', (e) => console.error('player page error:', e.message));
  const frames: Buffer[] = [];
  playerFrames.set(player, frames);
  player.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(Buffer.from(payload))));
  await player.goto(link.replace(/^https?:\/\/[^/]+/, server().origin));
  await waitReady(player);
  await expect(player.getByTestId('table-player')).toBeVisible();
  return player;
}

test('GM creates a room, a player joins, moves live, refusals show, paint changes reach, hidden is absent', async ({
  browser,
}) => {
  // A long scenario of several pages: on a loaded CI machine it took 42–49 s of the 60 s default.
  test.slow();
  const gm = await gmCreatesRoom(browser);
  const player = await invitePlayer(gm, browser);

  // Foes of the encounter start hidden: the GM sees them, the player's page holds no trace.
  const gmTokens = await sceneTokens(gm);
  const hiddenFoes = gmTokens.filter((t) => t.hidden);
  expect(hiddenFoes.length).toBeGreaterThan(0);
  const playerTokens = await sceneTokens(player);
  expect(playerTokens.map((t) => t.id)).toContain(PC);
  for (const foe of hiddenFoes) {
    expect(playerTokens.some((t) => t.id === foe.id)).toBe(false);
    expect(await player.content()).not.toContain(foe.name);
  }

  // The GM drags a hidden foe: nothing about it (id, name) reaches the player's sockets, not even
  // as presence (the drag and the cursor under it).
  const received = playerFrames.get(player)!;
  received.length = 0;
  const secret = hiddenFoes[0]!;
  const from = (await tokenCell(gm, secret.id))!;
  const to = { x: from.x, y: from.y + 1 };
  const pa = await cellToPage(gm, from.x, from.y);
  const pb = await cellToPage(gm, to.x, to.y);
  await gm.mouse.move(pa.x, pa.y);
  await gm.mouse.down();
  await gm.mouse.move(pb.x, pb.y, { steps: 8 });
  await gm.waitForTimeout(500); // held mid-drag: presence is published while the button is down
  await gm.mouse.up();
  await expect.poll(() => tokenCell(gm, secret.id)).toEqual(to);
  await gm.waitForTimeout(500);
  expect(received.length).toBeGreaterThan(0); // the player's sockets were listening
  for (const frame of received) {
    expect(frame.includes(secret.id)).toBe(false);
    expect(frame.includes(secret.name)).toBe(false);
  }

  // The player drags Maren to the farthest square of her reach; the GM sees her arrive.
  const start = (await tokenCell(player, PC))!;
  await (async () => {
    const p = await cellToPage(player, start.x, start.y);
    await player.mouse.click(p.x, p.y);
  })();
  const reach = await reachOf(player, PC);
  expect(reach.length).toBeGreaterThan(3);
  const target = farthestSquare(reach);
  const gmStatsBefore = await stats(gm);
  await dragCell(player, start, target);
  await expectStatus(player, 'ok', /moved/);
  await expect.poll(() => tokenCell(gm, PC), { timeout: 20_000 }).toEqual({ x: target.x, y: target.y });
  // Only what changed is redrawn: a move repositions the token, it does not rebuild it.
  expect((await stats(gm)).tokenRebuilds).toBe(gmStatsBefore.tokenRebuilds);
  await expect.poll(() => tokenCell(player, PC)).toEqual({ x: target.x, y: target.y });

  // The GM reveals the foes (players now receive them) and starts combat.
  for (const foe of hiddenFoes) {
    await gm.getByTestId(`token-item-${foe.id}`).click();
    await gm.getByTestId('reveal-token').click();
  }
  await expect
    .poll(async () => (await sceneTokens(player)).filter((t) => t.side === 'foes').length, {
      timeout: 20_000,
    })
    .toBe(hiddenFoes.length);

  // In combat, a drop beyond Speed is refused by the server and the reason is shown. Combat and
  // the turn are started through the HTTP API (the turn tracker UI has its own tests).
  const gmUrl = new URL(gm.url());
  const room = gmUrl.searchParams.get('room')!;
  const playerToken = new URL(player.url()).searchParams.get('token')!;
  expect(await intent(room, gmUrl.searchParams.get('token')!, { kind: 'start-combat' })).toMatchObject({
    ok: true,
  });
  expect(await intent(room, playerToken, { kind: 'start-turn', tokenId: PC, slow: false })).toMatchObject({
    ok: true,
  });
  await expect
    .poll(() => player.evaluate(() => window.__iconVtt!.scene()!.turn?.currentId), { timeout: 20_000 })
    .toBe(PC);
  const here = (await tokenCell(player, PC))!;
  const p = await cellToPage(player, here.x, here.y);
  await player.mouse.click(p.x, p.y);
  const inReach = await reachOf(player, PC);
  const key = (c: { x: number; y: number }): string => `${c.x},${c.y}`;
  const reachable = new Set(inReach.map(key));
  const map = (await player.evaluate(() => window.__iconVtt!.scene()!.map))!;
  let far: { x: number; y: number } | undefined;
  for (let d = 12; d >= 6 && !far; d--) {
    for (let y = 0; y < map.height && !far; y++) {
      for (let x = 0; x < map.width && !far; x++) {
        const dist = Math.abs(x - here.x) + Math.abs(y - here.y);
        if (
          dist === d &&
          map.cells[y]![x] === '.' &&
          map.heights[y]![x] === '0' &&
          !reachable.has(key({ x, y }))
        )
          far = { x, y };
      }
    }
  }
  expect(far).toBeDefined();
  await dragCell(player, here, far!);
  await expectStatus(player, 'refused', /Move refused: .*(cost|costs|have|budget|speed)/i);
  expect(await tokenCell(gm, PC)).toEqual(here);
  await screenshot(player, 'player-refused.png');

  // The GM paints a height-2 block next to Maren: the player's reach changes (climbing costs).
  const before = new Map(inReach.map((c) => [key(c), c.cost]));
  const block = [1, 2].map((dx) => ({ x: here.x + dx, y: here.y })).filter((c) => c.x < map.width);
  const redrawsBefore = (await stats(gm)).terrainRedraws;
  await gm.getByTestId('tool-rect').click();
  await gm.getByTestId('paint-height').selectOption('2');
  await dragCell(
    gm,
    { x: block[0]!.x, y: here.y - 1 >= 0 ? here.y - 1 : here.y },
    { x: block[block.length - 1]!.x, y: Math.min(map.height - 1, here.y + 1) },
  );
  await expectStatus(gm, 'ok', /Painted \d+ spaces/);
  await expect
    .poll(
      async () =>
        player.evaluate(([x, y]) => window.__iconVtt!.scene()!.map.heights[y!]![x!], [block[0]!.x, here.y]),
      { timeout: 20_000 },
    )
    .toBe('2');
  expect((await stats(gm)).terrainRedraws).toBe(redrawsBefore + 1);
  const after = new Map((await reachOf(player, PC)).map((c) => [key(c), c.cost]));
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (k) => before.get(k) !== after.get(k),
  );
  expect(changed.length).toBeGreaterThan(0);
  // Climbing two levels onto the block costs 1 + 2 = 3 from level ground (rulebook: Moving up elevation).
  const onBlock = after.get(key(block[0]!));
  if (onBlock !== undefined) expect(onBlock).toBe(3);
  else expect(before.get(key(block[0]!))).toBeDefined();

  // "Save map file" downloads the edited map as a valid map file.
  const [download] = await Promise.all([gm.waitForEvent('download'), gm.getByTestId('map-save').click()]);
  const saved = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    kind: string;
    heights: string[];
  };
  expect(saved.kind).toBe('map');
  expect(saved.heights[here.y]![block[0]!.x]).toBe('2');

  // Screenshots with the block in place and Maren selected on both sides (reach overlay visible).
  await gm.getByTestId('tool-none').click();
  await gm.getByTestId(`token-item-${PC}`).click();
  // Artifacts only: scripts/update-screenshots.sh copies these two into docs/screenshots.
  await screenshot(gm, 'gm-view.png');
  await screenshot(player, 'player-view.png');

  // Ctrl+Z undoes the paint as one step.
  await gm.locator('body').click({ position: { x: 5, y: 790 } });
  await gm.keyboard.press('Control+z');
  await expect
    .poll(
      async () =>
        player.evaluate(([x, y]) => window.__iconVtt!.scene()!.map.heights[y!]![x!], [block[0]!.x, here.y]),
      { timeout: 20_000 },
    )
    .toBe('0');

  // The GM hides a visible token: it disappears from the player's page entirely.
  await gm.getByTestId(`token-item-${PC}`).click();
  await gm.getByTestId('hide-token').click();
  await expect
    .poll(async () => (await sceneTokens(player)).some((t) => t.id === PC), { timeout: 20_000 })
    .toBe(false);
  expect(await player.getByTestId(`token-item-${PC}`).count()).toBe(0);
  // (The public log may still name her from when she was visible; the token itself is gone.)
  await gm.getByTestId('reveal-token').click();
  await expect
    .poll(async () => (await sceneTokens(player)).some((t) => t.id === PC), { timeout: 20_000 })
    .toBe(true);

  // The GM edits Maren's HP: the player sees it, and below half she is bloodied.
  await gm.getByTestId('edit-hp').fill('15');
  await gm.getByTestId('edit-hp').press('Enter');
  await expect
    .poll(() => player.evaluate((id) => window.__iconVtt!.scene()!.tokens.find((t) => t.id === id)?.hp, PC), {
      timeout: 20_000,
    })
    .toBe(15);
  await expect(player.getByTestId(`token-item-${PC}`)).toContainText('15/40 HP');

  // The GM raises Maren's Speed on her sheet (her numbers come from her current job there): the
  // player's reach overlay grows to match.
  const reachBefore = (await reachOf(player, PC)).length;
  await expect(gm.getByTestId('stats-from-sheet')).toBeVisible();
  await expect(gm.getByTestId('edit-speed')).toHaveCount(0);
  await gm.getByTestId('open-sheet').click();
  const numbers = gm.getByTestId('sheet-job-stats');
  await numbers.getByTestId('stat-speed').fill('6');
  await numbers.getByTestId('sheet-save-stats').click();
  await gm.getByTestId('sheet-close').click();
  await expect
    .poll(async () => Math.max(...(await reachOf(player, PC)).map((c) => c.cost)), {
      timeout: 20_000,
    })
    .toBe(6);
  expect((await reachOf(player, PC)).length).toBeGreaterThan(reachBefore);

  // Brush: one stroke paints every square it crosses; Fill: the whole 4-connected region. Each is
  // one undo step.
  const codes = (page: Page): Promise<string> =>
    page.evaluate(() => window.__iconVtt!.scene()!.map.cells.join(''));
  const original = await codes(gm);
  await gm.getByTestId('tool-brush').click();
  await gm.getByTestId('paint-space').selectOption('difficult');
  await gm.getByTestId('paint-height').selectOption('');
  await dragCell(gm, { x: 0, y: map.height - 1 }, { x: 3, y: map.height - 1 });
  await expect
    .poll(async () => (await codes(player)).slice(-map.width, -map.width + 4), { timeout: 20_000 })
    .toBe('~~~~');
  await gm.getByTestId('tool-fill').click();
  await gm.getByTestId('paint-space').selectOption('dangerous');
  const p0 = await cellToPage(gm, 5, map.height - 1);
  await gm.mouse.click(p0.x, p0.y);
  await expect
    .poll(async () => ((await codes(gm)).match(/!/g) ?? []).length, { timeout: 20_000 })
    .toBeGreaterThan(40);
  await gm.getByTestId('tool-none').click();
  await gm.locator('body').click({ position: { x: 5, y: 790 } });
  await gm.keyboard.press('Control+z');
  await gm.keyboard.press('Control+z');
  await expect.poll(() => codes(player), { timeout: 20_000 }).toBe(original);
  await gm.keyboard.press('Control+Shift+z');
  await expect
    .poll(async () => (await codes(player)).slice(-map.width, -map.width + 4), { timeout: 20_000 })
    .toBe('~~~~');

  // Resize: the player's battlefield grows with the GM's map.
  await gm.getByTestId('map-width').fill(String(map.width + 2));
  await gm.getByTestId('map-resize').click();
  await expect
    .poll(() => player.evaluate(() => window.__iconVtt!.scene()!.map.width), { timeout: 20_000 })
    .toBe(map.width + 2);

  // A token placed hidden never reaches the player's page.
  await gm.getByTestId('place-name').fill('Secret Assassin');
  await gm.getByTestId('place-hidden').check();
  await gm.getByTestId('place-token').click();
  await expect
    .poll(async () => (await sceneTokens(gm)).some((t) => t.name === 'Secret Assassin' && t.hidden), {
      timeout: 20_000,
    })
    .toBe(true);
  await gm.getByTestId('place-name').fill('Signpost');
  await gm.getByTestId('place-hidden').uncheck();
  await gm.getByTestId('place-token').click();
  await expect
    .poll(async () => (await sceneTokens(player)).some((t) => t.name === 'Signpost'), { timeout: 20_000 })
    .toBe(true);
  expect((await sceneTokens(player)).some((t) => t.name === 'Secret Assassin')).toBe(false);
  expect(await player.content()).not.toContain('Secret Assassin');
});

test('an uploaded map with errors is refused with the JSON path of each problem', async ({ page }) => {
  await page.goto(`${server().origin}/`);
  await waitReady(page);
  await uploadBrokenMap(page);
  const err = page.getByTestId('create-error');
  await expect(err).toContainText('broken.json');
  await expect(err).toContainText('cells.1');
  await expect(err).toContainText('expected 3 characters');
});
