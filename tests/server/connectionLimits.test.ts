import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MAX_SOCKETS_PER_TOKEN, SOCKET_LIMIT_TEXT } from '../../src/server/limits';
import { encodeSyncUpdate } from '../../src/server/protocol';
import { CLOSE_RATE_LIMITED } from '../../src/table/wireCodes';
import {
  api,
  connectClient,
  createRoom,
  invite,
  RawClient,
  tokenAt,
  useTestServer,
  waitFor,
} from './helpers';

/** Limits on connections themselves: sockets per link, token guessing at the upgrade, slow clients. */
describe('connection limits', () => {
  const server = useTestServer();

  it(`one link opens at most ${MAX_SOCKETS_PER_TOKEN} sockets; the next is closed with 4429 and a sentence, other links are unaffected`, async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const sockets = Array.from({ length: MAX_SOCKETS_PER_TOKEN }, () =>
      RawClient.connect(server.wsUrl, roomId, gmToken),
    );
    await Promise.all(sockets.map((s) => s.opened));
    const extra = RawClient.connect(server.wsUrl, roomId, gmToken);
    expect(await extra.closed).toBe(CLOSE_RATE_LIMITED);
    expect(extra.closeReason).toBe(SOCKET_LIMIT_TEXT);
    // Another room's GM connects as usual.
    const other = await createRoom(server.origin);
    const neighbour = RawClient.connect(server.wsUrl, other.roomId, other.gmToken);
    await neighbour.opened;
    neighbour.ws.close();
    // Closing one frees its place.
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    const again = RawClient.connect(server.wsUrl, roomId, gmToken);
    await again.opened;
    for (const s of [...sockets.slice(1), again]) s.ws.close();
  });

  it('guessing tokens at the websocket upgrade is counted with failed logins: 401s, then 429 with Retry-After', async () => {
    const { roomId } = await createRoom(server.origin);
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 35; i += 1) {
      const guess = RawClient.connect(server.wsUrl, roomId, `guess${String(i).padStart(20, '0')}`);
      await guess.closed;
      statuses.push(guess.upgradeStatus);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // The HTTP API shares the count.
    expect((await api(server.origin, '/api/session', { token: 'x'.repeat(40) })).status).toBe(429);
  });

  it('a client trickling its request headers is cut off, and the server keeps answering meanwhile', async () => {
    server.server.server.http.headersTimeout = 1_000;
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    const started = Date.now();
    const healthy = await api(server.origin, '/api/health');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.once('close', () => resolve(text));
    });
    clearInterval(trickle);
    expect(healthy).toEqual({ status: 200, body: { ok: true } });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('GM write limits', () => {
  const server = useTestServer(undefined, {
    limits: {
      docWrites: { burst: 20, perSecond: 10 },
      docWriteBytes: { burst: 64 * 1024, perSecond: 16 * 1024 },
    },
  });

  it('a GM socket flooding updates is closed with 4429 and the limit in words; the room and its other members carry on', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const player = connectClient(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Kim', []),
    );
    server.keep(player);
    await player.synced;
    const flood = RawClient.connect(server.wsUrl, roomId, gmToken);
    await flood.opened;
    const doc = new Y.Doc();
    doc.on('update', (update: Uint8Array) => flood.send(encodeSyncUpdate(update)));
    for (let i = 0; i < 40; i += 1) doc.getMap('tokens').set('bench', tokenAt('bench', i % 8, 0));
    expect(await flood.closed).toBe(CLOSE_RATE_LIMITED);
    expect(flood.closeReason).toBe(
      'too many writes: at most 10 updates and 0 MiB a second (bursts of 20, 0.1 MiB)',
    );
    // The writes within the burst reached the player; once the bucket refills the GM writes again.
    await waitFor(() => player.doc.getMap('tokens').has('bench'), 'the first writes at the player');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    server.keep(gm);
    await gm.synced;
    gm.doc.getMap('tokens').set('later', tokenAt('later', 3, 3));
    await waitFor(() => player.doc.getMap('tokens').has('later'), 'the GM’s write after the pause');
  });

  it('one update larger than the byte burst is refused the same way', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const big = RawClient.connect(server.wsUrl, roomId, gmToken);
    await big.opened;
    const doc = new Y.Doc();
    doc.on('update', (update: Uint8Array) => big.send(encodeSyncUpdate(update)));
    doc.getMap('notes').set('room', 'x'.repeat(100 * 1024));
    expect(await big.closed).toBe(CLOSE_RATE_LIMITED);
  });
});
