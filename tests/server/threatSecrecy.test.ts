import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { setTokenHidden } from '../../src/table/writers/tokenWriters';
import { ThreatComputer } from '../../src/ui/threat/threatView';
import { threatSourceOf } from '../../src/ui/threat/threatSourceOf';
import { connectClient, createRoom, invite, TEST_MAP, useTestServer, waitFor } from './helpers';
import { foe, pc } from '../table/fixtures';

const claw = {
  name: 'Claw',
  cost: '1-action',
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
};
const BRUTE = foe('Brute', { speed: 0, abilities: [claw] } as never);
const HUSK = foe('Hollow Husk', { abilities: [{ ...claw, name: 'Grave Claw' }] } as never);
const LURKER = foe('Lurker', { abilities: [{ ...claw, name: 'Ambush' }] } as never);

describe('the threat map from a player\'s page (docs/ui.md "Threat map")', () => {
  const server = useTestServer();

  it('holds no hidden foe, and leaves out a foe whose stats are hidden instead of guessing them', async () => {
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [pc('Ana')] },
      encounter: {
        schemaVersion: 1,
        kind: 'encounter',
        name: 'Three foes',
        map: 'test.json',
        chapter: 1,
        foes: [
          { id: 'brute', statBlock: BRUTE, cell: { x: 6, y: 1 } },
          { id: 'husk', statBlock: HUSK, cell: { x: 5, y: 4 } },
          { id: 'lurker', statBlock: LURKER, cell: { x: 1, y: 4 } },
        ],
        partyStarts: [{ x: 0, y: 1 }],
      },
    });
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    setTokenHidden(docs, 'brute', false);
    setTokenHidden(docs, 'husk', false, { keepStatsHidden: true });
    const anaToken = await invite(server.origin, roomId, gmToken, 'Ana’s player', ['ana']);
    const player = connectClient(server.wsUrl, roomId, anaToken);
    server.keep(player);
    await player.synced;
    await waitFor(
      () => player.doc.getMap('tokens').has('husk') && player.doc.getMap('tokens').has('brute'),
      'both revealed',
    );

    const computer = new ThreatComputer();
    const now = () => Promise.resolve();
    const seen = readSnapshot(player.doc);
    const playerView = (await computer.compute(threatSourceOf(seen)!, 'foes', 'ana', true, now))!;
    expect(playerView.attackers.map((a) => a.id)).toEqual(['brute']);
    expect(playerView.leftOut).toEqual(['Hollow Husk']);
    // Nothing it computed names the lurker: its token never reached this page.
    expect(JSON.stringify(threatSourceOf(seen)!.characters)).not.toContain('Lurker');
    // Ana's danger counts only the brute: beside the husk (and nowhere near the brute) it reads 0.
    const d = playerView.dangerMap!;
    expect(d.expected[4 * d.width + 4]).toBe(0);
    expect(d.expected[1 * d.width + 5]!).toBeGreaterThan(0);

    // The GM's page holds everyone: three attackers, nobody left out.
    const gmView = (await new ThreatComputer().compute(
      threatSourceOf(readSnapshot(gm.doc, gmSecrets.doc))!,
      'foes',
      'ana',
      true,
      now,
    ))!;
    expect(gmView.attackers.map((a) => a.id).sort()).toEqual(['brute', 'husk', 'lurker']);
    expect(gmView.leftOut).toEqual([]);
    expect(gmView.dangerMap!.expected[4 * d.width + 4]!).toBeGreaterThan(0);
  });
});
