import { expect, test } from './fixtures';
import { fogYard, OGRE_BEHIND_THE_WALL } from './fogYard';
import { cellToPage, dragCell, screenshot, tokenCell, useTestServer } from './helpers';

/**
 * Per-player fog of war (docs/table/fog-of-war.md): each player sees what their own characters
 * see. Fog yard: a wall down column 3 in rows 0–2, the ogre at (6,0) behind it; Robin plays the
 * Ranger (0,1), Sam the Sage (0,3). Robin walks past the wall's end: the ogre appears on his
 * screen, never on Sam's.
 */
const server = useTestServer();

test('per-player fog: the ogre appears for the player whose character walked past the wall, not for the other', async ({
  browser,
}) => {
  const room = await fogYard(server(), browser, {
    foes: [OGRE_BEHIND_THE_WALL],
    players: { Robin: ['ranger'], Sam: ['sage'] },
  });
  const open = room.open;
  const gm = await open(room.gmLink);
  await gm.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
  await gm.getByTestId('tracker-fog').selectOption('per-player');
  const ranger = await open(room.links.Robin!);
  const sage = await open(room.links.Sam!);
  await expect(ranger.getByTestId('fog-note')).toHaveText(
    'Fog of war: you see what your own characters see.',
  );
  await expect.poll(() => tokenCell(ranger, 'ogre')).toBeUndefined();
  await expect.poll(() => tokenCell(sage, 'ogre')).toBeUndefined();
  await expect.poll(() => tokenCell(sage, 'ranger')).toEqual({ x: 0, y: 1 });

  // Robin walks the Ranger to (2,3), past the wall's end: the ogre is in his sight, not the Sage's.
  await dragCell(ranger, { x: 0, y: 1 }, { x: 2, y: 3 });
  await expect.poll(() => tokenCell(ranger, 'ranger')).toEqual({ x: 2, y: 3 });
  await expect.poll(() => tokenCell(ranger, 'ogre')).toEqual({ x: 6, y: 0 });
  await expect.poll(() => tokenCell(sage, 'ranger')).toEqual({ x: 2, y: 3 });
  expect(await tokenCell(sage, 'ogre')).toBeUndefined();
  await expect.poll(() => tokenCell(gm, 'ogre')).toEqual({ x: 6, y: 0 });
  await screenshot(ranger, 'fog-per-player-ranger-1440.png');
  await screenshot(sage, 'fog-per-player-sage-1440.png');

  // The GM looks with Robin's sight, drawn as Robin's page draws it, and reveals one square Robin
  // never saw with the brush: Robin's page shows it explored, Sam's fog does not change.
  const shades = (page: typeof gm) => page.evaluate(() => window.__iconVttFog?.shades() ?? null);
  await gm.getByTestId('hint-later').click();
  await gm.getByTestId('fog-of').selectOption({ label: 'Robin (Ranger)' });
  await expect.poll(() => shades(ranger)).not.toBeNull();
  const robinBefore = (await shades(ranger))!;
  await expect.poll(() => shades(gm)).toEqual(robinBefore);
  const samBefore = (await shades(sage))!;
  const dark = robinBefore.join('').indexOf('#');
  expect(dark).toBeGreaterThanOrEqual(0);
  const at = { x: dark % 8, y: Math.floor(dark / 8) };
  await gm.getByTestId('fog-brush-reveal').click();
  await gm.getByTestId('fog-brush-size-1').click();
  const square = await cellToPage(gm, at.x, at.y);
  await gm.mouse.click(square.x, square.y);
  await expect(gm.getByTestId('status-message')).toHaveText(/^Revealed 1 square to Robin/);
  await expect.poll(async () => (await shades(ranger))?.[at.y]?.[at.x]).toBe('-');
  expect(await shades(sage)).toEqual(samBefore);
  await screenshot(gm, 'fog-per-player-gm-1440.png');

  // On a phone, Sam's screen: the ogre is still nowhere.
  const phone = await open(room.links.Sam!, true);
  await expect(phone.getByTestId('fog-note')).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => tokenCell(phone, 'ranger')).toEqual({ x: 2, y: 3 });
  expect(await tokenCell(phone, 'ogre')).toBeUndefined();
  await screenshot(phone, 'fog-per-player-sage-390.png');
});
