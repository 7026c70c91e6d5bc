import { expect, test } from './fixtures';
import { fogYard, OGRE_BEHIND_THE_WALL } from './fogYard';
import type { Page } from '@playwright/test';
import { cellToPage, dragCell, screenshot, tokenCell, useTestServer } from './helpers';

/**
 * Issue 34, fog of war shared by the party (docs/ui/vision.md): the GM turns it on in the turn
 * tracker; the ogre behind the wall leaves the player's table (it is not sent); the player walks
 * the Ranger past the wall's end and the ogre appears on their screen.
 */
const server = useTestServer();

test('fog on: the ogre behind the wall is not on the player’s table until the Ranger walks past the wall', async ({
  browser,
}) => {
  const room = await fogYard(server(), browser, {
    foes: [OGRE_BEHIND_THE_WALL],
    players: { Robin: ['ranger'] },
  });
  const open = async (link: string) => {
    const page = await room.open(link);
    await page.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
    return page;
  };
  const gm = await open(room.gmLink);
  const player = await open(room.links.Robin!);
  await expect.poll(() => tokenCell(player, 'ogre')).toEqual({ x: 6, y: 0 });

  await gm.getByTestId('tracker-fog').selectOption('party');
  // The Sage at (0,3) sees along row 3 but not behind the wall: the ogre leaves the player's table.
  await expect.poll(() => tokenCell(player, 'ogre')).toBeUndefined();
  await expect(player.getByTestId('fog-note')).toHaveText('Fog of war: you see what the party sees.');
  await expect.poll(() => tokenCell(gm, 'ogre')).toEqual({ x: 6, y: 0 });
  await screenshot(player, 'fog-player-before-1440.png');

  // Robin walks the Ranger from (0,1) to (2,3): past the wall's end, the ogre is in sight.
  await dragCell(player, { x: 0, y: 1 }, { x: 2, y: 3 });
  await expect.poll(() => tokenCell(player, 'ranger')).toEqual({ x: 2, y: 3 });
  await expect.poll(() => tokenCell(player, 'ogre')).toEqual({ x: 6, y: 0 });
  await screenshot(player, 'fog-player-after-1440.png');

  // On a phone: the same fog, with what the party explored dimmed (the Ranger walked back).
  await dragCell(player, { x: 2, y: 3 }, { x: 0, y: 2 });
  await expect.poll(() => tokenCell(player, 'ogre')).toBeUndefined();
  const phone = await room.open(room.links.Robin!, true);
  await expect(phone.getByTestId('fog-note')).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => tokenCell(phone, 'ogre')).toBeUndefined();
  await screenshot(phone, 'fog-player-390.png');
  await gm.getByTestId('fog-of').selectOption({ label: 'the whole party' });
  await screenshot(gm, 'fog-gm-1440.png');
});

/**
 * The ruler respects fog of war (docs/ui/vision.md): a player measures only to squares the party
 * sees or has explored; pointed into the dark it ends at the last known square on the way and
 * says why. The GM measures anywhere. Ranger (0,1), Sage (0,3): the squares behind the wall in
 * rows 0–1 (x 4–6, and (7,0)) are dark; row 2 is seen whole from (0,3).
 */
test('fog on: a player’s ruler stops at the last square the party saw', async ({ browser }) => {
  const room = await fogYard(server(), browser, { name: 'Fog ruler', players: { Robin: ['ranger'] } });
  const open = async (link: string) => {
    const page = await room.open(link);
    await page.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
    return page;
  };
  const gm = await open(room.gmLink);
  const player = await open(room.links.Robin!);
  await gm.getByTestId('tracker-fog').selectOption('party');
  await expect(player.getByTestId('fog-note')).toHaveText('Fog of war: you see what the party sees.');
  await expect.poll(() => player.evaluate(() => window.__iconVttFog?.rows()?.[1])).toBe('oooo...o');

  const mine = (page: Page) => page.evaluate(() => window.__iconVttRuler?.mine() ?? null);
  const pointAt = async (page: Page, x: number, y: number) => {
    const p = await cellToPage(page, x, y);
    await page.mouse.move(p.x, p.y, { steps: 3 });
  };
  // Pressing on a square the party never saw starts no ruler.
  await pointAt(player, 6, 0);
  await player.keyboard.down('r');
  await player.mouse.down();
  await player.mouse.up();
  await expect(player.getByTestId('status-message')).toHaveText(
    'You cannot measure into squares you have not seen',
  );
  expect(await mine(player)).toBeNull();

  // From (2,3) towards (6,1): the line crosses (4,2) and (5,2), seen, then the dark.
  await pointAt(player, 2, 3);
  await player.mouse.down();
  await pointAt(player, 6, 1);
  await expect.poll(async () => (await mine(player))?.to).toEqual({ x: 5, y: 2 });
  await expect(player.getByTestId('ruler-unseen')).toHaveText(
    'You cannot measure into squares you have not seen',
  );
  // Back on known ground the end follows the pointer again.
  await pointAt(player, 5, 3);
  await expect.poll(async () => (await mine(player))?.to).toEqual({ x: 5, y: 3 });
  await expect(player.getByTestId('ruler-unseen')).toHaveCount(0);
  await player.mouse.up();
  await player.keyboard.up('r');
  await expect.poll(() => mine(player)).toBeNull();

  // The GM's page knows every square: the GM measures into the dark.
  await pointAt(gm, 2, 3);
  await gm.keyboard.down('r');
  await gm.mouse.down();
  await pointAt(gm, 6, 1);
  await expect.poll(async () => (await mine(gm))?.to).toEqual({ x: 6, y: 1 });
  await expect(gm.getByTestId('ruler-unseen')).toHaveCount(0);
  await gm.mouse.up();
  await gm.keyboard.up('r');
});
