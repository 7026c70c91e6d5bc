import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { fixedDice } from '../../src/lib/dice';
import { startServer } from '../../src/server/startServer';
import type { RunningServer } from '../../src/server/startServer';
import { connectTable } from '../../src/table/client';
import type { TableConnection } from '../../src/table/client';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { paintCells } from '../../src/table/writers/mapWriters';
import { othersPresence, setCursor } from '../../src/table/presence';
import { foe, mapOf, pc } from './fixtures';

// The real server in-process (src/server), real websockets, the stock y-websocket provider.
let server: RunningServer;
let dataDir: string;

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(server.origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, string>;
}

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-table-client-'));
  server = await startServer({ port: 0, dataDir, dice: fixedDice([]), durability: 'process' });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('connectTable against the real server', () => {
  it('GM and player sync; hidden tokens never reach the player; intents move; a forged write resyncs', async () => {
    const created = await post('/api/rooms', {
      map: mapOf(['......', '......', '......'], undefined, 'Client yard'),
    });
    const roomId = created.roomId!;
    const playerToken = (
      await post(
        `/api/rooms/${roomId}/invites`,
        { name: 'Ana’s player', characterIds: ['ana'] },
        created.gmToken,
      )
    ).token!;
    const opts = { serverUrl: server.origin, roomId, WebSocketPolyfill: WebSocket };
    const gm: TableConnection = await connectTable({ ...opts, token: created.gmToken! });
    const player: TableConnection = await connectTable({ ...opts, token: playerToken });
    try {
      await Promise.all([gm.whenSynced, player.whenSynced]);
      expect([gm.role, player.role]).toEqual(['gm', 'player']);
      expect(player.secrets).toBeUndefined();
      expect(player.snapshot().map?.name).toBe('Client yard');

      placeToken(
        gm.docs,
        {
          id: 'ana',
          name: 'Ana',
          cell: { x: 0, y: 0 },
          size: 1,
          side: 'party',
          ownerIds: ['ana'],
          combatant: true,
        },
        { statBlock: pc('Ana') },
      );
      placeToken(
        gm.docs,
        {
          id: 'spy',
          name: 'Hidden Spy',
          cell: { x: 5, y: 2 },
          size: 1,
          side: 'foes',
          ownerIds: [],
          combatant: true,
        },
        { statBlock: foe('Hidden Spy'), hidden: true },
      );
      await waitFor(() => !!player.snapshot().tokensById['ana'], 'the player to see Ana');
      expect(player.snapshot().tokensById['spy']).toBeUndefined();
      expect(gm.snapshot().tokensById['spy']!.hidden).toBe(true);

      const moved = await player.sendIntent({
        kind: 'move',
        tokenId: 'ana',
        path: [
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ],
      });
      expect(moved).toMatchObject({ ok: true, outcome: { cost: 2 } });
      await waitFor(() => gm.snapshot().tokensById['ana']?.cell.x === 2, 'the GM to see the move');
      expect(await player.sendIntent({ kind: 'move', tokenId: 'spy', path: [{ x: 4, y: 2 }] })).toEqual({
        ok: false,
        reason: 'that character is not on the table',
      });

      // Presence: the GM's cursor reaches the player through awareness.
      setCursor(gm.awareness, { x: 3, y: 1 });
      await waitFor(
        () => othersPresence(player.awareness).some((p) => p.presence.cursor?.x === 3),
        'the GM cursor',
      );
      expect(othersPresence(player.awareness)[0]!.presence.user.role).toBe('gm');

      // GM offline edits merge when the GM reconnects.
      gm.providers[0]!.disconnect();
      paintCells(gm.docs, [{ x: 4, y: 1 }], { code: '~' });
      await new Promise((r) => setTimeout(r, 50));
      expect(player.snapshot().map!.cells[1]).toBe('......');
      gm.providers[0]!.connect();
      await waitFor(() => player.snapshot().map!.cells[1] === '....~.', 'the offline paint to arrive');

      // A forged write: the server refuses it, the client throws its doc away and resyncs.
      const resets: string[] = [];
      player.onReset((reason) => resets.push(reason));
      const forgedDoc = player.doc;
      forgedDoc.getMap('tokens').set('ana', {
        id: 'ana',
        name: 'Ana',
        cell: { x: 5, y: 0 },
        size: 1,
        side: 'party',
        ownerIds: ['ana'],
        combatant: true,
      });
      await waitFor(() => resets.length > 0, 'the refusal');
      expect(player.doc).not.toBe(forgedDoc);
      await player.whenSynced;
      await waitFor(() => player.snapshot().tokensById['ana']?.cell.x === 2, 'the resync');
      expect(gm.snapshot().tokensById['ana']!.cell).toEqual({ x: 2, y: 0 });
    } finally {
      gm.destroy();
      player.destroy();
    }
  });

  it('an unknown token is refused before any socket opens', async () => {
    await expect(
      connectTable({ serverUrl: server.origin, roomId: 'nope', token: 'bad', WebSocketPolyfill: WebSocket }),
    ).rejects.toThrow('the server refused this link (HTTP 401)');
  });
});
