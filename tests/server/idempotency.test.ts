import { storeOf } from './helpers';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth';
import { INTENT_KEY_MAX_AGE_MS, MAX_INTENT_KEYS_PER_ROOM } from '../../src/server/limits';
import { Store } from '../../src/server/store';
import { spawnChildServer } from './childServer';
import { api, connectClient, createRoom, invite, useTestServer } from './helpers';

type Answer = { ok: boolean; reason?: string; outcome?: unknown };

describe('idempotent intents', () => {
  const server = useTestServer();
  const post = (roomId: string, token: string, body: unknown) =>
    api<Answer>(server.origin, `/api/rooms/${roomId}/intents`, { token, body });
  const chatLines = (roomId: string) => server.room(roomId).public.doc.getArray('chat').length;

  it('a retried intent (same key) is applied once and answers the first result', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const ana = await invite(server.origin, roomId, gmToken, 'Ana');
    const intent = { kind: 'chat', text: 'hello', idempotencyKey: 'key-0001-abcdef' };
    const first = await post(roomId, ana, intent);
    expect(first.status).toBe(200);
    expect(first.body.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5)); // a later time stamp would show in a new outcome
    const again = await post(roomId, ana, intent);
    expect(again).toEqual(first);
    expect(chatLines(roomId)).toBe(1);

    // Another key is another intent; so is the same key from another player.
    expect((await post(roomId, ana, { ...intent, idempotencyKey: 'key-0002-abcdef' })).body.ok).toBe(true);
    const bo = await invite(server.origin, roomId, gmToken, 'Bo');
    expect((await post(roomId, bo, intent)).body.ok).toBe(true);
    expect(chatLines(roomId)).toBe(3);
    // Without a key nothing is remembered (older clients).
    await post(roomId, ana, { kind: 'chat', text: 'again' });
    await post(roomId, ana, { kind: 'chat', text: 'again' });
    expect(chatLines(roomId)).toBe(5);
  });

  it('the same key with a different intent is refused (422); a malformed key is a 400', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const ana = await invite(server.origin, roomId, gmToken, 'Ana');
    await post(roomId, ana, { kind: 'chat', text: 'one', idempotencyKey: 'same-key-123' });
    expect(await post(roomId, ana, { kind: 'chat', text: 'two', idempotencyKey: 'same-key-123' })).toEqual({
      status: 422,
      body: {
        ok: false,
        reason:
          'this idempotencyKey was already used for a different intent: send a new key with each new intent',
      },
    });
    expect(await post(roomId, ana, { kind: 'chat', text: 'x', idempotencyKey: 'short' })).toEqual({
      status: 400,
      body: { ok: false, reason: 'intent:\n  idempotencyKey: expected 8 to 64 letters, digits, "-" or "_"' },
    });
    expect(chatLines(roomId)).toBe(1);
  });

  it('a refused intent is not remembered (nothing was applied, so a retry is judged afresh)', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const intent = { kind: 'start-turn', tokenId: 'nobody', idempotencyKey: 'refused-key-1' };
    expect((await post(roomId, gmToken, intent)).body.ok).toBe(false);
    expect((await post(roomId, gmToken, intent)).body.ok).toBe(false);
    expect(
      storeOf(server.server.server.ctx).getIntentKey(roomId, hashToken(gmToken), 'refused-key-1'),
    ).toBeUndefined();
  });

  it('the table client sends a key and retries once after a network error: one chat line', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const token = await invite(server.origin, roomId, gmToken, 'Flaky');
    let calls = 0;
    const keys: string[] = [];
    // The first POST reaches the server, but its answer is "lost" on the way back.
    const flakyFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST') {
        calls += 1;
        keys.push((JSON.parse(String(init.body)) as { idempotencyKey: string }).idempotencyKey);
        if (calls === 1) throw new TypeError('fetch failed');
      }
      return response;
    };
    const connection = await server.table(roomId, token, { fetch: flakyFetch });
    const answer = await connection.sendIntent({ kind: 'chat', text: 'are you there?' });
    expect(answer.ok).toBe(true);
    expect(calls).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(chatLines(roomId)).toBe(1);
  });
});

const spawnServer = (dataDir: string) => spawnChildServer(dataDir, { args: ['--no-demo'] });

describe('idempotency keys survive kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-idem-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an intent applied just before SIGKILL, retried after the restart, is not applied again', async () => {
    const first = await spawnServer(dataDir);
    children.push(first.process);
    const { roomId, gmToken } = await createRoom(first.origin);
    const intent = { kind: 'chat', text: 'before the crash', idempotencyKey: 'crash-key-0001' };
    const answered = await api<Answer>(first.origin, `/api/rooms/${roomId}/intents`, {
      token: gmToken,
      body: intent,
    });
    expect(answered.body.ok).toBe(true);
    const exited = new Promise((r) => first.process.once('exit', r));
    first.process.kill('SIGKILL');
    await exited;

    const second = await spawnServer(dataDir);
    children.push(second.process);
    const retried = await api<Answer>(second.origin, `/api/rooms/${roomId}/intents`, {
      token: gmToken,
      body: intent,
    });
    expect(retried).toEqual(answered);
    const gm = connectClient(second.origin.replace('http', 'ws') + '/ws', roomId, gmToken);
    await gm.synced;
    expect(gm.doc.getArray('chat').toJSON()).toEqual([expect.objectContaining({ text: 'before the crash' })]);
    gm.destroy();
    second.process.kill('SIGKILL');
  }, 40_000);
});

describe('idempotency keys are bounded per room', () => {
  it('keeps the newest 1000 keys of a room and none older than 24 h', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-keys-'));
    const store = new Store(dataDir);
    try {
      store.createRoom('r1');
      store.createRoom('r2');
      const put = (roomId: string, key: string, at: number) =>
        store.putIntentKey(
          { roomId, tokenHash: 'h', key, intentHash: 'i', result: '{}', at },
          MAX_INTENT_KEYS_PER_ROOM,
          INTENT_KEY_MAX_AGE_MS,
        );
      const start = 1_000_000_000_000;
      put('r2', 'other-room', start);
      for (let i = 0; i < 1005; i++) put('r1', `key-${i}`, start + i);
      const count = (roomId: string) =>
        Array.from({ length: 1005 }, (_, i) => store.getIntentKey(roomId, 'h', `key-${i}`)).filter(Boolean)
          .length;
      expect(count('r1')).toBe(1000);
      expect(store.getIntentKey('r1', 'h', 'key-4')).toBeUndefined(); // the 5 oldest went
      expect(store.getIntentKey('r1', 'h', 'key-5')).toBeDefined();
      expect(store.getIntentKey('r2', 'h', 'other-room')).toBeDefined(); // other rooms untouched
      put('r1', 'a-day-later', start + 1004 + INTENT_KEY_MAX_AGE_MS + 1);
      expect(count('r1')).toBe(0);
      expect(store.getIntentKey('r1', 'h', 'a-day-later')).toBeDefined();
    } finally {
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
