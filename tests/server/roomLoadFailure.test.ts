import { storeOf } from './helpers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import { startServer } from '../../src/server/startServer';
import type { RunningServer } from '../../src/server/startServer';
import { connectTable } from '../../src/table/client';
import { CLOSE_ROOM_UNAVAILABLE } from '../../src/table/wireCodes';
import { api, connectClient, createRoom, RawClient } from './helpers';

const wsUrlOf = (server: RunningServer) => server.origin.replace('http', 'ws') + '/ws';

/**
 * A Yjs update whose log entry holds an object nested `depth` deep. lib0's reader recurses once
 * per level, so past a few thousand levels it runs out of stack — how many exactly depends on how
 * warm the engine is, so the unreadable room uses 100,000. Writing the value the same way would
 * overflow too: the bytes of one level (an object of one key "o", lib0/encoding's `writeAny`) are
 * repeated in place of a one-level value's.
 */
function deepUpdate(depth: number): Uint8Array {
  const doc = new Y.Doc();
  doc.getArray('log').push([{ id: 'deep', outcome: { o: 1 } }]);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  const level = [118, 1, 1, 'o'.charCodeAt(0)];
  const at = update.findIndex((_, i) => level.every((byte, k) => update[i + k] === byte));
  const deep = new Uint8Array(update.length + level.length * (depth - 1));
  deep.set(update.subarray(0, at));
  for (let i = 0; i < depth; i += 1) deep.set(level, at + i * level.length);
  deep.set(update.subarray(at + level.length), at + depth * level.length);
  return deep;
}

/** What a person sees of the broken room over the websocket, HTTP and next door. */
async function expectBrokenRoomAlone(
  server: RunningServer,
  broken: { roomId: string; gmToken: string },
  healthy: { roomId: string; gmToken: string },
): Promise<void> {
  const socket = RawClient.connect(wsUrlOf(server), broken.roomId, broken.gmToken);
  expect(await socket.closed).toBe(CLOSE_ROOM_UNAVAILABLE);
  expect(socket.closeReason).toMatch(/^this room cannot be opened: its stored data could not be read/);

  const exported = await api(server.origin, `/api/rooms/${broken.roomId}/export`, {
    token: broken.gmToken,
  });
  expect(exported.status).toBe(500);
  expect(exported.body).toEqual({
    ok: false,
    reason: expect.stringMatching(
      new RegExp(`^room ${broken.roomId} cannot be opened: its stored data could not be read`),
    ) as unknown,
  });
  // The table client (what the page uses) is told at once, in the server's words.
  const table = await connectTable({
    serverUrl: server.origin,
    roomId: broken.roomId,
    token: broken.gmToken,
    WebSocketPolyfill: WebSocket,
  });
  const told = await new Promise<string>((resolve) => table.onUnavailable(resolve));
  table.destroy();
  expect(told).toMatch(/^this room cannot be opened: its stored data could not be read/);

  const intent = await api(server.origin, `/api/rooms/${broken.roomId}/intents`, {
    token: broken.gmToken,
    body: { kind: 'chat', text: 'hello' },
  });
  expect(intent.status).toBe(500);
  expect(intent.body.reason).toBe(exported.body.reason);

  // Another room still syncs, and the server still answers.
  const gm = connectClient(wsUrlOf(server), healthy.roomId, healthy.gmToken);
  await gm.synced;
  expect(gm.doc.getMap('meta').get('schemaVersion')).toBe(1);
  gm.destroy();
  expect(await api(server.origin, '/api/health')).toEqual({ status: 200, body: { ok: true } });
}

describe('a room whose stored data cannot be loaded', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-loadfail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fails alone: its socket and requests get a clear error, other rooms work, also after a restart', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    let broken: { roomId: string; gmToken: string };
    let healthy: { roomId: string; gmToken: string };
    try {
      broken = await createRoom(first.origin);
      healthy = await createRoom(first.origin);
      // Written straight into the store, as an older build's import would have left it.
      storeOf(first.ctx).appendUpdate(broken.roomId, deepUpdate(100_000));
      await expectBrokenRoomAlone(first, broken, healthy);
    } finally {
      await first.close();
    }
    const second = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    try {
      await expectBrokenRoomAlone(second, broken, healthy);
      // Logged once per server, naming the room.
      const logged = errors.mock.calls.map((call) => String(call[0]));
      expect(logged.filter((line) => line.includes(broken.roomId))).toHaveLength(2);
    } finally {
      errors.mockRestore();
      await second.close();
    }
  });
});

describe('a room whose stored values nest deeper than any write accepts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-nested-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused at load (the server could decode it, a browser could not), alone', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    try {
      const nested = await createRoom(server.origin);
      const healthy = await createRoom(server.origin);
      storeOf(server.ctx).appendUpdate(nested.roomId, deepUpdate(200));
      const socket = RawClient.connect(wsUrlOf(server), nested.roomId, nested.gmToken);
      expect(await socket.closed).toBe(CLOSE_ROOM_UNAVAILABLE);
      expect(socket.frames).toHaveLength(0); // not one byte of the room was sent
      const exported = await api(server.origin, `/api/rooms/${nested.roomId}/export`, {
        token: nested.gmToken,
      });
      expect(exported.status).toBe(500);
      expect(exported.body.reason).toBe(
        `room ${nested.roomId} cannot be opened: its public document 'log' holds a value nested ` +
          'deeper than 32 levels, which browsers cannot read (an older build stored it); other rooms ' +
          'are not affected',
      );
      const gm = connectClient(wsUrlOf(server), healthy.roomId, healthy.gmToken);
      await gm.synced;
      gm.destroy();
    } finally {
      errors.mockRestore();
      await server.close();
    }
  });
});
