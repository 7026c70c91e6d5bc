import type { Browser } from '@playwright/test';
import { COMBAT_TEST_PARTY } from '../ui/combat/combatParty';
import { postJson, waitReady } from './helpers';
import type { TestServer } from './testServer';

const club = (name: string, cost: string) => ({
  name,
  cost,
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
});
const foe = (name: string, speed: number, ability: object) => ({
  kind: 'foe',
  name,
  health: 8,
  defense: 10,
  armor: 1,
  speed,
  attackBonus: 2,
  frayDamage: 2,
  damageDie: 6,
  abilities: [ability],
});

/**
 * 7×5 with a wall at (3,2). The Brute (4,2), Speed 1, heavy Club: one square of movement, then
 * any square beside it. The Lurker (0,4), unrevealed, Speed 0. The Ranger starts at (0,0), the
 * Sage at (6,4).
 */
export async function yardRoom(
  server: TestServer,
  browser: Browser,
  device?: { width: number; height: number; touch?: boolean },
) {
  const room = await postJson<{ roomId: string; gmToken: string; gmLink: string }>(server, '/api/rooms', {
    name: 'Threat yard',
    map: {
      schemaVersion: 1,
      kind: 'map',
      name: 'Threat yard',
      width: 7,
      height: 5,
      cells: ['.......', '.......', '...#...', '.......', '.......'],
      heights: ['0000000', '0000000', '0000000', '0000000', '0000000'],
    },
    encounter: {
      schemaVersion: 1,
      kind: 'encounter',
      name: 'Threat yard',
      map: 'threat-yard.json',
      chapter: 1,
      foes: [
        {
          id: 'brute',
          statBlock: foe('Brute', 1, club('Club', '2-actions')),
          cell: { x: 4, y: 2 },
          hidden: false,
        },
        {
          id: 'lurker',
          statBlock: foe('Lurker', 0, club('Ambush', '1-action')),
          cell: { x: 0, y: 4 },
          hidden: true,
        },
      ],
      partyStarts: [
        { x: 0, y: 0 },
        { x: 6, y: 4 },
      ],
    },
    party: COMBAT_TEST_PARTY,
    revealFoes: false,
  });
  const invite = await postJson<{ link: string }>(
    server,
    `/api/rooms/${room.roomId}/invites`,
    { name: 'Robin', characterIds: ['ranger'] },
    room.gmToken,
  );
  const open = async (link: string) => {
    const context = await browser.newContext(
      device
        ? {
            viewport: { width: device.width, height: device.height },
            hasTouch: !!device.touch,
            isMobile: !!device.touch,
          }
        : { viewport: { width: 1440, height: 900 } },
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.origin));
    await waitReady(page);
    await page.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
    return page;
  };
  return { gmLink: room.gmLink, playerLink: invite.link, open };
}
