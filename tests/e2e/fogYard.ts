import type { Browser } from '@playwright/test';
import { COMBAT_TEST_PARTY } from '../ui/combat/combatParty';
import { postJson, readJson, waitReady } from './helpers';
import type { TestServer } from './testServer';

/** The ogre behind the wall at (6,0), revealed (fog decides whether players are sent it). */
export const OGRE_BEHIND_THE_WALL = {
  id: 'ogre',
  hidden: false,
  cell: { x: 6, y: 0 },
  statBlock: {
    kind: 'foe',
    name: 'Ogre',
    health: 8,
    defense: 9,
    armor: 1,
    speed: 4,
    attackBonus: 2,
    frayDamage: 2,
    damageDie: 6,
    abilities: [],
  },
};

/**
 * The fog yard for the fog-of-war browser tests (tests/fixtures/fog-yard-map.json: 8×4, a wall
 * down column 3 in rows 0–2): the Ranger at (0,1), the Sage at (0,3), `foes` (none by default),
 * and one invite per entry of `players` (name → the characters it commands). Answers the GM's
 * link, each player's link by name, and `open`: a page on a link, 1440×900 or a phone (390×844).
 */
export async function fogYard(
  server: TestServer,
  browser: Browser,
  opts: { name?: string; foes?: readonly object[]; players: Readonly<Record<string, string[]>> },
) {
  const room = await postJson<{ roomId: string; gmToken: string; gmLink: string }>(server, '/api/rooms', {
    name: opts.name ?? 'Fog yard',
    map: readJson('tests/fixtures/fog-yard-map.json'),
    encounter: {
      schemaVersion: 1,
      kind: 'encounter',
      name: 'Behind the wall',
      map: 'fog-yard.json',
      chapter: 1,
      foes: opts.foes ?? [],
      partyStarts: [
        { x: 0, y: 1 },
        { x: 0, y: 3 },
      ],
    },
    party: COMBAT_TEST_PARTY,
    revealFoes: false,
  });
  const links: Record<string, string> = {};
  for (const [name, characterIds] of Object.entries(opts.players))
    links[name] = (
      await postJson<{ link: string }>(
        server,
        `/api/rooms/${room.roomId}/invites`,
        { name, characterIds },
        room.gmToken,
      )
    ).link;
  const open = async (link: string, phone = false) => {
    const context = await browser.newContext(
      phone
        ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
        : { viewport: { width: 1440, height: 900 } },
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.origin));
    await waitReady(page);
    return page;
  };
  return { gmLink: room.gmLink, links, open };
}
