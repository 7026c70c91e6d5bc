import { describe, expect, it } from 'vitest';
import { updateCombatant } from '../../src/table';
import { gmTable, useTestServer, waitFor } from './helpers';

/** Defeat by any path (docs/rules/health-and-defeat.md#defeat-by-any-path): the GM's browser settles, the server keeps it. */
describe("a GM's doc write of 0 HP over the real websocket", () => {
  const server = useTestServer();

  it('arrives at the server as a defeat with a wound, and players see it', async () => {
    const { roomId, pub, sec } = await gmTable(server, 1);
    const id = [...pub.doc.getMap('tokens').keys()][0]!;
    updateCombatant({ public: pub.doc, secrets: sec.doc }, id, (s) => ({ ...s, hp: 0 }));
    const held = () =>
      server.room(roomId).public.doc.getMap('combatants').get(id) as
        { hp: number; defeated: boolean; wounds: number; incapacitated: boolean } | undefined;
    await waitFor(() => held()?.hp === 0, 'the write at the server');
    expect(held()).toMatchObject({ hp: 0, defeated: true, incapacitated: true, wounds: 1 });
  });
});
