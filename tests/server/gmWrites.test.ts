import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import { MESSAGE_REFUSED } from '../../src/table/wireCodes';
import { api, connectClient, createRoom, RawClient, tokenAt, useTestServer, waitFor } from './helpers';
import { encodeSyncUpdate } from '../../src/server/protocol';

/** The reason of the MESSAGE_REFUSED frame a socket received, if any. */
function refusalReason(raw: RawClient): string | undefined {
  for (const frame of raw.frames) {
    const decoder = decoding.createDecoder(frame);
    if (decoding.readVarUint(decoder) === MESSAGE_REFUSED)
      return (JSON.parse(decoding.readVarString(decoder)) as { reason: string }).reason;
  }
  return undefined;
}

describe("a GM's direct writes are checked before they are applied and broadcast", () => {
  const server = useTestServer();

  /**
   * Sends the GM's change to `docName` as a raw update (as a stock provider would) and returns
   * how the server answered: the refusal reason and close code, or null when it was applied.
   */
  async function gmWrite(
    room: { roomId: string; gmToken: string },
    change: (doc: Y.Doc) => void,
    secrets = false,
  ): Promise<{ code: number; reason: string | undefined } | null> {
    const docName = secrets ? `${room.roomId}~secrets` : room.roomId;
    const loaded = await server.loadRoom(room.roomId);
    const shared = secrets ? loaded.secrets.doc : loaded.public.doc;
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(shared));
    const before = Y.encodeStateVector(local);
    const stored = Y.encodeStateAsUpdate(shared); // deletes change this, not the state vector
    change(local);
    const raw = RawClient.connect(server.wsUrl, docName, room.gmToken);
    await raw.opened;
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, before)));
    const outcome = await Promise.race([
      raw.closed.then((code) => ({ code, reason: refusalReason(raw) })),
      waitFor(() => Buffer.compare(Y.encodeStateAsUpdate(shared), stored) !== 0, 'the write applied').then(
        () => null,
      ),
    ]);
    raw.ws.close();
    return outcome;
  }

  it('a 100000×100000 map is refused with the bound; the doc, its readers and the next intent are unaffected', async () => {
    const room = await createRoom(server.origin);
    const gm = connectClient(server.wsUrl, room.roomId, room.gmToken);
    server.keep(gm);
    await gm.synced;
    const doc = server.room(room.roomId).public.doc;
    const stored = Y.encodeStateAsUpdate(doc);
    expect(
      await gmWrite(room, (local) => {
        local.getMap('map').set('width', 100_000);
        local.getMap('map').set('height', 100_000);
      }),
    ).toEqual({ code: 4403, reason: 'write refused: map.width: a map is at most 200×200 squares' });
    expect(Y.encodeStateAsUpdate(doc)).toEqual(stored);
    expect(gm.doc.getMap('map').get('width')).toBe(8);
    const chat = await api(server.origin, `/api/rooms/${room.roomId}/intents`, {
      token: room.gmToken,
      body: { kind: 'chat', text: 'still here' },
    });
    expect(chat.status).toBe(200);
  });

  it('every class of bad value is refused with a sentence naming where and the bound', async () => {
    const room = await createRoom(server.origin);
    const refused = async (change: (doc: Y.Doc) => void, secrets = false) =>
      (await gmWrite(room, change, secrets))?.reason;
    // Unknown roots and keys, nested types and text.
    expect(await refused((d) => d.getMap('marks').set('x', 1))).toBe(
      "write refused: 'marks' is not part of a room's public document",
    );
    expect(await refused((d) => d.getMap('meta').set('owner', 'me'))).toBe(
      "write refused: meta.owner: 'owner' is not a meta field",
    );
    expect(await refused((d) => d.getMap('meta').set('schemaVersion', 99))).toBe(
      'write refused: meta.schemaVersion: must stay 1',
    );
    expect(await refused((d) => d.getMap('tokens').set('x', new Y.Map()))).toBe(
      'write refused: tokens.x: only plain JSON values may be written (no text, binary, embedded docs or nested types)',
    );
    expect(await refused((d) => d.getText('chat2').insert(0, 'hi'))).toBe(
      "write refused: 'chat2' is not part of a room's public document",
    );
    // Values: schema bounds, bounded JSON, keys, counts.
    expect(await refused((d) => d.getMap('tokens').set('t', tokenAt('t', 5_000, 0)))).toBe(
      'write refused: tokens.t: cell.x: a square is inside a map of at most 200×200',
    );
    expect(await refused((d) => d.getMap('tokens').set('t', tokenAt('u', 0, 0)))).toBe(
      "write refused: tokens.t: id: expected 't' (the token's key)",
    );
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { o: deep };
    const entry = { id: 'l1', at: 1, kind: 'note', actor: 'gm', summary: 'deep', outcome: deep };
    expect(await refused((d) => d.getArray('log').push([entry]))).toBe(
      'write refused: log: nested too deep: at most 32 levels of nesting',
    );
    const boons = {
      id: 'x',
      name: 'X',
      description: 'x',
      rolls: [{ roll: 'attack', kind: 'boon', count: 3_000_000 }],
    };
    expect(await refused((d) => d.getMap('settings').set('room', { statuses: [boons] }))).toBe(
      'write refused: settings.room: statuses.0.rolls.0.count: at most 12 boons or curses per effect',
    );
    expect(await refused((d) => d.getMap('mapPaint').set('5000,1', { code: '.', height: 0 }))).toBe(
      `write refused: mapPaint.5000,1: '5000,1' is not a square "x,y" of a map of at most 200×200`,
    );
    expect(
      await refused((d) => d.getMap('mapRows').set('0', { cells: 'ZZZZZZZZ', heights: '00000000' })),
    ).toBe('write refused: mapRows.0: cells: expected space codes (. ~ ! # _)');
    expect(
      await refused((d) => {
        for (let i = 0; i < 501; i += 1) d.getMap('tokens').set(`t${i}`, tokenAt(`t${i}`, 0, 0));
      }),
    ).toBe('write refused: tokens: at most 500 tokens in one document');
    expect(await refused((d) => d.getMap('notes').set('room', 'x'.repeat(20_001)), true)).toBe(
      'write refused: notes.room: text too long: at most 20,000 characters',
    );
    expect(await refused((d) => d.getMap('map').set('width', 12), true)).toBe(
      "write refused: 'map' is not part of a room's secrets document",
    );
    // An update that builds on changes the server never got is held, never applied unchecked:
    // when the missing part arrives, both are checked together (here: refused, the first part
    // puts a token outside any map).
    const local = new Y.Doc();
    const pub = server.room(room.roomId).public.doc;
    Y.applyUpdate(local, Y.encodeStateAsUpdate(pub));
    const start = Y.encodeStateVector(local);
    local.getMap('tokens').set('u', tokenAt('u', 5_000, 0));
    const middle = Y.encodeStateVector(local);
    local.getMap('tokens').set('t', tokenAt('t', 1, 0));
    const raw = RawClient.connect(server.wsUrl, room.roomId, room.gmToken);
    await raw.opened;
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, middle)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(raw.closeCode).toBeUndefined();
    expect(Y.encodeStateVector(pub)).toEqual(start);
    expect(pub.store.pendingStructs).toBeNull();
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, start)));
    expect(await raw.closed).toBe(4403);
    expect(refusalReason(raw)).toBe(
      'write refused: tokens.u: cell.x: a square is inside a map of at most 200×200',
    );
    // Nothing of it reached the docs.
    expect(server.room(room.roomId).public.doc.share.has('marks')).toBe(false);
    expect(server.room(room.roomId).public.doc.getMap('tokens').size).toBe(0);
  });

  it('valid writes pass: tokens, paint, resize, notes, overwrites, deletes and a reconnecting GM', async () => {
    const room = await createRoom(server.origin);
    const applied = async (change: (doc: Y.Doc) => void, secrets = false) =>
      expect(await gmWrite(room, change, secrets)).toBeNull();
    await applied((d) => d.getMap('tokens').set('hero', tokenAt('hero', 1, 1)));
    await applied((d) => d.getMap('tokens').set('hero', tokenAt('hero', 2, 1))); // overwrite: origin-only item
    await applied((d) => d.getMap('mapPaint').set('3,3', { code: '~', height: 1 }));
    await applied((d) => d.getMap('map').set('width', 200));
    await applied((d) => d.getMap('notes').set('room', 'ambush at the gate'), true);
    await applied((d) => d.getArray('chat').push([{ id: 'c1', at: 1, from: 'GM', text: 'hi' }]));
    await applied((d) => d.getArray('chat').insert(0, [{ id: 'c0', at: 0, from: 'GM', text: 'first' }]));
    await applied((d) => d.getMap('tokens').delete('hero'));
    // An edit sent before the sync step 2 it builds on (a reconnect after offline edits) is held,
    // then applied with it.
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(server.room(room.roomId).public.doc));
    const start = Y.encodeStateVector(local);
    local.getMap('tokens').set('offline', tokenAt('offline', 1, 1));
    const middle = Y.encodeStateVector(local);
    local.getMap('tokens').set('offline', tokenAt('offline', 2, 2));
    const raw = RawClient.connect(server.wsUrl, room.roomId, room.gmToken);
    await raw.opened;
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, middle)));
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(local, start)));
    await waitFor(
      () => server.room(room.roomId).public.doc.getMap('tokens').has('offline'),
      'both parts applied',
    );
    expect(server.room(room.roomId).public.doc.getMap('tokens').get('offline')).toEqual(
      tokenAt('offline', 2, 2),
    );
    expect(raw.closeCode).toBeUndefined();
    raw.ws.close();
    await applied((d) => d.getMap('tokens').delete('offline'));
    const pub = server.room(room.roomId).public.doc;
    expect(pub.getMap('tokens').size).toBe(0);
    expect(pub.getArray('chat').length).toBe(2);
    // A stock provider's sync step 2 (everything it has) after a reconnect is accepted.
    const gm = connectClient(server.wsUrl, room.roomId, room.gmToken);
    server.keep(gm);
    await gm.synced;
    gm.doc.getMap('tokens').set('hero', tokenAt('hero', 4, 4));
    await waitFor(() => pub.getMap('tokens').has('hero'), 'the GM client write');
    expect(gm.provider.wsconnected).toBe(true);
  });
});
