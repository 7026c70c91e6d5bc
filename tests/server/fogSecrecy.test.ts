import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, createRoom, invite, RawClient, useTestServer, waitFor } from './helpers';
import { gmRevealsUnderFog } from './fogOn';
import { foe, pc } from '../table/fixtures';

/** 8×4, a wall down column 3 in rows 0–2 (shared with tests/e2e/fog.spec.ts). */
const FOG_YARD = JSON.parse(
  readFileSync(new URL('../fixtures/fog-yard-map.json', import.meta.url), 'utf8'),
) as unknown;

const OGRE = foe('Gnarled Ogre', {
  speed: 6,
  abilities: [
    {
      name: 'Club',
      cost: '1-action',
      tags: { attack: true },
      range: 1,
      attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
    },
  ],
} as never);

describe('fog of war shared by the party, over the real server (docs/ui/vision.md)', () => {
  const server = useTestServer();

  it('a foe out of the party’s sight is in no frame a player receives; it appears when seen', async () => {
    // Ana at (0,1); a wall down column 3, rows 0–2; the ogre at (6,0) behind it.
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: FOG_YARD,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [pc('Ana')] },
      encounter: {
        schemaVersion: 1,
        kind: 'encounter',
        name: 'Behind the wall',
        map: 'fog.json',
        chapter: 1,
        foes: [{ id: 'ogre', statBlock: OGRE, cell: { x: 6, y: 0 } }],
        partyStarts: [{ x: 0, y: 1 }],
      },
    });
    const { room } = await gmRevealsUnderFog(server, roomId, gmToken, 'party', 'ogre');
    const anaToken = await invite(server.origin, roomId, gmToken, 'Ana’s player', ['ana']);
    const player = RawClient.connect(server.wsUrl, roomId, anaToken);
    await player.opened;
    player.requestState();
    // The room's whole state comes in one sync answer: once the map's name is here, all of it is.
    await waitFor(() => player.allBytes().includes(Buffer.from('Fog yard')), 'the room state');
    expect(player.allBytes().toString('latin1')).not.toContain('Gnarled Ogre');
    expect(room.public.doc.getMap('tokens').has('ogre')).toBe(false);

    // Ana steps past the wall's end: the ogre comes with the move's own update.
    const answer = await api(server.origin, `/api/rooms/${roomId}/intents`, {
      token: anaToken,
      body: {
        kind: 'move',
        tokenId: 'ana',
        path: [
          { x: 0, y: 2 },
          { x: 0, y: 3 },
          { x: 1, y: 3 },
          { x: 2, y: 3 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(room.public.doc.getMap('tokens').has('ogre')).toBe(true);
    await waitFor(
      () => player.allBytes().includes(Buffer.from('Gnarled Ogre')),
      'the ogre reaches the player',
    );
    player.ws.close();
  });
});
