import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readMapContent } from '../../src/table/mapContent';
import { setDoor } from '../../src/table/writers/doorWriters';
import {
  connectClient,
  createRoom,
  invite,
  SAMPLE_CHARACTERS,
  TEST_MAP,
  useTestServer,
  waitFor,
} from './helpers';

const DOOR_MAP = { ...TEST_MAP, doors: [{ x: 1, y: 2, closed: true }] };

describe('doors in a live room', () => {
  const server = useTestServer();

  it('the GM opens a door and the player sees it; a player cannot toggle a door', async () => {
    const room = await createRoom(server.origin, {
      map: DOOR_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: SAMPLE_CHARACTERS.slice(0, 1) },
    });
    const gm = connectClient(server.wsUrl, room.roomId, room.gmToken);
    const playerToken = await invite(server.origin, room.roomId, room.gmToken, 'Pat');
    const player = connectClient(server.wsUrl, room.roomId, playerToken);
    server.keep(gm, player);
    await Promise.all([gm.synced, player.synced]);
    const shared = server.room(room.roomId).public.doc;
    expect(readMapContent(shared)!.doors).toEqual([{ x: 1, y: 2, closed: true }]);

    setDoor({ public: gm.doc }, { x: 1, y: 2 }, false);
    await waitFor(
      () => readMapContent(player.doc)!.doors?.[0]?.closed === false,
      'the player to see it open',
    );
    expect(readMapContent(shared)!.doors).toEqual([{ x: 1, y: 2, closed: false }]);

    // The player's own copy of the doc closes it: the server refuses and keeps it open.
    const closes: number[] = [];
    player.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));
    player.doc.getMap('doors').set('1,2', true);
    await waitFor(() => closes.length > 0, 'the refusal');
    expect(closes[0]).toBe(4403);
    expect(readMapContent(shared)!.doors).toEqual([{ x: 1, y: 2, closed: false }]);
    expect(Y.encodeStateAsUpdate(shared).length).toBeGreaterThan(0);
  });

  it('a door where the map has none is refused by the writer', async () => {
    const doc = new Y.Doc();
    const { writeMapContent } = await import('../../src/table/mapContent');
    const { MapSchema } = await import('../../src/schema/map');
    writeMapContent(doc, MapSchema.parse(DOOR_MAP));
    expect(() => setDoor({ public: doc }, { x: 0, y: 0 }, false)).toThrow('there is no door at (0,0)');
  });
});
