import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ARTIFACTS,
  createRoom,
  dragCell,
  gmChoosesArena,
  useTestServer,
  expectStatus,
  farthestSquare,
  reachOf,
  sceneTokens,
  screenshot,
  tokenCell,
  waitReady,
} from './helpers';

/**
 * GM export/import round trip against a real server: the GM moves a token and paints two squares,
 * exports the room from the table, imports the downloaded file on the create screen and lands in
 * a new room showing the same position and paint. A tampered file is refused in the page with
 * the JSON path of the problem, and nothing is posted.
 */
const server = useTestServer();
test.describe.configure({ mode: 'serial' });

const PC = 'maren-stalwart';

interface MapLite {
  width: number;
  height: number;
  cells: string[];
  heights: string[];
}

function sceneMap(page: Page): Promise<MapLite> {
  return page.evaluate(() => window.__iconVtt!.scene()!.map as unknown as MapLite);
}

/** What the server would export now (GM token): used to wait until the GM's edits have synced. */
async function serverExport(page: Page): Promise<{
  name: string;
  public: { tokens: Array<{ id: string; cell: { x: number; y: number } }>; map: MapLite };
}> {
  const url = new URL(page.url());
  const res = await fetch(`${server().origin}/api/rooms/${url.searchParams.get('room')}/export`, {
    headers: { authorization: `Bearer ${url.searchParams.get('token')}` },
  });
  expect(res.status).toBe(200);
  return res.json() as never;
}

test('GM exports a room and imports it as a new room with the same tokens and paint', async ({ browser }) => {
  // A long scenario of several pages: on a loaded CI machine it took 42–49 s of the 60 s default.
  test.slow();
  const gm = await gmChoosesArena(browser, server().origin);
  await createRoom(gm);
  const firstRoom = new URL(gm.url()).searchParams.get('room');

  // The GM drags Maren to the farthest square of her reach (a GM move is a plain write).
  const start = (await tokenCell(gm, PC))!;
  const reach = await reachOf(gm, PC);
  const target = farthestSquare(reach);
  await dragCell(gm, start, target);
  await expect.poll(() => tokenCell(gm, PC), { timeout: 20_000 }).toEqual({ x: target.x, y: target.y });

  // Paint two level, empty ground squares as difficult height 2 with the Rect tool.
  const map = await sceneMap(gm);
  const occupied = new Set((await sceneTokens(gm)).map((t) => `${t.cell.x},${t.cell.y}`));
  const free = (x: number, y: number): boolean =>
    x < map.width && map.cells[y]?.[x] === '.' && map.heights[y]?.[x] === '0' && !occupied.has(`${x},${y}`);
  let a: { x: number; y: number } | undefined;
  for (let y = 1; y < map.height - 1 && !a; y++)
    for (let x = 1; x < map.width - 2 && !a; x++) if (free(x, y) && free(x + 1, y)) a = { x, y };
  expect(a).toBeDefined();
  const b = { x: a!.x + 1, y: a!.y };
  await gm.getByTestId('tool-rect').click();
  await gm.getByTestId('paint-space').selectOption('difficult');
  await gm.getByTestId('paint-height').selectOption('2');
  await dragCell(gm, a!, b);
  await expectStatus(gm, 'ok', /Painted 2 spaces/);
  await gm.getByTestId('tool-none').click();

  // Wait until both edits reached the server (they travel over the websocket), then export.
  await expect
    .poll(
      async () => {
        const f = await serverExport(gm);
        return {
          cell: f.public.tokens.find((t) => t.id === PC)?.cell,
          painted: [a!, b].map((c) => f.public.map.cells[c.y]![c.x]! + f.public.map.heights[c.y]![c.x]!),
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({ cell: { x: target.x, y: target.y }, painted: ['~2', '~2'] });
  const [download] = await Promise.all([gm.waitForEvent('download'), gm.getByTestId('room-export').click()]);
  const roomName = (await serverExport(gm)).name;
  expect(download.suggestedFilename()).toBe(`${roomName}.icon-vtt.json`);
  await expectStatus(gm, 'ok', /Exported .*\.icon-vtt\.json/);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const exported = path.join(ARTIFACTS, 'exported.icon-vtt.json');
  await download.saveAs(exported);
  const file = JSON.parse(fs.readFileSync(exported, 'utf8')) as {
    kind: string;
    public: { tokens: Array<{ id: string; cell: { x: number; y: number } }> };
    secrets: { tokens: unknown[] };
  };
  expect(file.kind).toBe('room');
  expect(file.public.tokens.find((t) => t.id === PC)?.cell).toEqual({ x: target.x, y: target.y });
  const hiddenCount = file.secrets.tokens.length;
  expect(hiddenCount).toBeGreaterThan(0);

  // A tampered copy: the page names the file and the JSON path, and posts nothing.
  const importPosts: string[] = [];
  gm.on('request', (r) => {
    if (r.url().includes('/api/rooms/import')) importPosts.push(r.method());
  });
  const tampered = structuredClone(file);
  tampered.public.tokens[0]!.cell.x = -3;
  const tamperedPath = path.join(ARTIFACTS, 'tampered.icon-vtt.json');
  fs.writeFileSync(tamperedPath, JSON.stringify(tampered));
  await gm.goto(`${server().origin}/`);
  await waitReady(gm);
  await gm.getByTestId('room-import-upload').setInputFiles(tamperedPath);
  const error = gm.getByTestId('room-import-error');
  await expect(error).toContainText('tampered.icon-vtt.json');
  await expect(error).toContainText('public.tokens.0.cell.x');
  await expect(gm.getByTestId('room-import')).toBeDisabled();
  await expect(gm.getByTestId('room-import-preview')).toHaveText('');
  expect(importPosts).toEqual([]);
  await screenshot(gm, 'room-import-refused.png');
  expect(new URL(gm.url()).searchParams.get('room')).toBeNull();

  // The real file: a summary, then Import opens the new room's GM link with the same state.
  await gm.getByTestId('room-import-upload').setInputFiles(exported);
  await expect(gm.getByTestId('room-import-error')).toHaveText('');
  await expect(gm.getByTestId('room-import-preview')).toContainText(`Room “${roomName}”`);
  await expect(gm.getByTestId('room-import-preview')).toContainText(`(${hiddenCount} hidden)`);
  await screenshot(gm, 'room-import-ready.png');
  await gm.getByTestId('room-import').click();
  await gm.waitForURL(/\?room=.+&token=.+/);
  await waitReady(gm);
  await expect(gm.getByTestId('table-gm')).toBeVisible();
  expect(importPosts).toEqual(['POST']);
  const newRoom = new URL(gm.url()).searchParams.get('room');
  expect(newRoom).not.toBe(firstRoom);
  expect(await tokenCell(gm, PC)).toEqual({ x: target.x, y: target.y });
  const after = await sceneMap(gm);
  for (const c of [a!, b]) {
    expect(after.cells[c.y]![c.x]).toBe('~');
    expect(after.heights[c.y]![c.x]).toBe('2');
  }
  expect((await sceneTokens(gm)).filter((t) => t.hidden)).toHaveLength(hiddenCount);
});
