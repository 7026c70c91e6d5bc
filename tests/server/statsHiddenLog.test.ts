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
const HUSK = foe('Hollow Husk', {
  defense: 19,
  armor: 3,
  attackBonus: 7,
  abilities: [
    {
      name: 'Grave Claw',
      cost: '1-action',
      tags: { attack: true },
      range: 1,
      attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
    },
  ],
} as never);
/** What players must not read anywhere: the husk's Defense, bonus, armor and ability. */
const STAT_FACTS = [
  'Defense',
  'Grave Claw',
  'grave-claw',
  '7 bonus',
  'armor 3',
  '"defense":19',
  'attackBonus":7',
];

describe('a foe revealed with its stat block hidden, over the real server', () => {
  // Ana's d20 15 (+2 = 17 < Defense 19: a miss), then her light damage dice.
  const server = useTestServer(fixedDice([15, 4, 5, 6, 6, 6]));

  it("a player's attack on it: the HTTP answer and every frame the player receives carry no stat-block fact", async () => {
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [PC] },
      encounter: {
        schemaVersion: 1,
        kind: 'encounter',
        name: 'Husk fight',
        map: 'test.json',
        chapter: 1,
        foes: [{ id: 'husk', statBlock: HUSK, cell: { x: 1, y: 1 } }],
        partyStarts: [{ x: 0, y: 1 }],
      },
    });
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    setTokenHidden({ public: gm.doc, secrets: gmSecrets.doc }, 'husk', false, { keepStatsHidden: true });
    const room = server.room(roomId);
    await waitFor(() => room.public.doc.getMap('tokens').has('husk'), 'the husk revealed');
    expect(room.public.doc.getMap('statBlocks').has('husk')).toBe(false);

    const anaToken = await invite(server.origin, roomId, gmToken, 'Ana’s player', ['ana']);
    const player = RawClient.connect(server.wsUrl, roomId, anaToken);
    await player.opened;
    player.requestState();
    const answer = await api(server.origin, `/api/rooms/${roomId}/intents`, {
      token: anaToken,
      body: { kind: 'attack', attackerId: 'ana', targetId: 'husk', abilityId: 'basic-melee' },
    });
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, outcome: { kind: 'attack', result: 'miss', redacted: true } },
    });
    await waitFor(
      () => player.allBytes().includes(Buffer.from('Ana attacks Hollow Husk: miss')),
      'the public line',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const bytes = player.allBytes().toString('latin1');
    for (const fact of STAT_FACTS) expect(bytes).not.toContain(fact);
    // The GM's secrets doc keeps the whole roll.
    expect(JSON.stringify(room.secrets.doc.getArray('log').toJSON())).toContain('vs Defense 19');
    player.ws.close();
  });
});
