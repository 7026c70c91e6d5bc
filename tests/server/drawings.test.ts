import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MAX_DRAWINGS, MAX_STROKE_POINTS } from '../../src/schema/drawing';
import { encodeSyncUpdate } from '../../src/server/protocol';
import { rootsOf, SYSTEM_ORIGIN } from '../../src/table/docLayout';
import { api, connectClient, createRoom, invite, RawClient, useTestServer, waitFor } from './helpers';

const SECRET_NOTE = 'Trapdoor under the altar';
const TABLE_NOTE = 'Meet at the gate';

type Answer = { ok: boolean; reason?: string; outcome?: { kind: string; drawingId?: string } };
const note = (text: string, layer: 'table' | 'gm') => ({
  kind: 'draw',
  shape: { kind: 'text', at: [2, 3], text },
  layer,
});

describe('drawings over the wire (issue 15)', () => {
  const server = useTestServer();
  const send = (roomId: string, token: string, body: unknown) =>
    api<Answer>(server.origin, `/api/rooms/${roomId}/intents`, { token, body });

  it("a GM-layer drawing never reaches a player's frames; the table layer does", async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const playerToken = await invite(server.origin, roomId, gmToken, 'Peeker');
    const player = RawClient.connect(server.wsUrl, roomId, playerToken);
    await player.opened;
    player.requestState();
    await waitFor(() => player.frames.length >= 1, 'the first sync');

    expect((await send(roomId, gmToken, note(SECRET_NOTE, 'gm'))).body.ok).toBe(true);
    expect((await send(roomId, gmToken, note(TABLE_NOTE, 'table'))).body.ok).toBe(true);
    await waitFor(() => player.allBytes().includes(Buffer.from(TABLE_NOTE)), 'the table note at the player');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(player.allBytes().includes(Buffer.from(SECRET_NOTE))).toBe(false);
    expect(player.allBytes().includes(Buffer.from('Trapdoor'))).toBe(false);
    // The GM's secrets doc has it.
    const stored = server.room(roomId).secrets.doc.getMap('drawings').toJSON();
    expect(Object.values(stored).map((d) => (d as { shape: { text: string } }).shape.text)).toEqual([
      SECRET_NOTE,
    ]);
    // A player asking for the GM layer is refused, and nothing is stored.
    const asked = await send(roomId, playerToken, note('mine, secretly', 'gm'));
    expect(asked.body).toEqual({ ok: false, reason: 'only the GM draws on the GM layer' });
    player.ws.close();
  });

  it("a player cannot erase another's drawing nor clear everyone's; erases their own", async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const ana = await invite(server.origin, roomId, gmToken, 'Ana');
    const bo = await invite(server.origin, roomId, gmToken, 'Bo');
    const drawn = await send(roomId, ana, note('Ana was here', 'table'));
    const drawingId = drawn.body.outcome!.drawingId!;
    expect((await send(roomId, bo, { kind: 'erase-drawing', drawingId })).body).toEqual({
      ok: false,
      reason: "that is Ana's drawing: you erase your own",
    });
    expect((await send(roomId, bo, { kind: 'clear-drawings', scope: 'all' })).body).toEqual({
      ok: false,
      reason: "only the GM clears everyone's drawings",
    });
    expect((await send(roomId, bo, { kind: 'clear-drawings', scope: 'mine' })).body.ok).toBe(false);
    expect(server.room(roomId).public.doc.getMap('drawings').size).toBe(1);
    expect((await send(roomId, ana, { kind: 'erase-drawing', drawingId })).body).toEqual({
      ok: true,
      outcome: { kind: 'erase-drawings', count: 1 },
    });
    expect(server.room(roomId).public.doc.getMap('drawings').size).toBe(0);
  });

  it('bounds: a too long stroke, a full layer, and a bad direct GM write are refused in words', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const ana = await invite(server.origin, roomId, gmToken, 'Ana');
    const points = Array.from({ length: MAX_STROKE_POINTS + 1 }, (_, i) => [1 + i / 1000, 1]);
    const long = await send(roomId, ana, { kind: 'draw', shape: { kind: 'free', points }, layer: 'table' });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toMatch(/at most 1,000 points/);

    const doc = server.room(roomId).public.doc;
    doc.transact(() => {
      for (let i = 0; i < MAX_DRAWINGS; i++)
        rootsOf(doc).drawings.set(`d${i}`, {
          id: `d${i}`,
          author: { key: 'gm', name: 'GM' },
          color: '#ffd23f',
          layer: 'table',
          shape: { kind: 'line', from: [0, 0], to: [1, 1] },
          at: 1,
        });
    }, SYSTEM_ORIGIN);
    expect((await send(roomId, ana, note('one more', 'table'))).body).toEqual({
      ok: false,
      reason: 'at most 500 drawings on the map: clear some first',
    });

    // The GM's own socket writing a drawing of the wrong layer into the public doc is refused.
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    server.keep(gm);
    await gm.synced;
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(doc));
    const before = Y.encodeStateVector(local);
    rootsOf(local).drawings.delete('d0');
    rootsOf(local).drawings.set('g', {
      id: 'g',
      author: { key: 'gm', name: 'GM' },
      color: '#ffd23f',
      layer: 'gm',
      shape: { kind: 'text', at: [1, 1], text: SECRET_NOTE },
      at: 1,
    });
    const raw = RawClient.connect(server.wsUrl, roomId, gmToken);
    await raw.opened;
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, before)));
    expect(await raw.closed).toBe(4403);
    expect(doc.getMap('drawings').has('g')).toBe(false);
  });
});
