import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import { connectClient, createRoom, invite, RawClient, useTestServer, waitFor, api } from './helpers';
import type { TestClient } from './helpers';

describe('bad input on the socket and over HTTP', () => {
  const server = useTestServer();
  let roomA: { roomId: string; gmToken: string };
  let roomB: { roomId: string; gmToken: string };
  let gmB: TestClient;
  let playerB: TestClient;
  let bystanderA: TestClient;
  beforeAll(async () => {
    roomA = await createRoom(server.origin);
    roomB = await createRoom(server.origin);
    gmB = connectClient(server.wsUrl, roomB.roomId, roomB.gmToken);
    playerB = connectClient(
      server.wsUrl,
      roomB.roomId,
      await invite(server.origin, roomB.roomId, roomB.gmToken, 'Bystander B'),
    );
    bystanderA = connectClient(
      server.wsUrl,
      roomA.roomId,
      await invite(server.origin, roomA.roomId, roomA.gmToken, 'Bystander A'),
    );
    server.keep(gmB, playerB, bystanderA);
    await Promise.all([gmB.synced, playerB.synced, bystanderA.synced]);
  });

  /** After every attack: both rooms still work for everyone else. */
  async function othersUnaffected(mark: string): Promise<void> {
    gmB.doc.getMap('meta').set('name', mark);
    await waitFor(() => playerB.doc.getMap('meta').get('name') === mark, `${mark} in room B`);
    const gmA = connectClient(server.wsUrl, roomA.roomId, roomA.gmToken);
    await gmA.synced;
    gmA.doc.getMap('meta').set('name', mark);
    await waitFor(() => bystanderA.doc.getMap('meta').get('name') === mark, `${mark} in room A`);
    gmA.destroy();
    expect(playerB.provider.wsconnected && bystanderA.provider.wsconnected).toBe(true);
    expect((await api(server.origin, '/api/health')).status).toBe(200);
  }

  async function attack(frames: (Uint8Array | string)[], role: 'gm' | 'player' = 'gm'): Promise<number> {
    const token =
      role === 'gm' ? roomA.gmToken : await invite(server.origin, roomA.roomId, roomA.gmToken, 'Attacker');
    const raw = RawClient.connect(server.wsUrl, roomA.roomId, token);
    await raw.opened;
    frames.forEach((frame) => raw.send(frame));
    return raw.closed;
  }

  it('garbage text and binary frames close only that socket (4400)', async () => {
    expect(await attack(['hello, I am not y-websocket'])).toBe(4400);
    expect(
      await attack([new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])]),
    ).toBe(4400);
    expect(await attack([new Uint8Array([99, 1, 2, 3])], 'player')).toBe(4400);
    await othersUnaffected('after-garbage');
  });

  it('truncated and malformed sync payloads from a GM close only that socket', async () => {
    // Sync update whose declared length exceeds the frame.
    expect(await attack([new Uint8Array([0, 2, 50, 1, 2, 3])])).toBe(4400);
    // Well-framed sync update whose payload is not a Yjs update.
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    encoding.writeVarUint(encoder, 2);
    encoding.writeVarUint8Array(encoder, new Uint8Array([5, 200, 7, 7, 7, 7, 7, 7, 7, 7]));
    expect(await attack([encoding.toUint8Array(encoder)])).toBe(4400);
    // An awareness message that is not JSON.
    expect(await attack([new Uint8Array([1, 5, 1, 9, 1, 1, 0x7b])], 'player')).toBe(4400);
    await othersUnaffected('after-malformed');
  });

  it('an oversized frame (2 MiB) closes that socket with 1009', async () => {
    const before = Y.encodeStateAsUpdate(server.room(roomA.roomId).public.doc);
    expect(await attack([new Uint8Array(2 * 1024 * 1024)])).toBe(1009);
    expect(Y.encodeStateAsUpdate(server.room(roomA.roomId).public.doc)).toEqual(before);
    await othersUnaffected('after-oversized');
  });

  it('garbage instead of HTTP on a raw TCP socket gets 400 and nothing else breaks', async () => {
    const port = server.port;
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('\x00\x01GARBAGE\r\n\r\n\xff\xfe'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    await othersUnaffected('after-tcp-garbage');
  });

  it('wrong, missing and foreign tokens are refused at the upgrade', async () => {
    const cases: [string, string | undefined, number][] = [
      [roomA.roomId, undefined, 401],
      [roomA.roomId, 'not-a-real-token-at-all-xxxxxxxxxxxx', 401],
      [roomA.roomId, '../../etc/passwd', 401],
      [roomA.roomId, roomB.gmToken, 403],
      [`${roomA.roomId}~secrets`, roomB.gmToken, 403],
    ];
    for (const [docName, token, status] of cases) {
      const raw = RawClient.connect(server.wsUrl, docName, token);
      await expect(raw.opened).rejects.toThrow();
      expect(raw.upgradeStatus, `${docName} with ${token}`).toBe(status);
    }
    const wrongPath = new RawClient(
      new (await import('ws')).default(
        `${server.wsUrl.replace('/ws', '')}/elsewhere/${roomA.roomId}?token=${roomA.gmToken}`,
      ),
    );
    await expect(wrongPath.opened).rejects.toThrow();
    expect(wrongPath.upgradeStatus).toBe(404);
  });

  it('bad JSON and bad bodies over HTTP get 400 with a reason; auth failures 401/403', async () => {
    const bad = await api<{ ok: boolean; reason: string }>(server.origin, '/api/rooms', {
      rawBody: '{"map": ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toMatch(/not valid JSON/);
    const noMap = await api<{ reason: string }>(server.origin, '/api/rooms', { body: { encounter: {} } });
    expect(noMap.status).toBe(400);
    expect(noMap.body.reason).toMatch(/map/);
    const noAuth = await api(server.origin, `/api/rooms/${roomA.roomId}/invites`, {
      body: { name: 'x', characterIds: [] },
    });
    expect(noAuth.status).toBe(401);
    const playerToken = await invite(server.origin, roomA.roomId, roomA.gmToken, 'Not a GM');
    const notGm = await api(server.origin, `/api/rooms/${roomA.roomId}/invites`, {
      token: playerToken,
      body: { name: 'x', characterIds: [] },
    });
    expect(notGm.status).toBe(403);
    const foreign = await api(server.origin, `/api/rooms/${roomB.roomId}/export`, { token: roomA.gmToken });
    expect(foreign.status).toBe(403);
    const intentGarbage = await api<{ reason: string }>(server.origin, `/api/rooms/${roomA.roomId}/intents`, {
      token: playerToken,
      body: { kind: 'teleport', tokenId: 'x' },
    });
    expect(intentGarbage.status).toBe(400);
    expect(intentGarbage.body.reason).toMatch(/^intent:/);
    await othersUnaffected('after-http');
  });
});
