import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../src/table/snapshot';
import { combatOverlayState } from '../../../src/ui/combat/combatOverlayState';
import { forcedPreviewsFor } from '../../../src/ui/combat/forcedMovePreview';
import { act, encounter, foe, mapOf, party, pc, player, room } from '../../table/fixtures';

/** The Act panel's preview runs the server's pure functions: it says what the server will do. */
const BASH = {
  name: 'Shield Bash',
  cost: '1-action',
  tags: { attack: true },
  attack: { kind: 'melee', onHit: { damage: { tier: 'fray' }, forcedMove: { kind: 'push', squares: 2 } } },
};
const HEAVE = { name: 'Heave', cost: '1-action', effect: { forcedMove: { kind: 'shove', squares: 1 } } };

function ledge() {
  return room({
    map: mapOf(['.......', '.......', '.......'], ['2220000', '2220000', '2220000']),
    party: party(pc('Ana', { abilities: [BASH, HEAVE] } as never)),
    encounter: encounter(
      [{ id: 'drake', statBlock: foe('Ruin Drake'), cell: { x: 2, y: 1 } }],
      [{ x: 1, y: 1 }],
    ),
    revealFoes: true,
  });
}

describe('forced movement preview', () => {
  it('shows the path, the end square and the fall damage the server then applies', () => {
    const docs = ledge();
    const snapshot = readSnapshot(docs.public);
    const ability = snapshot.tokensById['ana']!.statBlock!.abilities[0]!;
    const [preview] = forcedPreviewsFor(snapshot, 'ana', ability, 'drake', null);
    expect(preview).toEqual({
      when: 'on hit',
      spec: { kind: 'push', squares: 2 },
      path: [
        { x: 3, y: 1 },
        { x: 4, y: 1 },
      ],
      from: { x: 2, y: 1 },
      to: { x: 4, y: 1 },
      size: 1,
      damage: 2,
      text: 'Ruin Drake is pushed 2 squares east to (4,1) and falls 2 levels: 2 damage',
    });
    const overlay = combatOverlayState(
      {
        snapshot,
        choices: [],
        choice: null,
        targeting: null,
        pointer: null,
        effect: null,
        area: null,
        sight: null,
        movePath: null,
        forced: [preview!],
      },
      {} as never,
    );
    expect(overlay.forced).toEqual([{ path: preview!.path, ghost: { cell: { x: 4, y: 1 }, size: 1 } }]);
    // The server agrees, square for square.
    act(
      docs,
      player('ana'),
      { kind: 'attack', attackerId: 'ana', targetId: 'drake', abilityId: 'Shield Bash' },
      [15],
    );
    expect(readSnapshot(docs.public).tokensById['drake']!.cell).toEqual(preview!.to);
  });

  it('a shove shows nothing until a direction is chosen', () => {
    const snapshot = readSnapshot(ledge().public);
    const heave = snapshot.tokensById['ana']!.statBlock!.abilities[1]!;
    expect(forcedPreviewsFor(snapshot, 'ana', heave, 'drake', null)).toEqual([]);
    expect(forcedPreviewsFor(snapshot, 'ana', heave, 'drake', 'north')[0]).toMatchObject({
      when: 'effect',
      to: { x: 2, y: 0 },
      text: 'Ruin Drake is shoved 1 square north to (2,0)',
    });
  });
});
