import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { COMBAT_TEST_PARTY } from '../ui/combat/combatParty';
import { clickCell, postJson, readJson, waitReady } from './helpers';
import type { TestServer } from './testServer';

/** The three seats of the combat test: the GM, the Ranger's player and the Sage's player. */
export interface CombatTable {
  roomId: string;
  /** For intents a test sends over HTTP as the GM. */
  gmToken: string;
  gm: Page;
  ranger: Page;
  sage: Page;
}

/** Websocket URLs each seat's page opened (to check the page shares one room connection). */
export const socketsOpened = new WeakMap<Page, string[]>();

/** A phone or tablet seat: its screen size, with touch (Playwright's `hasTouch`/`isMobile`). */
export interface Device {
  readonly width: number;
  readonly height: number;
  readonly touch?: boolean;
}

async function open(browser: Browser, link: string, who: string, device?: Device): Promise<Page> {
  const context = await browser.newContext(
    device
      ? {
          viewport: { width: device.width, height: device.height },
          hasTouch: device.touch ?? false,
          isMobile: device.touch ?? false,
        }
      : {},
  );
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`${who} page error:`, e.message));
  const sockets: string[] = [];
  socketsOpened.set(page, sockets);
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  await page.goto(link);
  await waitReady(page);
  // The combat dock mounts once its room connection has synced.
  await page.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
  return page;
}

/**
 * A room made through the real HTTP API from maps/combat-test.json, encounters/combat-test.json
 * (foes revealed unless `revealFoes` is false, as a room made from `/` starts) and the test party,
 * with one invite per player, each seat in its own browser context. Foes' HP is shown to players
 * (`foeHp: 'exact'`, chosen in the GM's tracker) unless `foeHp` says otherwise. `dice`: the
 * room's fixed rolls, in order, from its first (the shared server's per-room dice).
 */
export async function openCombatTable(
  server: TestServer,
  browser: Browser,
  opts: {
    revealFoes?: boolean;
    foeHp?: 'exact' | 'bloodied' | 'hidden';
    devices?: { gm?: Device; ranger?: Device; sage?: Device };
    dice?: readonly number[];
  } = {},
): Promise<CombatTable> {
  const room = await postJson<{ roomId: string; gmToken: string; gmLink: string }>(server, '/api/rooms', {
    map: readJson('maps/combat-test.json'),
    encounter: readJson('encounters/combat-test.json'),
    party: COMBAT_TEST_PARTY,
    revealFoes: opts.revealFoes ?? true,
    name: 'Combat test',
  });
  if (opts.dice) server.fixDice(room.roomId, opts.dice);
  const invite = (name: string, id: string) =>
    postJson<{ token: string; link: string }>(
      server,
      `/api/rooms/${room.roomId}/invites`,
      { name, characterIds: [id] },
      room.gmToken,
    );
  const [r, s] = await Promise.all([invite('Robin', 'ranger'), invite('Sam', 'sage')]);
  const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, server.origin);
  const gm = await open(browser, local(room.gmLink), 'GM', opts.devices?.gm);
  const ranger = await open(browser, local(r.link), 'Ranger', opts.devices?.ranger);
  const sage = await open(browser, local(s.link), 'Sage', opts.devices?.sage);
  // Players see foes' exact HP here unless asked otherwise: these specs check every number on
  // every screen; tests/e2e/foeHp.spec.ts checks what players see under each setting.
  const foeHp = opts.foeHp ?? 'exact';
  if (foeHp !== 'bloodied') await gm.getByTestId('tracker-foe-hp').selectOption(foeHp);
  return { roomId: room.roomId, gmToken: room.gmToken, gm, ranger, sage };
}

/**
 * The GM starts combat, the Ranger's player starts the Ranger's turn and rolls a basic ranged
 * attack at the Brute (6,3), behind the wall's cover: the opening of the fixed-dice stories.
 */
export async function rangerShootsBrute(t: CombatTable): Promise<void> {
  await t.gm.getByTestId('tracker-start-combat').click();
  await t.ranger.getByTestId('start-turn-ranger').click();
  await expect(t.ranger.getByTestId('tracker-headline')).toHaveText('Ranger is acting (Party)', {
    timeout: 10_000,
  });
  await t.ranger.getByTestId('combat-action').selectOption('basic-ranged');
  await clickCell(t.ranger, 6, 3);
  await expect(t.ranger.getByTestId('target-row-brute')).toHaveClass(/selected/);
  await t.ranger.getByTestId('roll-attack').click();
}
