import { beforeAll, describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import type { ChatMessage } from '../../src/schema/chat';
import { ChatMessageSchema } from '../../src/schema/chat';
import { api, connectClient, createRoom, invite, useTestServer, waitFor } from './helpers';
import type { TestClient } from './helpers';

type Result = { ok: boolean; reason?: string; outcome?: Record<string, unknown> };

/**
 * Rolls in chat over HTTP against the real server, rolled with its fixed test dice, seen by the
 * GM's stock y-websocket client (issue 15: "a player rolls /r 2d6+3 and the GM sees the same dice").
 */
describe('rolling in chat', () => {
  // 2d6+3, then d20, then save 2 boons (d20, 2d6), then one spare for a whisper roll.
  const dice = fixedDice([4, 5, 17, 6, 3, 5, 20]);
  const server = useTestServer(dice);
  let roomId: string;
  let gmToken: string;
  let anaToken: string;
  let gm: TestClient;
  let watcher: TestClient;
  const chatOf = (client: TestClient) =>
    client.doc
      .getArray<unknown>('chat')
      .toArray()
      .map((line) => ChatMessageSchema.parse(line));
  const post = (token: string, intent: unknown) =>
    api<Result>(server.origin, `/api/rooms/${roomId}/intents`, { token, body: intent });
  const die = (sides: number, value: number) => ({ sides, value, kept: true, marks: '' });

  beforeAll(async () => {
    ({ roomId, gmToken } = await createRoom(server.origin));
    anaToken = await invite(server.origin, roomId, gmToken, 'Ana');
    gm = connectClient(server.wsUrl, roomId, gmToken);
    watcher = connectClient(server.wsUrl, roomId, await invite(server.origin, roomId, gmToken, 'Bo'));
    server.keep(gm, watcher);
    await Promise.all([gm.synced, watcher.synced]);
  });

  it('a player rolls 2d6+3 and the GM sees the chat line with exactly those dice', async () => {
    const { status, body } = await post(anaToken, { kind: 'roll', notation: '2d6+3' });
    expect(status).toBe(200);
    const roll = {
      notation: '2d6+3',
      parts: [{ notation: '2d6', dice: [die(6, 4), die(6, 5)] }, { text: ' + 3' }],
      total: 12,
    };
    expect(body).toMatchObject({ ok: true, outcome: { kind: 'roll', from: 'Ana', roll } });
    await waitFor(() => chatOf(gm).length === 1, 'the roll at the GM');
    const [line] = chatOf(gm) as [ChatMessage];
    expect(line).toMatchObject({ from: 'Ana', text: '', roll });
    expect(line.to).toBeUndefined();
    await waitFor(() => chatOf(watcher).length === 1, 'the roll at another player');
    expect(chatOf(watcher)[0]).toEqual(line);
  });

  it('a label is said with the roll; an ICON save reads its boons and success', async () => {
    expect((await post(anaToken, { kind: 'roll', notation: 'd20', label: 'Athletics check' })).body.ok).toBe(
      true,
    );
    const saved = await post(gmToken, { kind: 'roll', notation: 'save 2 boons' });
    expect(saved.body).toMatchObject({
      ok: true,
      outcome: { roll: { total: 11, icon: { save: true, net: 2, d20: 6, d6: [3, 5], success: true } } },
    });
    await waitFor(() => chatOf(gm).length === 3, 'both rolls at the GM');
    expect(chatOf(gm).slice(1)).toMatchObject([
      {
        from: 'Ana',
        text: 'Athletics check',
        roll: { parts: [{ notation: '1d20', dice: [die(20, 17)] }], total: 17 },
      },
      { from: 'GM', text: '', roll: { notation: 'save 2 boons', total: 11 } },
    ]);
  });

  it('hostile notation is refused in words, before a die is rolled, and nothing is said', async () => {
    const before = dice.remaining;
    for (const [notation, reason] of [
      ['201d6', 'at most 200 dice in one roll'],
      ['2d', '“2d” is not dice notation: try 2d6+3'],
      ['1d1001', 'a die has at most 1,000 sides'],
      ['13 boons', 'at most 12 boons'],
    ] as const) {
      expect((await post(anaToken, { kind: 'roll', notation })).body, notation).toEqual({
        ok: false,
        reason,
      });
    }
    expect((await post(anaToken, { kind: 'roll', notation: '1d6+'.repeat(60) })).status).toBe(400);
    expect(dice.remaining).toBe(before);
    expect(server.room(roomId).public.doc.getArray('chat').length).toBe(3);
  });

  it('a roll for the GM only never reaches the public chat', async () => {
    const { body } = await post(anaToken, { kind: 'roll', notation: 'd20', to: { kind: 'gm' } });
    expect(body.ok).toBe(true);
    // A public line after it: once it arrives, anything sent before it would have arrived too.
    expect((await post(gmToken, { kind: 'chat', text: 'next' })).body.ok).toBe(true);
    await waitFor(() => chatOf(watcher).some((line) => line.text === 'next'), 'the next line at a player');
    const publicLines = server.room(roomId).public.doc.getArray('chat').length;
    expect(publicLines).toBe(4);
    expect(chatOf(watcher).filter((line) => line.roll?.notation === 'd20')).toHaveLength(1);
  });
});
