import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import { encodeAwarenessMessage, encodeSyncUpdate, MESSAGE_REFUSED } from '../../src/server/protocol';
import { connectClient, createRoom, invite, RawClient, tokenAt, useTestServer, waitFor } from './helpers';

function refusalReason(client: RawClient): string | undefined {
  for (const frame of client.frames) {
    const decoder = decoding.createDecoder(frame);
    if (decoding.readVarUint(decoder) === MESSAGE_REFUSED) {
      return (JSON.parse(decoding.readVarString(decoder)) as { reason: string }).reason;
    }
  }
  return undefined;
}

describe('player writes over the websocket', () => {
  const server = useTestServer();

  it('a raw forged Yjs update is refused (MESSAGE_REFUSED, close 4403) and the doc stays byte-identical', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    server.keep(gm);
    await gm.synced;
    gm.doc.getMap('tokens').set('hero', tokenAt('hero', 1, 1));
    const doc = server.room(roomId).public.doc;
    await waitFor(() => doc.getMap('tokens').has('hero'), 'GM write stored');
    const before = Y.encodeStateAsUpdate(doc);

    const playerToken = await invite(server.origin, roomId, gmToken, 'Forger', ['hero']);
    const forger = RawClient.connect(server.wsUrl, roomId, playerToken);
    await forger.opened;
    // Forge: sync to the server's state, then write the token somewhere else.
    const local = new Y.Doc();
    Y.applyUpdate(local, before);
    const sv = Y.encodeStateVector(local);
    local.getMap('tokens').set('hero', { x: 7, y: 5 });
    forger.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, sv)));
    expect(await forger.closed).toBe(4403);
    expect(refusalReason(forger)).toMatch(/players cannot write/);
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
    expect(gm.doc.getMap('tokens').get('hero')).toEqual(tokenAt('hero', 1, 1));
  });

  it('a stock client of a player connects and stays connected (its sync step 2 is a harmless no-op), but its local edit is refused', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    server.keep(gm);
    await gm.synced;
    // Deletes: every sync step 2 a client sends carries the whole delete set.
    gm.doc.getMap('tokens').set('gone', tokenAt('gone', 0, 0));
    gm.doc.getMap('tokens').delete('gone');
    gm.doc.getMap('tokens').set('hero', tokenAt('hero', 1, 1));
    const doc = server.room(roomId).public.doc;
    await waitFor(() => doc.getMap('tokens').has('hero'), 'GM write stored');

    const player = connectClient(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Reader'),
    );
    server.keep(player);
    await player.synced;
    // Force a second sync round trip (as after a reconnect): still accepted.
    player.provider.disconnect();
    player.provider.connect();
    await waitFor(() => player.provider.synced, 'resync');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(player.provider.wsconnected).toBe(true);

    const before = Y.encodeStateAsUpdate(doc);
    const closes: number[] = [];
    player.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));
    player.doc.getMap('tokens').set('hero', { x: 6, y: 6 });
    await waitFor(() => closes.length > 0, 'the refusal');
    expect(closes[0]).toBe(4403);
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it('refuses awareness states that claim another user’s clientID; the same user may take over its own', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const aliceToken = await invite(server.origin, roomId, gmToken, 'Alice');
    const alice = connectClient(server.wsUrl, roomId, aliceToken);
    server.keep(alice);
    await alice.synced;
    alice.provider.awareness.setLocalStateField('cursor', { x: 1, y: 1 });
    const room = server.room(roomId);
    const aliceId = alice.doc.clientID;
    await waitFor(() => room.public.awareness.getStates().has(aliceId), 'alice present');

    // Mallory claims Alice's clientID (an update and a removal).
    const mallory = RawClient.connect(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Mallory'),
    );
    await mallory.opened;
    const fake = new awarenessProtocol.Awareness(new Y.Doc());
    fake.clientID = aliceId;
    fake.setLocalState({ cursor: { x: 7, y: 7 }, name: 'Alice' });
    fake.meta.set(aliceId, { clock: 1000, lastUpdated: Date.now() });
    mallory.send(encodeAwarenessMessage(awarenessProtocol.encodeAwarenessUpdate(fake, [aliceId])));
    expect(await mallory.closed).toBe(4403);
    expect(refusalReason(mallory)).toMatch(/belongs to another user/);
    // What the server keeps is the validated presence (src/schema/presence.ts), stamped with her name.
    expect(room.public.awareness.getStates().get(aliceId)).toMatchObject({
      user: { name: 'Alice', role: 'player' },
      cursor: { x: 1, y: 1 },
    });

    // Alice cannot pretend to be the GM: the server stamps her name and role from her token.
    alice.provider.awareness.setLocalState({ user: { name: 'GM', role: 'gm', color: 'red' } });
    await waitFor(
      () =>
        (room.public.awareness.getStates().get(aliceId) as { user?: { color?: string } }).user?.color ===
        'red',
      'stamp',
    );
    expect(room.public.awareness.getStates().get(aliceId)).toEqual({
      user: { name: 'Alice', role: 'player', color: 'red' },
      cursor: null,
      drag: null,
      ruler: null,
      ping: null,
    });

    // A second socket of Alice herself (same token) may speak for her id.
    const aliceAgain = RawClient.connect(server.wsUrl, roomId, aliceToken);
    await aliceAgain.opened;
    aliceAgain.send(encodeAwarenessMessage(awarenessProtocol.encodeAwarenessUpdate(fake, [aliceId])));
    await waitFor(
      () => (room.public.awareness.getStates().get(aliceId) as { cursor?: { x: number } }).cursor?.x === 7,
      'takeover',
    );
    expect(aliceAgain.closeCode).toBeUndefined();
    aliceAgain.ws.close();
    fake.destroy();
  });

  it('does not refuse stock clients for echoing other people’s presence back (regression)', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const player = connectClient(server.wsUrl, roomId, await invite(server.origin, roomId, gmToken, 'Echo'));
    server.keep(gm, player);
    await Promise.all([gm.synced, player.synced]);
    const closes: number[] = [];
    player.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));
    for (let x = 0; x < 3; x += 1) {
      gm.provider.awareness.setLocalStateField('cursor', { x, y: 0 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await waitFor(
      () =>
        (player.provider.awareness.getStates().get(gm.doc.clientID) as { cursor?: { x: number } } | undefined)
          ?.cursor?.x === 2,
      'the GM cursor at the player',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(closes).toEqual([]);
    expect(player.provider.wsconnected).toBe(true);
  });
});
