import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import { encodeAwarenessMessage } from '../../src/server/protocol';
import { CLOSE_RATE_LIMITED } from '../../src/table/wireCodes';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { connectClient, createRoom, invite, RawClient, useTestServer, waitFor } from './helpers';

const HIDDEN_ID = 'lurker-7f3a';

/** Every awareness state a raw socket received, in order, as [clientID, state]. */
function presenceSeen(client: RawClient): [number, unknown][] {
  const out: [number, unknown][] = [];
  for (const frame of client.frames) {
    const decoder = decoding.createDecoder(frame);
    if (decoding.readVarUint(decoder) !== 1) continue;
    const update = decoding.createDecoder(decoding.readVarUint8Array(decoder));
    const count = decoding.readVarUint(update);
    for (let i = 0; i < count; i += 1) {
      const id = decoding.readVarUint(update);
      decoding.readVarUint(update); // clock
      out.push([id, JSON.parse(decoding.readVarString(update))]);
    }
  }
  return out;
}

const presenceFrames = (client: RawClient) => client.frames.filter((f) => f[0] === 1).length;

/** A raw awareness frame claiming `clientID` with `state` at `clock`. */
function awarenessFrame(clientID: number, clock: number, state: Record<string, unknown>): Uint8Array {
  const fake = new awarenessProtocol.Awareness(new Y.Doc());
  fake.clientID = clientID;
  fake.setLocalState(state);
  fake.meta.set(clientID, { clock, lastUpdated: Date.now() });
  const frame = encodeAwarenessMessage(awarenessProtocol.encodeAwarenessUpdate(fake, [clientID]));
  fake.destroy();
  return frame;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('presence secrecy', () => {
  const server = useTestServer();

  /** A room with a visible hero and a hidden lurker; the GM on both docs, a player watching raw. */
  async function gmWithHiddenToken() {
    const { roomId, gmToken } = await createRoom(server.origin);
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    placeToken(docs, {
      id: 'hero',
      name: 'Hero',
      cell: { x: 1, y: 1 },
      size: 1,
      side: 'party',
      ownerIds: [],
      combatant: false,
    });
    placeToken(
      docs,
      {
        id: HIDDEN_ID,
        name: 'Lurker',
        cell: { x: 5, y: 4 },
        size: 1,
        side: 'foes',
        ownerIds: [],
        combatant: false,
      },
      { hidden: true },
    );
    const room = server.room(roomId);
    await waitFor(() => room.secrets.doc.getMap('tokens').has(HIDDEN_ID), 'hidden token stored');
    const playerToken = await invite(server.origin, roomId, gmToken, 'Peeker');
    const player = RawClient.connect(server.wsUrl, roomId, playerToken);
    await player.opened;
    return { roomId, gmToken, gm, room, player, playerToken };
  }

  it('a GM dragging a hidden token sends players no drag and no cursor; a visible drag still arrives', async () => {
    const { gm, player } = await gmWithHiddenToken();
    const user = { name: 'GM', role: 'gm', color: 'red' };
    // A buggy or hostile GM page publishes the hidden drag anyway.
    gm.provider.awareness.setLocalState({
      user,
      cursor: { x: 5, y: 4 },
      drag: { tokenId: HIDDEN_ID, cell: { x: 6, y: 4 } },
    });
    await pause(100);
    gm.provider.awareness.setLocalState({
      user,
      cursor: { x: 2, y: 2 },
      drag: { tokenId: 'hero', cell: { x: 2, y: 2 } },
    });
    await waitFor(
      () =>
        presenceSeen(player).some(([, s]) => (s as { drag?: { tokenId?: string } }).drag?.tokenId === 'hero'),
      'the visible drag at the player',
    );
    const bytes = player.allBytes();
    expect(bytes.includes(Buffer.from(HIDDEN_ID))).toBe(false);
    const gmStates = presenceSeen(player)
      .filter(([id]) => id === gm.doc.clientID)
      .map(([, s]) => s);
    // The hidden drag became "no drag, no cursor": nothing says where the GM's hand was.
    expect(gmStates).toContainEqual({
      user: { name: 'GM', role: 'gm', color: 'red' },
      cursor: null,
      drag: null,
      ruler: null,
      ping: null,
    });
    expect(gmStates.some((s) => JSON.stringify(s).includes('"x":5,"y":4'))).toBe(false);
    expect(gmStates.some((s) => JSON.stringify(s).includes('"x":6,"y":4'))).toBe(false);
    player.ws.close();
  });

  it('drops fields the presence schema does not know and refuses oversized states', async () => {
    const { gm, player, room } = await gmWithHiddenToken();
    gm.provider.awareness.setLocalState({
      user: { name: 'GM', role: 'gm', color: 'red' },
      hover: { token: HIDDEN_ID },
      cursor: { x: 3, y: 3 },
    });
    await waitFor(
      () => presenceSeen(player).some(([, s]) => (s as { cursor?: { x: number } }).cursor?.x === 3),
      'cursor',
    );
    expect(player.allBytes().includes(Buffer.from(HIDDEN_ID))).toBe(false);
    expect(room.public.awareness.getStates().get(gm.doc.clientID)).toEqual({
      user: { name: 'GM', role: 'gm', color: 'red' },
      cursor: { x: 3, y: 3 },
      drag: null,
      ruler: null,
      ping: null,
    });
    // A colour of 10 KB does not fit a presence state (at most 2 KB): not applied, not relayed.
    const before = player.allBytes().length;
    gm.provider.awareness.setLocalState({
      user: { name: 'GM', role: 'gm', color: 'x'.repeat(10_000) },
      cursor: { x: 4, y: 4 },
    });
    gm.provider.awareness.setLocalState({
      user: { name: 'GM', role: 'gm', color: 'blue' },
      cursor: { x: 0, y: 0 },
    });
    await waitFor(
      () => presenceSeen(player).some(([, s]) => (s as { cursor?: { x: number } }).cursor?.x === 0),
      'next cursor',
    );
    expect(player.allBytes().length - before).toBeLessThan(2048);
    expect(presenceSeen(player).some(([, s]) => (s as { cursor?: { x: number } }).cursor?.x === 4)).toBe(
      false,
    );
    player.ws.close();
  });

  it('one socket flooding presence: the others get at most ~20 updates a second, the flooder is closed with 4429', async () => {
    const { roomId, gmToken, player } = await gmWithHiddenToken();
    const flooder = RawClient.connect(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Flood'),
    );
    await flooder.opened;
    await pause(50);
    const framesBefore = presenceFrames(player);
    const bytesBefore = player.allBytes().length;
    const id = 987_654;
    const started = Date.now();
    for (let clock = 1; clock <= 2000; clock += 1) {
      flooder.send(
        awarenessFrame(id, clock, {
          user: { name: 'x', role: 'player', color: 'red' },
          cursor: { x: clock % 8, y: 0 },
        }),
      );
    }
    const code = await flooder.closed;
    expect(code).toBe(CLOSE_RATE_LIMITED);
    expect(flooder.closeReason).toMatch(/too many presence updates: at most \d+ a second/);
    await pause(300);
    const seconds = (Date.now() - started) / 1000;
    const frames = presenceFrames(player) - framesBefore;
    // The burst (40) plus 20 a second, plus the flooder's removal when it was closed.
    expect(frames).toBeLessThanOrEqual(40 + Math.ceil(20 * seconds) + 2);
    expect(player.allBytes().length - bytesBefore).toBeLessThan(40_000);
    player.ws.close();
  });

  it('a fast but bounded burst is coalesced: the last state still arrives', async () => {
    const { roomId, gmToken, player } = await gmWithHiddenToken();
    const mover = RawClient.connect(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Quick'),
    );
    await mover.opened;
    const id = 123_456;
    for (let clock = 1; clock <= 100; clock += 1) {
      mover.send(
        awarenessFrame(id, clock, {
          user: { name: 'q', role: 'player', color: 'red' },
          cursor: { x: clock, y: 1 },
        }),
      );
    }
    await waitFor(
      () =>
        presenceSeen(player).some(
          ([who, s]) => who === id && (s as { cursor?: { x: number } }).cursor?.x === 100,
        ),
      'the last cursor',
    );
    expect(presenceSeen(player).filter(([who]) => who === id).length).toBeLessThan(60);
    expect(mover.closeCode).toBeUndefined();
    mover.ws.close();
    player.ws.close();
  });

  it("a player cannot squat the GM's presence id while the GM is away; the GM gets it back", async () => {
    const { roomId, gm, player, playerToken, room } = await gmWithHiddenToken();
    gm.provider.awareness.setLocalState({
      user: { name: 'GM', role: 'gm', color: 'red' },
      cursor: { x: 1, y: 1 },
    });
    const gmId = gm.doc.clientID;
    await waitFor(() => room.public.awareness.getStates().has(gmId), 'GM present');
    gm.provider.disconnect();
    await waitFor(() => !room.public.awareness.getStates().has(gmId), 'GM gone');

    const squatter = RawClient.connect(server.wsUrl, roomId, playerToken);
    await squatter.opened;
    squatter.send(
      awarenessFrame(gmId, 10_000, {
        user: { name: 'GM', role: 'gm', color: 'red' },
        cursor: { x: 7, y: 5 },
      }),
    );
    expect(await squatter.closed).toBe(4403);
    expect(room.public.awareness.getStates().has(gmId)).toBe(false);
    expect(presenceSeen(player).some(([id, s]) => id === gmId && JSON.stringify(s).includes('Peeker'))).toBe(
      false,
    );

    // The GM's page reconnects (same provider, same client id) and is welcome.
    const closes: number[] = [];
    gm.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));
    gm.provider.connect();
    await waitFor(() => gm.provider.wsconnected, 'the GM reconnected');
    for (let y = 2; y <= 4; y += 1) {
      gm.provider.awareness.setLocalState({
        user: { name: 'GM', role: 'gm', color: 'red' },
        cursor: { x: 2, y },
      });
      await pause(30);
    }
    await waitFor(
      () =>
        (room.public.awareness.getStates().get(gmId) as { cursor?: { y: number } } | undefined)?.cursor?.y ===
        4,
      'the GM present again',
    );
    expect(closes).toEqual([]);
    player.ws.close();
  });
});
