import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { updateCombatant } from '../../src/table';
import { connectClient, createRoom, TEST_MAP, useTestServer, waitFor } from './helpers';

const PARTY = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
  characters: { name: string }[];
};

/** Defeat by any path (docs/rules.md#defeat-by-any-path): the GM's browser settles, the server keeps it. */
describe("a GM's doc write of 0 HP over the real websocket", () => {
  const server = useTestServer();

  it('arrives at the server as a defeat with a wound, and players see it', async () => {
    const room = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: PARTY.characters.slice(0, 1) },
    });
    const pub = connectClient(server.wsUrl, room.roomId, room.gmToken);
    const sec = connectClient(server.wsUrl, `${room.roomId}~secrets`, room.gmToken);
    server.keep(pub, sec);
    await Promise.all([pub.synced, sec.synced]);
    const id = [...pub.doc.getMap('tokens').keys()][0]!;
    updateCombatant({ public: pub.doc, secrets: sec.doc }, id, (s) => ({ ...s, hp: 0 }));
    const held = () =>
      server.room(room.roomId).public.doc.getMap('combatants').get(id) as
        { hp: number; defeated: boolean; wounds: number; incapacitated: boolean } | undefined;
    await waitFor(() => held()?.hp === 0, 'the write at the server');
    expect(held()).toMatchObject({ hp: 0, defeated: true, incapacitated: true, wounds: 1 });
  });
});
