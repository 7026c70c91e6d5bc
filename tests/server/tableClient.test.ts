import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveToken } from '../../src/table/writers/tokenWriters';
import { api, invite, useTestServer, waitFor } from './helpers';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** The table helper's browser/Node client (`src/table/client.ts`) against the real server. */
describe('connectTable against the server', () => {
  const server = useTestServer();

  const connect = async (roomId: string, token: string) => {
    const connection = await server.table(roomId, token);
    await connection.whenSynced;
    return connection;
  };

  it('GM and player share the table; a player move intent is applied and seen by the GM; a raw write resyncs the player', async () => {
    const { body } = await api<{ roomId: string; gmToken: string }>(server.origin, '/api/rooms', {
      body: {
        map: readJson('maps/arena.json'),
        encounter: readJson('encounters/arena-skirmish.json'),
        party: readJson('encounters/parties/sample-party.json'),
      },
    });
    const { roomId, gmToken } = body;
    const gm = await connect(roomId, gmToken);
    const player = await connect(
      roomId,
      await invite(server.origin, roomId, gmToken, 'Kim', ['maren-stalwart']),
    );
    expect(gm.role).toBe('gm');
    expect(player.role).toBe('player');
    expect(gm.snapshot().tokens.filter((t) => t.hidden)).toHaveLength(3);
    expect(player.snapshot().tokens.some((t) => t.side === 'foes')).toBe(false);

    const maren = player.snapshot().tokensById['maren-stalwart']!;
    const step = { x: maren.cell.x, y: maren.cell.y - 1 };
    const result = await player.sendIntent({ kind: 'move', tokenId: 'maren-stalwart', path: [step] });
    expect(result.ok).toBe(true);
    await waitFor(() => gm.snapshot().tokensById['maren-stalwart']?.cell.y === step.y, 'the move at the GM');

    // GM edits go straight into the doc and reach the player.
    moveToken(gm.docs, 'ivo-vagabond', { x: 0, y: 0 });
    await waitFor(
      () => player.snapshot().tokensById['ivo-vagabond']?.cell.x === 0,
      'the GM move at the player',
    );

    // A player writing its doc directly is refused; the client throws its doc away and resyncs.
    const resets: string[] = [];
    player.onReset((reason) => resets.push(reason));
    moveToken(player.docs, 'maren-stalwart', { x: 11, y: 9 });
    await waitFor(() => resets.length > 0, 'the reset');
    expect(resets[0]).toMatch(/players cannot write/);
    await player.whenSynced;
    await waitFor(
      () => player.snapshot().tokensById['maren-stalwart']?.cell.y === step.y,
      'the resynced doc',
    );
    expect(gm.snapshot().tokensById['maren-stalwart']!.cell).toEqual(step);
  });
});
