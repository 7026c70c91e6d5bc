import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { placeTokenFreely, readSnapshot } from '../../src/table';
import { gmTable, useTestServer, waitFor } from './helpers';

describe("the GM's free placement passes the server's write check (issue 12, dead end 5)", () => {
  const server = useTestServer();

  it('the token and its "placed by the GM" line reach the server and the players', async () => {
    const { roomId, pub, sec, closes } = await gmTable(server, 1);

    const id = readSnapshot(pub.doc).tokens[0]!.id;
    placeTokenFreely({ public: pub.doc, secrets: sec.doc }, id, { x: 3, y: 2 });

    const held = server.room(roomId).public.doc;
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
