import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readSnapshot } from '../../src/table';
import { duplicateToken, placeFoes } from '../../src/table/writers/foeWriters';
import { FoeSchema } from '../../src/schema/statBlock';
import { connectClient, createRoom, invite, RawClient, useTestServer, waitFor } from './helpers';

const WRAITH = FoeSchema.parse({
  kind: 'foe',
  name: 'Veiled Wraith',
  health: 6,
  defense: 9,
  armor: 0,
  speed: 4,
  attackBonus: 2,
  frayDamage: 2,
  damageDie: 6,
});
const HUSK = { ...WRAITH, name: 'Hollow Husk' };

describe('foes the GM places in a running room pass the server and reach players only when visible', () => {
  const server = useTestServer();

  it('visible husks reach the player numbered; hidden wraiths and their copy never do', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const pub = connectClient(server.wsUrl, roomId, gmToken);
    const sec = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(pub, sec);
    await Promise.all([pub.synced, sec.synced]);
    const closes: number[] = [];
    for (const client of [pub, sec])
      client.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));
    const player = RawClient.connect(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Pat'),
    );
    await player.opened;
    player.requestState();

    const docs = { public: pub.doc, secrets: sec.doc };
    placeFoes(docs, {
      foe: HUSK,
      cells: [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ],
      hidden: false,
    });
    const [wraith] = placeFoes(docs, { foe: WRAITH, cells: [{ x: 5, y: 1 }], hidden: true });
    duplicateToken(docs, wraith!.id);

    const held = server.room(roomId);
    await waitFor(
      () =>
        Buffer.compare(Y.encodeStateVector(held.public.doc), Y.encodeStateVector(pub.doc)) === 0 &&
        Buffer.compare(Y.encodeStateVector(held.secrets.doc), Y.encodeStateVector(sec.doc)) === 0,
      'the server to hold every placement',
    );
    expect(closes).toEqual([]);
    expect(
      readSnapshot(held.public.doc, held.secrets.doc)
        .tokens.map((t) => t.name)
        .sort(),
    ).toEqual(['Hollow Husk 1', 'Hollow Husk 2', 'Veiled Wraith 1', 'Veiled Wraith 2']);

    const seen = new Y.Doc();
    await waitFor(() => {
      player.replayInto(seen);
      return readSnapshot(seen).tokens.length === 2;
    }, 'the husks at the player');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const atPlayer = readSnapshot(seen);
    expect(atPlayer.tokens.map((t) => t.name)).toEqual(['Hollow Husk 1', 'Hollow Husk 2']);
    expect(atPlayer.tokens.every((t) => t.combatant && t.state !== null)).toBe(true);
    expect(player.allBytes().includes(Buffer.from('Wraith'))).toBe(false);
    player.ws.close();
  });
});
