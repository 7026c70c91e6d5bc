import { describe, expect, it } from 'vitest';
import type { TableConnection } from '../../src/table/client';
import type { LinkState } from '../../src/table/linkState';
import { createRoom, invite, TEST_MAP, useTestServer, waitFor } from './helpers';

/**
 * y-websocket's client closes a socket that heard nothing for 30 s (its messageReconnectTimeout)
 * and reconnects. A quiet table must not look like a lost link: a player's channel doc (no
 * presence, written only by whispers) and an idle GM page stay linked.
 */
describe('a quiet table keeps its link', () => {
  const server = useTestServer();

  it(
    'a GM and a player idle for 35 s never see the link drop, and still see each other’s presence',
    { timeout: 60_000 },
    async () => {
      const { roomId, gmToken } = await createRoom(server.origin, { map: TEST_MAP });
      const playerToken = await invite(server.origin, roomId, gmToken, 'Kim');
      const changes: string[] = [];
      const connections: TableConnection[] = [];
      for (const [who, token] of [
        ['GM', gmToken],
        ['player', playerToken],
      ] as const) {
        const connection = await server.table(roomId, token);
        await connection.whenSynced;
        connection.onLink((state: LinkState) => changes.push(`${who}: ${state}`));
        connections.push(connection);
      }
      const [gm, player] = connections as [(typeof connections)[0], (typeof connections)[0]];
      await waitFor(() => player.awareness.getStates().has(gm.awareness.clientID), "the GM's presence");
      await new Promise((resolve) => setTimeout(resolve, 35_000));
      expect(changes).toEqual([]);
      // Presence renews itself every 15 s and a state not renewed for 30 s is dropped: each still
      // sees the other.
      expect(player.awareness.getStates().has(gm.awareness.clientID)).toBe(true);
      expect(gm.awareness.getStates().has(player.awareness.clientID)).toBe(true);
    },
  );
});
