import { beforeAll, describe, expect, it } from 'vitest';
import type { StatBlock } from '../../src/schema/statBlock';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { api, connectClient, createRoom, invite, useTestServer, waitFor } from './helpers';
import type { TestClient } from './helpers';
import { foe, pc } from '../table/fixtures';

type Result = { ok: boolean; reason?: string; outcome?: Record<string, unknown> };

/**
 * Forced movement and destructible terrain over HTTP, against the real server: the answer, and
 * what another player's synced doc receives (the pushed token's square, the lowered terrain).
 * Only rolls-free intents here (the server's dice are random): an effect that pushes, the GM's
 * force-move, and an attack on terrain with flat damage (terrain is hit automatically).
 */
// cells      heights     a height-2 ledge (x 0–2); a destructible height-3 pillar at (4,4).
const MAP = {
  schemaVersion: 1,
  kind: 'map',
  name: 'Ledge',
  width: 8,
  height: 6,
  cells: ['........', '........', '........', '........', '........', '........'],
  heights: ['22200000', '22200000', '22200000', '22200000', '00003000', '00000000'],
  destructible: [{ x: 4, y: 4 }],
};

const ANA = pc('Ana', {
  abilities: [
    { name: 'Shove Off', cost: '1-action', effect: { forcedMove: { kind: 'push', squares: 2 } } },
    {
      name: 'Sledge',
      cost: '1-action',
      tags: { attack: true },
      attack: { kind: 'melee', onHit: { damage: { flat: 25 } } },
    },
  ],
} as never);
const DRAKE = foe('Ruin Drake');

describe('forced movement and destructible terrain over HTTP', () => {
  const server = useTestServer();
  let roomId: string;
  let gmToken: string;
  let anaToken: string;
  let watcher: TestClient;
  const tokenCell = (id: string) =>
    (watcher.doc.getMap('tokens').get(id) as { cell: { x: number; y: number } } | undefined)?.cell;
  const hpOf = (id: string) => (watcher.doc.getMap('combatants').get(id) as { hp: number } | undefined)?.hp;

  beforeAll(async () => {
    ({ roomId, gmToken } = await createRoom(server.origin, { map: MAP }));
    anaToken = await invite(server.origin, roomId, gmToken, 'Ana', ['ana']);
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    watcher = connectClient(server.wsUrl, roomId, await invite(server.origin, roomId, gmToken, 'Bo', ['bo']));
    server.keep(gm, gmSecrets, watcher);
    await Promise.all([gm.synced, gmSecrets.synced, watcher.synced]);
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    // The watcher reads the drake's HP: this room shows foes' HP (tests/server/foeHpSecrecy.test.ts).
    setRoomSettings(docs, { foeHp: 'exact' });
    const base = { size: 1, combatant: true };
    placeToken(
      docs,
      { ...base, id: 'ana', name: 'Ana', cell: { x: 1, y: 1 }, side: 'party', ownerIds: ['ana'] },
      { statBlock: ANA as StatBlock },
    );
    placeToken(
      docs,
      { ...base, id: 'drake', name: 'Ruin Drake', cell: { x: 2, y: 1 }, side: 'foes', ownerIds: [] },
      { statBlock: DRAKE as StatBlock },
    );
    await waitFor(() => tokenCell('drake') !== undefined, 'tokens at the watcher');
  });

  const post = (token: string, intent: unknown) =>
    api<Result>(server.origin, `/api/rooms/${roomId}/intents`, { token, body: intent });

  it("a player's push off a height-2 ledge: the answer, the new square and the fall damage on another screen", async () => {
    const { status, body } = await post(anaToken, {
      kind: 'effect',
      userId: 'ana',
      abilityId: 'Shove Off',
      targetId: 'drake',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      outcome: {
        kind: 'effect',
        forced: [{ move: 'push', direction: 'east', moved: 2, to: { x: 4, y: 1 } }],
      },
    });
    await waitFor(() => tokenCell('drake')?.x === 4, 'the push at the watcher');
    expect(tokenCell('drake')).toEqual({ x: 4, y: 1 });
    // A foe of Health 8 has 32 HP; the 2-level fall deals 2.
    expect(hpOf('drake')).toBe(30);
  });

  it("the GM's force-move pulls it back by the same rules; a player's is refused", async () => {
    const refused = await post(anaToken, {
      kind: 'force-move',
      tokenId: 'drake',
      move: 'pull',
      squares: 1,
      sourceId: 'ana',
    });
    expect(refused).toEqual({
      status: 200,
      body: { ok: false, reason: 'only the GM may push, pull or shove a character by hand' },
    });
    const { body } = await post(gmToken, {
      kind: 'force-move',
      tokenId: 'drake',
      move: 'pull',
      squares: 5,
      sourceId: 'ana',
    });
    // Force never lifts: it stops below the ledge at (3,1).
    expect(body).toMatchObject({ ok: true, outcome: { kind: 'forced-move', moved: 1, to: { x: 3, y: 1 } } });
    await waitFor(() => tokenCell('drake')?.x === 3, 'the pull at the watcher');
    expect(
      (await post(gmToken, { kind: 'force-move', tokenId: 'drake', move: 'shove', squares: 2 })).body,
    ).toEqual({
      ok: false,
      reason: 'a shove needs a direction: choose one of the eight',
    });
    expect(
      (
        await post(gmToken, {
          kind: 'force-move',
          tokenId: 'drake',
          move: 'shove',
          squares: 99,
          direction: 'north',
        })
      ).status,
    ).toBe(400);
  });

  it('an attack on the destructible pillar lowers it for everyone: 25 damage, height 3 → 1', async () => {
    // Ana steps next to the pillar first (out of combat, any legal path).
    const moved = await post(anaToken, {
      kind: 'move',
      tokenId: 'ana',
      path: [
        { x: 1, y: 2 },
        { x: 1, y: 3 },
        { x: 2, y: 3 },
        { x: 3, y: 3 },
      ],
    });
    expect(moved.body.ok, moved.body.reason).toBe(true);
    const { body } = await post(anaToken, {
      kind: 'attack',
      attackerId: 'ana',
      abilityId: 'Sledge',
      targetCell: { x: 4, y: 4 },
    });
    expect(body).toMatchObject({
      ok: true,
      outcome: {
        kind: 'terrain-damage',
        squares: [{ x: 4, y: 4, hpAfter: 5, heightBefore: 3, heightAfter: 1 }],
      },
    });
    await waitFor(() => watcher.doc.getMap('destructible').get('4,4') === 5, 'the pillar at the watcher');
    expect(watcher.doc.getMap('mapPaint').get('4,4')).toEqual({ code: '.', height: 1 });
  });
});
