import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { channelDocName } from '../../src/server/permissions';
import { api, createRoom, RawClient, useTestServer, waitFor } from './helpers';
import { gmRevealsUnderFog } from './fogOn';
import { foe, pc } from '../table/fixtures';

/** 8×4, a wall down column 3 in rows 0–2 (shared with tests/e2e/fog.spec.ts). */
const FOG_YARD = JSON.parse(
  readFileSync(new URL('../fixtures/fog-yard-map.json', import.meta.url), 'utf8'),
) as unknown;

const OGRE = foe('Gnarled Ogre');

/** Every frame one player's two sockets received (public doc with presence, their channel). */
function bytesOf(...clients: RawClient[]): string {
  return Buffer.concat(clients.flatMap((c) => c.frames)).toString('latin1');
}

describe('per-player fog of war, over the real server (docs/table/fog-of-war.md)', () => {
  const server = useTestServer(fixedDice([15, 4, 4, 4, 4, 4, 4, 4, 4]));

  it('each player receives only what their own characters see, in every frame and answer', async () => {
    // Anselm at (0,1) west of the wall; Bohdana at (5,1) east of it, the ogre at (7,0) near her.
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: FOG_YARD,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [pc('Anselm'), pc('Bohdana')] },
      encounter: {
        schemaVersion: 1,
        kind: 'encounter',
        name: 'Two sides of a wall',
        map: 'fog.json',
        chapter: 1,
        foes: [{ id: 'ogre', statBlock: OGRE, cell: { x: 7, y: 0 } }],
        partyStarts: [
          { x: 0, y: 1 },
          { x: 5, y: 1 },
        ],
      },
    });
    const { room } = await gmRevealsUnderFog(server, roomId, gmToken, 'per-player', 'ogre');
    const invite = async (name: string, characterIds: string[]) =>
      (
        await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
          token: gmToken,
          body: { name, characterIds },
        })
      ).body;
    const ana = await invite('Anselm’s player', ['anselm']);
    const bo = await invite('Bohdana’s player', ['bohdana']);
    const open = async (doc: string, token: string) => {
      const c = RawClient.connect(server.wsUrl, doc, token);
      await c.opened;
      c.requestState();
      return c;
    };
    const anaPub = await open(roomId, ana.token);
    const anaChan = await open(channelDocName(roomId, ana.id), ana.token);
    const boPub = await open(roomId, bo.token);
    const boChan = await open(channelDocName(roomId, bo.id), bo.token);
    await waitFor(() => bytesOf(boChan).includes('Gnarled Ogre'), 'the ogre in Bohdana’s channel');
    await waitFor(() => bytesOf(anaChan).includes('Anselm'), 'Anselm in his own channel');
    await waitFor(() => bytesOf(anaPub).includes('Fog yard'), 'the room state');
    // Anselm's player: neither the ogre nor Bohdana, in any frame of either socket.
    expect(bytesOf(anaPub, anaChan)).not.toContain('Gnarled Ogre');
    expect(bytesOf(anaPub, anaChan)).not.toContain('Bohdana"');
    // Bohdana's player: not Anselm (his token, state or stat block).
    expect(bytesOf(boPub, boChan)).not.toMatch(/"name":"Anselm"/);

    // Bohdana attacks the ogre: her answer is whole; Anselm's player still receives nothing of it.
    const attack = await api<{ ok: boolean; outcome?: { kind: string } }>(
      server.origin,
      `/api/rooms/${roomId}/intents`,
      {
        token: bo.token,
        body: { kind: 'attack', attackerId: 'bohdana', targetId: 'ogre', abilityId: 'basic-ranged' },
      },
    );
    expect(attack.status).toBe(200);
    expect(attack.body.outcome?.kind).toBe('attack');
    // An intent for a character Anselm's player cannot see is refused as if it were not there.
    const blind = await api<{ reason?: string }>(server.origin, `/api/rooms/${roomId}/intents`, {
      token: ana.token,
      body: { kind: 'attack', attackerId: 'anselm', targetId: 'ogre', abilityId: 'basic-ranged' },
    });
    expect(blind.body.reason).toBe('that character is not on the table');
    expect(JSON.stringify(blind.body)).not.toContain('Gnarled Ogre');

    // Anselm steps below the wall's end: the ogre is his to see by the time his move is answered.
    const step = await api(server.origin, `/api/rooms/${roomId}/intents`, {
      token: ana.token,
      body: {
        kind: 'move',
        tokenId: 'anselm',
        path: [
          { x: 0, y: 2 },
          { x: 0, y: 3 },
          { x: 1, y: 3 },
          { x: 2, y: 3 },
        ],
      },
    });
    expect(step.status).toBe(200);
    const sent = () =>
      room.public.doc.getMap('tokens').has('ogre') || room.channel(ana.id)!.doc.getMap('tokens').has('ogre');
    expect(sent()).toBe(true);
    await waitFor(
      () => bytesOf(anaPub, anaChan).includes('Gnarled Ogre'),
      'the ogre reaches Anselm’s player',
    );
    for (const c of [anaPub, anaChan, boPub, boChan]) c.ws.close();
  });
});
