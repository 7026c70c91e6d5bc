import type { Page } from '@playwright/test';
import { fogYard } from './fogYard';
import { expect, test } from './fixtures';
import { cellToPage, screenshot, sheet, useTestServer } from './helpers';

/**
 * The GM's fog brush (docs/ui/vision.md): with fog of war on and "Fog of: the whole party", the
 * GM paints squares into what the party has explored (players see that terrain, dimmed) or out of
 * it again (dark for players; what the party sees now stays seen). One stroke, one write.
 */
const server = useTestServer();

/** What a page's fog draws: `o` seen, `-` explored (dimmed), `#` never seen. */
const shades = (page: Page) => page.evaluate(() => window.__iconVttFog?.shades() ?? null);

/** `rows` with every square of x0…x1 × y0…y1 changed by `f`. */
function painted(
  rows: readonly string[],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  f: (c: string) => string,
) {
  return rows.map((row, y) =>
    [...row].map((c, x) => (x >= x0 && x <= x1 && y >= y0 && y <= y1 ? f(c) : c)).join(''),
  );
}
const reveal = (c: string) => (c === '#' ? '-' : c);
const hide = (c: string) => (c === '-' ? '#' : c);

test('the GM reveals the yard behind the wall with the brush, the player sees it dimmed, and Hide again darkens it', async ({
  browser,
}) => {
  const room = await fogYard(server(), browser, { name: 'Fog yard', players: { Robin: ['ranger'] } });
  const gm = await room.open(room.gmLink);
  const player = await room.open(room.links.Robin!);
  await gm.getByTestId('hint-later').click(); // the first-run tips, off the panel
  await gm.getByTestId('tracker-fog').selectOption('party');
  await expect(player.getByTestId('fog-note')).toHaveText('Fog of war: you see what the party sees.');
  await gm.getByTestId('fog-of').selectOption({ label: 'the whole party' });
  // The GM's "whole party" fog is drawn as the player's: what the party explored dimmed, the rest dark.
  await expect.poll(() => shades(player)).not.toBeNull();
  const before = (await shades(player))!;
  expect(before.join('')).toContain('#');
  await expect.poll(() => shades(gm)).toEqual(before);

  await gm.getByTestId('fog-brush-reveal').click();
  await expect(gm.getByTestId('fog-brush-reveal')).toHaveAttribute('aria-pressed', 'true');
  await expect(gm.getByTestId('fog-brush-size-3')).toHaveAttribute('aria-pressed', 'true');
  await gm.getByTestId('fog-brush-size-1').click();
  // A one-square stroke from (5,0) to (7,0). Previewed while dragging, the map does not pan, and
  // nothing is written until the release.
  const camera = await cellToPage(gm, 0, 0);
  const a = await cellToPage(gm, 5, 0);
  const b = await cellToPage(gm, 7, 0);
  await gm.mouse.move(a.x, a.y);
  await gm.mouse.down();
  await gm.mouse.move(b.x, b.y, { steps: 6 });
  const revealed = painted(before, 5, 0, 7, 0, reveal);
  expect(revealed).not.toEqual(before);
  await expect.poll(() => shades(gm)).toEqual(revealed);
  expect(await shades(player)).toEqual(before);
  expect(await cellToPage(gm, 0, 0)).toEqual(camera);
  await screenshot(gm, 'fog-brush-gm-1440.png');
  await gm.mouse.up();
  await expect(gm.getByTestId('status-message')).toHaveText(/^Revealed \d+ squares to the party/);
  await expect.poll(() => shades(player)).toEqual(revealed);
  await screenshot(player, 'fog-brush-player-1440.png');

  // Hide again, 3×3 centred on (5,1): squares (4..6, 0..2) go dark, those the party sees stay seen.
  await gm.getByTestId('fog-brush-hide').click();
  await gm.getByTestId('fog-brush-size-3').click();
  const c = await cellToPage(gm, 5, 1);
  await gm.mouse.click(c.x, c.y);
  const hidden = painted(revealed, 4, 0, 6, 2, hide);
  expect(hidden).not.toEqual(revealed);
  await expect.poll(() => shades(player)).toEqual(hidden);
  await expect(gm.getByTestId('status-message')).toHaveText(/^Hid \d+ squares? from the party again/);

  // One stroke is one undo step; Esc puts the brush down.
  await gm.keyboard.press('Control+z');
  await expect.poll(() => shades(player)).toEqual(revealed);
  await gm.keyboard.press('Escape');
  await expect(gm.getByTestId('fog-brush-off')).toHaveAttribute('aria-pressed', 'true');
  await expect(gm.getByTestId('status-message')).toHaveText(/^Fog brush put down/);
});

test('on a phone the GM paints with a finger: the map does not pan and the player sees the squares', async ({
  browser,
}) => {
  const room = await fogYard(server(), browser, { name: 'Fog yard', players: { Robin: ['ranger'] } });
  const gm = await room.open(room.gmLink, true);
  const player = await room.open(room.links.Robin!);
  await sheet(gm, true);
  await gm.getByTestId('tracker-fog').selectOption('party');
  await expect(player.getByTestId('fog-note')).toHaveCount(1, { timeout: 20_000 });
  await gm.getByTestId('fog-of').selectOption({ label: 'the whole party' });
  await gm.getByTestId('fog-brush-reveal').scrollIntoViewIfNeeded();
  await gm.getByTestId('fog-brush-reveal').tap();
  await gm.getByTestId('fog-brush-size-1').tap();
  await expect.poll(() => shades(player)).not.toBeNull();
  const before = (await shades(player))!;
  await expect.poll(() => shades(gm)).toEqual(before);

  // A finger from (5,0) to (7,1) over the map above the open sheet: (5,0) (6,0|6,1) (7,1).
  const from = await cellToPage(gm, 5, 0);
  const to = await cellToPage(gm, 7, 1);
  const cdp = await gm.context().newCDPSession(gm);
  const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
  for (let i = 1; i <= 8; i++) {
    const x = from.x + ((to.x - from.x) * i) / 8;
    const y = from.y + ((to.y - from.y) * i) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await expect.poll(async () => (await shades(gm))?.join('') !== before.join('')).toBe(true);
  expect(await cellToPage(gm, 5, 0)).toEqual(from);
  await screenshot(gm, 'fog-brush-gm-390.png');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  const after = (await shades(gm))!;
  for (const [x, y] of [
    [5, 0],
    [7, 1],
  ] as const)
    expect(after[y]![x]).not.toBe('#');
  await expect.poll(() => shades(player)).toEqual(after);
});
