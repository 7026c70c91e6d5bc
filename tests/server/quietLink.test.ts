import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { connectTable } from '../../src/table/client';
import type { LinkState } from '../../src/table/linkState';
import { createRoom, invite, TEST_MAP, useTestServer } from './helpers';

/**
 * y-websocket's client closes a socket that heard nothing for 30 s (its messageReconnectTimeout)
 * and reconnects. A quiet table must not look like a lost link: a player's channel doc (no
 * presence, written only by whispers) and an idle GM page stay linked.
 */
describe('a quiet table keeps its link', () => {
  const server = useTestServer();

  it('a GM and a player idle for 35 s never see the link drop', { timeout: 60_000 }, async () => {
    const { roomId, gmToken } = await createRoom(server.origin, { map: TEST_MAP });
    const playerToken = await invite(server.origin, roomId, gmToken, 'Kim');
    const changes: string[] = [];
    for (const [who, token] of [
      ['GM', gmToken],
      ['player', playerToken],
    ] as const) {
      const connection = await connectTable({
        serverUrl: server.origin,
        roomId,
        token,
        WebSocketPolyfill: WebSocket,
      });
      server.keep(connection);
      await connection.whenSynced;
      connection.onLink((state: LinkState) => changes.push(`${who}: ${state}`));
    }
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    expect(changes).toEqual([]);
  });
});
