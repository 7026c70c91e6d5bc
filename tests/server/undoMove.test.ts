import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, connectClient, createRoom, invite, TEST_MAP, useTestServer, waitFor } from './helpers';

const PARTY = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
  characters: { name: string }[];
};
type Cell = { x: number; y: number };
type Result = { ok: boolean; reason?: string; outcome?: { kind: string; movementBack?: number } };

/** Taking back a move over real HTTP, watched by a player's real websocket client. */
describe('undo-move over HTTP', () => {
  const server = useTestServer();

  it("Maren's player moves, takes it back (the watcher sees her return), and cannot once she acted", async () => {
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: PARTY.characters.slice(0, 1) },
    });
    const tokens = (await server.loadRoom(roomId)).public.doc.getMap('tokens');
    const marenId = [...tokens.keys()][0]!;
    const start = (tokens.get(marenId) as { cell: Cell }).cell;
    const player = await invite(server.origin, roomId, gmToken, 'Maren', [marenId]);
    const watcher = connectClient(server.wsUrl, roomId, player);
    server.keep(watcher);
    await watcher.synced;
    const cellSeen = () => (watcher.doc.getMap('tokens').get(marenId) as { cell: Cell }).cell;
    const post = (token: string, intent: unknown) =>
      api<Result>(server.origin, `/api/rooms/${roomId}/intents`, { token, body: intent });

    expect((await post(gmToken, { kind: 'start-combat' })).body.ok).toBe(true);
    expect((await post(player, { kind: 'start-turn', tokenId: marenId })).body.ok).toBe(true);
    // One square east along row 0 or 5 (whichever she starts on), free on TEST_MAP.
    const step = { x: start.x + 1, y: start.y };
    expect((await post(player, { kind: 'move', tokenId: marenId, path: [step] })).body.ok).toBe(true);
    await waitFor(() => cellSeen().x === step.x, 'the move at the watcher');

    const undone = await post(player, { kind: 'undo-move', tokenId: marenId });
    expect(undone).toEqual({
      status: 200,
      body: {
        ok: true,
        outcome: {
          kind: 'undo-move',
          tokenId: marenId,
          from: step,
          to: start,
          movementBack: 1,
          actionsBack: 0,
        },
      },
    });
    await waitFor(() => cellSeen().x === start.x, 'the return at the watcher');

    expect((await post(player, { kind: 'move', tokenId: marenId, path: [step] })).body.ok).toBe(true);
    const acted = await post(player, {
      kind: 'basic-action',
      tokenId: marenId,
      action: 'interact',
      note: 'door',
    });
    expect(acted.body.ok).toBe(true);
    const name = (tokens.get(marenId) as { name: string }).name;
    expect(await post(player, { kind: 'undo-move', tokenId: marenId })).toEqual({
      status: 200,
      body: { ok: false, reason: `${name} has acted since that move: it can no longer be taken back` },
    });
  });
});
