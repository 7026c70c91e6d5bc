import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { setTokenHidden } from '../../src/table/writers/tokenWriters';
import {
  api,
  connectClient,
  createRoom,
  invite,
  RawClient,
  TEST_MAP,
  useTestServer,
  waitFor,
} from './helpers';
import { foe, pc } from '../table/fixtures';

const PC = pc('Ana');
/** A foe whose stat block the GM keeps hidden, with an interrupt players must never learn of. */
const HUSK = foe('Hollow Husk', {
  abilities: [
    {
      name: 'Tail Lash',
      cost: 'free',
      tags: { interrupt: 1 },
      trigger: { kind: 'moves-adjacent', who: 'foe' },
      range: 1,
      effect: { damage: { tier: 'fray' } },
    },
  ],
} as never);

describe("a foe's interrupt offer over the real server", () => {
  const server = useTestServer(fixedDice([]));

  it("never reaches a player's socket or HTTP answer; the GM's secrets doc holds it", async () => {
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [PC] },
      encounter: {
        schemaVersion: 1,
        kind: 'encounter',
        name: 'Husk fight',
        map: 'test.json',
        chapter: 1,
        foes: [{ id: 'husk', statBlock: HUSK, cell: { x: 3, y: 4 } }],
        partyStarts: [{ x: 0, y: 4 }],
      },
    });
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    setTokenHidden({ public: gm.doc, secrets: gmSecrets.doc }, 'husk', false, { keepStatsHidden: true });
    const room = server.room(roomId);
    await waitFor(() => room.public.doc.getMap('tokens').has('husk'), 'the husk revealed');

    const anaToken = await invite(server.origin, roomId, gmToken, 'Ana’s player', ['ana']);
    const player = RawClient.connect(server.wsUrl, roomId, anaToken);
    await player.opened;
    player.requestState();
    const send = (token: string, body: unknown) =>
      api(server.origin, `/api/rooms/${roomId}/intents`, { token, body });
    expect((await send(gmToken, { kind: 'start-combat' })).status).toBe(200);
    expect((await send(anaToken, { kind: 'start-turn', tokenId: 'ana' })).body).toMatchObject({ ok: true });
    const moved = await send(anaToken, {
      kind: 'move',
      tokenId: 'ana',
      path: [
        { x: 1, y: 4 },
        { x: 2, y: 4 },
      ],
    });
    expect(moved.status).toBe(200);
    expect(JSON.stringify(moved.body)).not.toMatch(/tail|lash|offer/i);
    // The GM's secrets doc holds the offer; the public doc has none.
    const offers = room.secrets.doc.getMap('offers').toJSON() as Record<string, { ability: string }[]>;
    expect(offers.husk?.map((o) => o.ability)).toEqual(['Tail Lash']);
    expect(room.public.doc.getMap('offers').size).toBe(0);
    // The GM declines it: a line for the GM only.
    const declined = await send(gmToken, {
      kind: 'interrupt-offer',
      tokenId: 'husk',
      abilityId: 'tail-lash',
      action: 'decline',
    });
    expect(declined.body).toMatchObject({ ok: true });
    expect(JSON.stringify(room.secrets.doc.getArray('log').toJSON())).toContain(
      'Hollow Husk declines Tail Lash',
    );
    // Ana's player may not decline (or learn of) it.
    expect(
      (
        await send(anaToken, {
          kind: 'interrupt-offer',
          tokenId: 'husk',
          abilityId: 'tail-lash',
          action: 'decline',
        })
      ).body,
    ).toEqual({
      ok: false,
      reason: 'Hollow Husk is not your character',
    });

    await waitFor(
      () => player.allBytes().includes(Buffer.from('Ana moves to (2,4)')),
      'the public move line',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const bytes = player.allBytes().toString('latin1');
    for (const fact of ['Tail Lash', 'tail-lash', 'declines']) expect(bytes).not.toContain(fact);
    player.ws.close();
  });
});
