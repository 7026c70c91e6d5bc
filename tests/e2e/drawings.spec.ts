import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openCombatTable, type CombatTable } from './combatFixture';
import { cellToPage } from './helpers';
import type { TestServer } from './testServer';

/**
 * Issue 15, "Drawings and notes on the map", on a real server in Chromium: the GM draws (and on
 * the GM's own layer), players draw with the mouse, the keyboard and on a 390×844 phone, a player
 * clears only their own, and the GM clears everything after confirming.
 */
let server: TestServer;
let table: CombatTable;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser, server: shared }) => {
  server = shared;
  table = await openCombatTable(server, browser, {
    devices: { sage: { width: 390, height: 844, touch: true } },
  });
});

interface Shown {
  kind: string;
  layer: string;
  author: string;
  dashed: boolean;
}
/** What the battlefield draws now (the drawing layer's own record), by kind and author. */
const shown = (page: Page) =>
  page.evaluate(() =>
    (window.__iconVttDrawings?.() ?? [])
      .map(({ kind, layer, author, dashed }) => ({ kind, layer, author, dashed }))
      .sort((a, b) => `${a.author}${a.kind}${a.layer}`.localeCompare(`${b.author}${b.kind}${b.layer}`)),
  ) as Promise<Shown[]>;

/** A pointer drag between two squares' centres, in steps, as a person draws. */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await cellToPage(page, ...from);
  const b = await cellToPage(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, a.y + 10, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

const GM_RECT = { kind: 'rect', layer: 'table', author: 'GM', dashed: false };
const GM_SECRET = { kind: 'line', layer: 'gm', author: 'GM', dashed: true };

test('the GM draws: everyone sees the table layer live, the GM layer only the GM (dashed)', async () => {
  const { gm, ranger, sage } = table;
  await gm.getByTestId('draw-open').click();
  await expect(gm.getByTestId('draw-tools')).toBeVisible();
  await gm.getByTestId('draw-tool-rect').click();
  await expect(gm.getByTestId('draw-tool-rect')).toHaveAttribute('aria-pressed', 'true');
  await drag(gm, [5, 2], [7, 4]);
  for (const page of [gm, ranger, sage]) await expect.poll(() => shown(page)).toEqual([GM_RECT]);

  await gm.getByTestId('draw-gm-layer').check();
  await gm.getByTestId('draw-tool-line').click();
  await drag(gm, [4, 5], [8, 5]);
  await expect.poll(() => shown(gm)).toEqual([GM_SECRET, GM_RECT]);
  await gm.waitForTimeout(300);
  expect(await shown(ranger)).toEqual([GM_RECT]);
  await gm.getByTestId('draw-gm-layer').uncheck();
});

test('a player draws with the keyboard alone; Esc cancels a shape in progress', async () => {
  const { gm, ranger } = table;
  await ranger.getByTestId('draw-open').focus();
  await ranger.keyboard.press('Enter');
  await ranger.getByTestId('draw-tool-line').focus();
  await ranger.keyboard.press('Enter');
  await expect(ranger.getByTestId('draw-tool-line')).toHaveAttribute('aria-pressed', 'true');
  // The map takes the focus while a tool is in hand; its keyboard cursor: Enter starts, arrows
  // stretch, Esc drops the shape — nothing is sent.
  await ranger.getByTestId('stage').focus();
  await ranger.keyboard.press('Enter');
  await ranger.keyboard.press('ArrowRight');
  await ranger.keyboard.press('Escape');
  await ranger.waitForTimeout(300);
  expect((await shown(ranger)).filter((d) => d.author === 'Robin')).toEqual([]);
  await expect(ranger.getByTestId('draw-help')).toContainText('Esc');
  await ranger.keyboard.press('Enter');
  await ranger.keyboard.press('ArrowRight');
  await ranger.keyboard.press('ArrowRight');
  await ranger.keyboard.press('ArrowDown');
  await ranger.keyboard.press('Enter');
  const robins = { kind: 'line', layer: 'table', author: 'Robin', dashed: false };
  for (const page of [ranger, gm]) await expect.poll(() => shown(page)).toContainEqual(robins);
});

test('on a 390×844 phone a player draws freehand and writes a note', async () => {
  const { gm, sage } = table;
  // Painting a note warned "Only Containers will be allowed to add children" on every page (issue 32).
  const warnings: string[] = [];
  for (const page of [sage, gm])
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  await sage.getByTestId('draw-open').click();
  await expect(sage.getByTestId('draw-tools')).toBeInViewport();
  await sage.getByTestId('draw-tool-free').click();
  await drag(sage, [3, 6], [5, 6]);
  await sage.getByTestId('draw-tool-text').click();
  const spot = await cellToPage(sage, 1, 5);
  await sage.mouse.click(spot.x, spot.y);
  const words = sage.getByTestId('draw-text-input');
  await expect(words).toBeFocused();
  await expect(words).toHaveAttribute('maxlength', '200');
  await words.fill('Rope here');
  await words.press('Enter');
  const sams = [
    { kind: 'free', layer: 'table', author: 'Sam', dashed: false },
    { kind: 'text', layer: 'table', author: 'Sam', dashed: false },
  ];
  for (const page of [sage, gm]) for (const d of sams) await expect.poll(() => shown(page)).toContainEqual(d);
  expect(warnings).toEqual([]);
});

test("a player's Clear mine takes only their own; the GM's Clear all asks, then clears both layers", async () => {
  const { gm, ranger, sage } = table;
  await ranger.getByTestId('draw-clear-mine').click();
  await expect.poll(() => shown(gm)).not.toContainEqual(expect.objectContaining({ author: 'Robin' }));
  expect((await shown(gm)).map((d) => d.author).sort()).toEqual(['GM', 'GM', 'Sam', 'Sam']);
  await expect(ranger.getByTestId('draw-clear-all')).toHaveCount(0);

  await gm.getByTestId('draw-clear-all').click();
  await expect(gm.getByTestId('draw-clear-confirm')).toContainText('both layers');
  await gm.getByTestId('draw-clear-keep').click();
  expect(await shown(gm)).toHaveLength(4);
  await gm.getByTestId('draw-clear-all').click();
  await gm.getByTestId('draw-clear-confirm-yes').click();
  for (const page of [gm, ranger, sage]) await expect.poll(() => shown(page)).toEqual([]);
});
