import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { StatBlock } from '../../src/schema/statBlock';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { encodeSyncUpdate } from '../../src/server/protocol';
import { api, connectClient, createRoom, invite, RawClient, useTestServer, waitFor } from './helpers';
import type { TestClient } from './helpers';

type Result = {
  ok: boolean;
  reason?: string;
  outcome?: { kind: string; to: { x: number; y: number }; cost: number };
};

/**
 * Player intents over HTTP against the real server and the table's applyIntent. TEST_MAP row 2 is
 * `...##...`: (3,2) and (4,2) are impassable.
 */
describe('intents over HTTP', () => {
  const server = useTestServer();
  let roomId: string;
  let gmToken: string;
  let anaToken: string;
  let gm: TestClient;
  let gmSecrets: TestClient;
  let watcher: TestClient;
  const tokenCell = (client: TestClient, id: string) =>
    (client.doc.getMap('tokens').get(id) as { cell: { x: number; y: number } } | undefined)?.cell;

  beforeAll(async () => {
    ({ roomId, gmToken } = await createRoom(server.origin));
    anaToken = await invite(server.origin, roomId, gmToken, 'Ana', ['ana']);
    gm = connectClient(server.wsUrl, roomId, gmToken);
    gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    watcher = connectClient(server.wsUrl, roomId, await invite(server.origin, roomId, gmToken, 'Watcher'));
    server.keep(gm, gmSecrets, watcher);
    await Promise.all([gm.synced, gmSecrets.synced, watcher.synced]);
    // The GM sets the table with the table's own writers, straight into its synced docs.
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    // Stat blocks from the shipped samples (a token needs one to be on the battlefield).
    const party = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
      characters: [StatBlock, StatBlock];
    };
    const skirmish = JSON.parse(readFileSync('encounters/arena-skirmish.json', 'utf8')) as {
      foes: [{ statBlock: StatBlock }];
    };
    const base = { size: 1, side: 'party' as const, combatant: true };
    placeToken(
      docs,
      { ...base, id: 'ana', name: 'Ana', cell: { x: 0, y: 2 }, ownerIds: ['ana'] },
      { statBlock: party.characters[0] },
    );
    placeToken(
      docs,
      { ...base, id: 'bo', name: 'Bo', cell: { x: 0, y: 4 }, ownerIds: ['bo'] },
      { statBlock: party.characters[1] },
    );
    placeToken(
      docs,
      { ...base, id: 'lurker', name: 'Lurker', cell: { x: 7, y: 5 }, side: 'foes', ownerIds: [] },
      { hidden: true, statBlock: skirmish.foes[0].statBlock },
    );
    const room = server.room(roomId);
    await waitFor(
      () => room.public.doc.getMap('tokens').has('bo') && room.secrets.doc.getMap('tokens').has('lurker'),
      'tokens placed',
    );
    await waitFor(() => tokenCell(watcher, 'bo') !== undefined, 'tokens at the watcher');
  });

  const post = (token: string, intent: unknown) =>
    api<Result>(server.origin, `/api/rooms/${roomId}/intents`, { token, body: intent });
  const state = () => {
    const room = server.room(roomId);
    return [Y.encodeStateAsUpdate(room.public.doc), Y.encodeStateAsUpdate(room.secrets.doc)];
  };

  it('accepts a legal move by the player who owns the token and broadcasts it', async () => {
    const { status, body } = await post(anaToken, {
      kind: 'move',
      tokenId: 'ana',
      path: [
        { x: 1, y: 2 },
        { x: 2, y: 2 },
        { x: 2, y: 3 },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.ok, body.reason).toBe(true);
    expect(body.outcome).toMatchObject({ kind: 'move', to: { x: 2, y: 3 }, cost: 3 });
    // Already stored and broadcast when the answer arrives; the watcher sees it shortly.
    expect(server.room(roomId).public.doc.getMap('tokens').get('ana')).toMatchObject({
      cell: { x: 2, y: 3 },
    });
    await waitFor(
      () => tokenCell(watcher, 'ana')?.x === 2 && tokenCell(gm, 'ana')?.y === 3,
      'the move at the watcher and GM',
    );
  });

  it('refuses an illegal path, someone else’s token, GM-only intents and a raw forged update, leaving the docs byte-identical', async () => {
    const before = state();
    const refusals: [string, unknown, RegExp][] = [
      [
        'path through impassable',
        {
          kind: 'move',
          tokenId: 'ana',
          path: [
            { x: 3, y: 3 },
            { x: 3, y: 2 },
          ],
        },
        /^step 2 to \(3,2\) is blocked: \(3,2\) is impassable$/,
      ],
      [
        'path with a jump',
        { kind: 'move', tokenId: 'ana', path: [{ x: 6, y: 6 }] },
        /not one orthogonal square from \(2,3\)/,
      ],
      ['someone else’s token', { kind: 'move', tokenId: 'bo', path: [{ x: 1, y: 4 }] }, /not your character/],
      ['GM-only intent', { kind: 'adjust-hp', tokenId: 'ana', amount: 5 }, /only the GM/],
      ['GM-only reveal', { kind: 'reveal', tokenId: 'lurker' }, /only the GM/],
      [
        'a hidden token',
        { kind: 'move', tokenId: 'lurker', path: [{ x: 7, y: 4 }] },
        /^that character is not on the table$/,
      ],
    ];
    for (const [what, intent, reason] of refusals) {
      const { status, body } = await post(anaToken, intent);
      expect(status, `${what}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.ok, what).toBe(false);
      expect(body.reason, what).toMatch(reason);
    }
    const raw = RawClient.connect(server.wsUrl, roomId, anaToken);
    await raw.opened;
    const forged = new Y.Doc();
    Y.applyUpdate(forged, before[0]!);
    const sv = Y.encodeStateVector(forged);
    forged.getMap('tokens').set('ana', {
      id: 'ana',
      name: 'Ana',
      cell: { x: 7, y: 7 },
      size: 1,
      side: 'party',
      ownerIds: ['ana'],
      combatant: true,
    });
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(forged, sv)));
    expect(await raw.closed).toBe(4403);
    expect(state()).toEqual(before);
  });

  it('answers malformed intents with 400 and bad tokens with 401/403', async () => {
    expect((await post(anaToken, { kind: 'move', tokenId: 'ana', path: [] })).status).toBe(400);
    expect((await post('x'.repeat(43), { kind: 'chat', text: 'hi' })).status).toBe(401);
    const other = await createRoom(server.origin);
    expect((await post(other.gmToken, { kind: 'chat', text: 'hi' })).status).toBe(403);
  });

  it('lets the GM post intents too, e.g. moving a hidden foe (which stays in the secrets doc)', async () => {
    const { body } = await post(gmToken, { kind: 'move', tokenId: 'lurker', path: [{ x: 7, y: 4 }] });
    expect(body.ok, body.reason).toBe(true);
    const room = server.room(roomId);
    expect(room.secrets.doc.getMap('tokens').get('lurker')).toMatchObject({ cell: { x: 7, y: 4 } });
    expect(room.public.doc.getMap('tokens').has('lurker')).toBe(false);
  });

  it('a player adds and removes a status on their own character over HTTP; blights stay with the GM', async () => {
    const statusesOf = (id: string) =>
      (watcher.doc.getMap('combatants').get(id) as { statuses: { id: string }[] }).statuses.map((s) => s.id);
    const added = await post(anaToken, { kind: 'add-status', tokenId: 'ana', statusId: 'slow' });
    expect(added.body.ok, added.body.reason).toBe(true);
    await waitFor(() => statusesOf('ana').includes('slow'), 'the status to reach the watcher');
    expect((await post(anaToken, { kind: 'add-status', tokenId: 'bo', statusId: 'slow' })).body).toEqual({
      ok: false,
      reason: 'Bo is not your character',
    });
    expect((await post(anaToken, { kind: 'add-blight', tokenId: 'ana', blightId: 'burning' })).body).toEqual({
      ok: false,
      reason: 'only the GM may add a blight',
    });
    expect((await post(anaToken, { kind: 'remove-status', tokenId: 'ana', statusId: 'slow' })).body.ok).toBe(
      true,
    );
    await waitFor(() => !statusesOf('ana').includes('slow'), 'the removal to reach the watcher');
  });

  it('a roll the server cannot make (its fixed test dice ran out) is a 500 naming the cause, with nothing written', async () => {
    // The test server's dice are fixedDice([]): any roll fails. Adding a status rolls nothing.
    const added = await post(gmToken, { kind: 'add-status', tokenId: 'bo', statusId: 'slow' });
    expect(added.body.ok, added.body.reason).toBe(true);
    const before = state();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const saved = await post(gmToken, { kind: 'save', tokenId: 'bo', statusId: 'slow' });
      expect(saved).toEqual({
        status: 500,
        body: {
          ok: false,
          reason:
            "the server's fixed test dice ran out (fixed dice ran out after 0 rolls (asked for a d20)); " +
            'nothing was changed: restart the server with more --fixed-dice results',
        },
      });
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toBe(
        `room ${roomId}: save intent failed: ${saved.body.reason}`,
      );
    } finally {
      errors.mockRestore();
    }
    expect(state()).toEqual(before);
  });
});
