import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { COMBAT_TEST_PARTY } from '../ui/combat/combatParty';
import { ROOT, tokenCell, waitReady } from './helpers';
import type { TestServer } from './testServer';

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

async function call<T>(server: TestServer, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → HTTP ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A fight stepped through on a player's page (docs/ui/step-through.md): the Ranger moves to (1,1)
 * and back to (1,2), then shoots the Brute (dice 12, 2, 5, 4: a hit). Stepping back shows the
 * Ranger at (1,1) and the shot's result card; Esc brings the live table back, and the room's
 * export is byte for byte what it was (stepping writes nothing).
 */
test('a player steps back through a fight and the room is untouched', async ({ browser, server }) => {
  const room = await call<{ roomId: string; gmToken: string }>(server, 'POST', '/api/rooms', undefined, {
    map: readJson('maps/combat-test.json'),
    encounter: readJson('encounters/combat-test.json'),
    party: COMBAT_TEST_PARTY,
    revealFoes: true,
    name: 'Step test',
  });
  server.fixDice(room.roomId, [12, 2, 5, 4]);
  const gm = (intent: unknown) =>
    call<{ ok: boolean }>(server, 'POST', `/api/rooms/${room.roomId}/intents`, room.gmToken, intent);
  for (const intent of [
    { kind: 'start-combat' },
    { kind: 'start-turn', tokenId: 'ranger' },
    { kind: 'move', tokenId: 'ranger', path: [{ x: 1, y: 1 }] },
    { kind: 'move', tokenId: 'ranger', path: [{ x: 1, y: 2 }] },
    { kind: 'attack', attackerId: 'ranger', targetId: 'brute', abilityId: 'basic-ranged' },
  ])
    expect(await gm(intent)).toMatchObject({ ok: true });
  const invite = await call<{ link: string }>(
    server,
    'POST',
    `/api/rooms/${room.roomId}/invites`,
    room.gmToken,
    { name: 'Robin', characterIds: ['ranger'] },
  );
  const roomNow = async () => {
    const file = await call<Record<string, unknown>>(
      server,
      'GET',
      `/api/rooms/${room.roomId}/export`,
      room.gmToken,
    );
    return JSON.stringify({ ...file, exportedAt: 0 });
  };
  const before = await roomNow();

  const page = await (await browser.newContext()).newPage();
  await page.goto(invite.link.replace(/^https?:\/\/[^/]+/, server.origin));
  await waitReady(page);
  const entries = page.getByTestId('log-entries').locator('li');
  await expect(entries).toHaveCount(5, { timeout: 20_000 });

  await page.getByTestId('step-through-open').click();
  const bar = page.getByTestId('step-through');
  await expect(bar.getByTestId('step-position')).toHaveText('Round 1 · 1 of 5');
  await expect(bar.getByTestId('step-summary')).toContainText('Combat starts');
  await expect(bar.getByTestId('step-banner')).toContainText('You are viewing a past moment');
  // The Brute's HP is kept from players, so their log holds no diff of its lines: they are told.
  await expect(bar.getByTestId('step-note')).toContainText('show their health as it is now');

  // The last entry: the shot, with its result card.
  await page.keyboard.press('End');
  await expect(bar.getByTestId('step-position')).toHaveText('Round 1 · 5 of 5');
  // (The room keeps the Brute's HP from players: their card is the line their log has.)
  await expect(bar.getByTestId('step-result').getByTestId('result-summary')).toHaveText(
    'Ranger attacks Brute: hit, Brute takes 6 damage',
  );
  expect(await tokenCell(page, 'ranger')).toEqual({ x: 1, y: 2 });

  // Two entries back: just after the first move, the Ranger stood at (1,1).
  await page.keyboard.press('ArrowLeft');
  await bar.getByTestId('step-previous').click();
  await expect(bar.getByTestId('step-position')).toHaveText('Round 1 · 3 of 5');
  await expect(bar.getByTestId('step-summary')).toContainText('(1,1)');
  await expect.poll(() => tokenCell(page, 'ranger')).toEqual({ x: 1, y: 1 });

  // Esc: the live table again.
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect.poll(() => tokenCell(page, 'ranger')).toEqual({ x: 1, y: 2 });
  await expect(entries).toHaveCount(5);
  expect(await roomNow()).toBe(before);
});
