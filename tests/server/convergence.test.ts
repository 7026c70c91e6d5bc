import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { connectClient, createRoom, invite, tokenAt, useTestServer, waitFor } from './helpers';

describe('a GM and three players in one room', () => {
  const server = useTestServer();

  it('converge, and a GM token move reaches every player', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const players = await Promise.all(
      ['Ana', 'Bo', 'Cy'].map(async (name) =>
        connectClient(server.wsUrl, roomId, await invite(server.origin, roomId, gmToken, name)),
      ),
    );
    server.keep(gm, ...players);
    await Promise.all([gm, ...players].map((client) => client.synced));

    // The GM writes directly (valid values: the server checks every GM write).
    gm.doc.getMap('tokens').set('hero', tokenAt('hero', 1, 1));
    await waitFor(
      () => players.every((p) => p.doc.getMap('tokens').get('hero') !== undefined),
      'first placement',
    );
    gm.doc.getMap('tokens').set('hero', tokenAt('hero', 4, 2));
    await waitFor(
      () =>
        players.every(
          (p) => (p.doc.getMap('tokens').get('hero') as { cell: { x: number } } | undefined)?.cell.x === 4,
        ),
      'the move at every player',
    );

    const room = server.room(roomId);
    const serverState = Y.encodeStateAsUpdate(room.public.doc);
    for (const client of [gm, ...players]) {
      expect(Y.encodeStateVector(client.doc)).toEqual(Y.encodeStateVector(room.public.doc));
      expect(client.doc.getMap('tokens').toJSON()).toEqual({ hero: tokenAt('hero', 4, 2) });
    }
    expect(serverState.length).toBeGreaterThan(0);
  });

  it('keeps rooms apart: a write in one room never reaches another', async () => {
    const a = await createRoom(server.origin);
    const b = await createRoom(server.origin);
    const gmA = connectClient(server.wsUrl, a.roomId, a.gmToken);
    const gmB = connectClient(server.wsUrl, b.roomId, b.gmToken);
    server.keep(gmA, gmB);
    await Promise.all([gmA.synced, gmB.synced]);
    gmA.doc.getMap('tokens').set('only-in-a', tokenAt('only-in-a', 0, 0));
    gmB.doc.getMap('tokens').set('only-in-b', tokenAt('only-in-b', 0, 0));
    await waitFor(() => server.room(b.roomId).public.doc.getMap('tokens').has('only-in-b'), 'b written');
    await waitFor(() => server.room(a.roomId).public.doc.getMap('tokens').has('only-in-a'), 'a written');
    expect(gmA.doc.getMap('tokens').has('only-in-b')).toBe(false);
    expect(gmB.doc.getMap('tokens').has('only-in-a')).toBe(false);
  });
});
