import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { CLOSE_RATE_LIMITED } from '../../src/table/wireCodes';
import { encodeSyncStep1 } from '../../src/server/protocol';
import { api, connectClient, createRoom, invite, RawClient, useTestServer, waitFor } from './helpers';

type Answer = { status: number; retryAfter: string | null; body: { ok: boolean; reason?: string } };

/** POST an intent with fetch, keeping the Retry-After header. */
async function postIntent(origin: string, roomId: string, token: string, intent: unknown): Promise<Answer> {
  const response = await fetch(`${origin}/api/rooms/${roomId}/intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(intent),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer['body'],
  };
}

const INTENT_REFUSAL =
  'too many intents from this link: at most 10 per second (bursts of 20); try again in 1 s';

describe('intents per second, per token', () => {
  const server = useTestServer();

  it('a flood of 60 chat intents: 20 accepted at once, the rest 429 with Retry-After; others unaffected', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const flooder = await invite(server.origin, roomId, gmToken, 'Flood');
    const other = await invite(server.origin, roomId, gmToken, 'Calm');
    const watcher = connectClient(server.wsUrl, roomId, other);
    server.keep(watcher);
    await watcher.synced;

    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postIntent(server.origin, roomId, flooder, { kind: 'chat', text: `spam ${i}` }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const accepted = answers.filter((a) => a.status === 200 && a.body.ok);
    const refused = answers.filter((a) => a.status === 429);
    // The burst is 20; the bucket refills 10 a second while the 60 requests are read (longer on a
    // busy machine), and never more than that.
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    expect(accepted.length).toBeLessThanOrEqual(20 + Math.ceil(seconds * 10));
    expect(accepted.length).toBeLessThan(60);
    expect(accepted.length + refused.length).toBe(60);
    for (const answer of refused) {
      expect(answer.body).toEqual({ ok: false, reason: INTENT_REFUSAL });
      expect(answer.retryAfter).toBe('1');
    }
    // Only accepted lines were stored and broadcast.
    const room = server.room(roomId);
    const chat = room.public.doc.getArray('chat');
    expect(chat.length).toBe(accepted.length);

    // Another member of the same room is not slowed down, and the watcher's socket stays open.
    const calm = await postIntent(server.origin, roomId, other, { kind: 'chat', text: 'hello' });
    expect(calm.status).toBe(200);
    await waitFor(() => watcher.doc.getArray('chat').length === accepted.length + 1, 'the calm line');
    expect(watcher.provider.wsconnected).toBe(true);

    // After the Retry-After the flooder may speak again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await postIntent(server.origin, roomId, flooder, { kind: 'chat', text: 'sorry' })).status).toBe(
      200,
    );
  });
});

describe('requests with a missing or unknown token, per client address', () => {
  // The limits' clock stands still: the Retry-After is exact however long 35 requests take (on a
  // loaded machine a second went by and it read "1 s").
  const server = useTestServer(undefined, { limitsClock: () => 1_000_000 });

  it('30 failures per minute answer 401, then 429; a valid token from the same address still works', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 35; i++) {
      last = await postIntent(server.origin, roomId, `guess${String(i).padStart(20, '0')}`, {
        kind: 'chat',
        text: 'x',
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(30).fill(401), ...Array<number>(5).fill(429)]);
    expect(last!.body.reason).toBe(
      'too many requests with a missing or unknown token from this address: at most 30 per minute; try again in 2 s',
    );
    expect(last!.retryAfter).toBe('2');
    const ok = await postIntent(server.origin, roomId, gmToken, { kind: 'chat', text: 'still here' });
    expect(ok.status).toBe(200);
    expect((await api(server.origin, '/api/session', { token: gmToken })).status).toBe(200);
  });
});

describe('sync requests over the websocket, per token and doc', () => {
  const server = useTestServer();

  it('a socket that asks for the whole doc 50 times is closed with 4429 and a sentence; the room goes on', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const token = await invite(server.origin, roomId, gmToken, 'Greedy');
    const bystander = connectClient(server.wsUrl, roomId, await invite(server.origin, roomId, gmToken, 'Bo'));
    server.keep(bystander);
    await bystander.synced;

    const raw = RawClient.connect(server.wsUrl, roomId, token);
    await raw.opened;
    const ask = encodeSyncStep1(Y.encodeStateVector(new Y.Doc()));
    for (let i = 0; i < 50; i++) raw.send(ask);
    expect(await raw.closed).toBe(CLOSE_RATE_LIMITED);
    expect(raw.closeReason).toBe('too many sync requests: at most 10 at once, then 1 per second');
    // Whole-doc answers stopped at the burst (the opening step 1 and presence frames aside).
    const step2 = raw.frames.filter((f) => f[0] === 0 && f[1] === 1);
    expect(step2.length).toBe(10);

    // The bystander is unaffected: still connected and still receiving.
    expect(bystander.provider.wsconnected).toBe(true);
    expect(
      (await postIntent(server.origin, roomId, gmToken, { kind: 'chat', text: 'on we go' })).status,
    ).toBe(200);
    await waitFor(() => bystander.doc.getArray('chat').length === 1, 'the chat line at the bystander');
  });

  it('the table client reports the 4429 close in words (onLimited) and syncs again after the wait', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const token = await invite(server.origin, roomId, gmToken, 'Greedy');
    const raw = RawClient.connect(server.wsUrl, roomId, token);
    await raw.opened;
    const ask = encodeSyncStep1(Y.encodeStateVector(new Y.Doc()));
    for (let i = 0; i < 12; i++) raw.send(ask);
    await raw.closed;

    // The same link opened in a page now: its first sync request is over the limit.
    const connection = await server.table(roomId, token);
    const said: string[] = [];
    connection.onLimited((reason) => said.push(reason));
    await waitFor(() => said.length > 0, 'the limited callback');
    expect(said[0]).toBe('too many sync requests: at most 10 at once, then 1 per second');
    await connection.whenSynced; // reconnects by itself once the bucket refilled
  });
});
