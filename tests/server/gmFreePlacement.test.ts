import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { placeTokenFreely, readSnapshot } from '../../src/table';
import { connectClient, createRoom, TEST_MAP, useTestServer, waitFor } from './helpers';

const PARTY = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
  characters: { name: string }[];
};

describe("the GM's free placement passes the server's write check (issue 12, dead end 5)", () => {
  const server = useTestServer();

  it('the token and its "placed by the GM" line reach the server and the players', async () => {
    const room = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: PARTY.characters.slice(0, 1) },
    });
    const pub = connectClient(server.wsUrl, room.roomId, room.gmToken);
    const sec = connectClient(server.wsUrl, `${room.roomId}~secrets`, room.gmToken);
    server.keep(pub, sec);
    await Promise.all([pub.synced, sec.synced]);
    const closes: number[] = [];
    for (const client of [pub, sec])
      client.provider.on('connection-close', (event) => closes.push(event?.code ?? -1));

    const id = readSnapshot(pub.doc).tokens[0]!.id;
    placeTokenFreely({ public: pub.doc, secrets: sec.doc }, id, { x: 3, y: 2 });

    const held = server.room(room.roomId).public.doc;
    await waitFor(
      () => Buffer.compare(Y.encodeStateVector(held), Y.encodeStateVector(pub.doc)) === 0,
      'the server to hold the placement',
    );
    expect(closes).toEqual([]);
    const seen = readSnapshot(held);
    expect(seen.tokensById[id]!.cell).toEqual({ x: 3, y: 2 });
    expect(seen.log.at(-1)?.summary).toMatch(/^.+ placed by the GM at \(3,2\): a free placement/);
  });
});
