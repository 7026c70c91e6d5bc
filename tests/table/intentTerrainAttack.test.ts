import { describe, expect, it } from 'vitest';
import type { AbilityInput } from '../../src/schema/ability';
import { lineOfSight } from '../../src/grid/lineOfSight';
import { battlefieldOf } from '../../src/table/battlefieldOf';
import type { TableDocs } from '../../src/table/docLayout';
import { readSnapshot } from '../../src/table/snapshot';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { moveToken } from '../../src/table/writers/tokenWriters';
import { applicationOf } from '../../src/ui/combat/applicationHistory';
import { revertApplication } from '../../src/ui/combat/gmCombatWrites';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

/**
 * Destructible terrain as a target (docs/rules.md "Destructible terrain"): attacks hit it
 * automatically, the rolled damage lowers it a level per 10 HP, and the map (hence sight and
 * reach) changes in the same transaction; undo puts it back.
 */
const ANA = player('ana');
const HAMMER: AbilityInput = {
  name: 'Hammer',
  cost: '1-action',
  tags: { attack: true },
  attack: { kind: 'melee', onHit: { damage: { tier: 'heavy' } } },
};
const QUAKE: AbilityInput = {
  name: 'Quake',
  cost: '2-actions',
  range: 5,
  area: { primary: { kind: 'blast', size: 1 } },
  areaEffect: { damage: { tier: 'light' } },
};

// cells    heights   a destructible height-3 pillar at (2,1) next to Ana (1,1); the Orc at (4,1).
// .....    00000
// .....    00300
// .....    00000
function pillarRoom() {
  const map = {
    ...mapOf(['.....', '.....', '.....'], ['00000', '00300', '00000']),
    destructible: [{ x: 2, y: 1 }],
  };
  return room({
    map,
    party: party(pc('Ana', { damageDie: 12, abilities: [HAMMER, QUAKE] } as never)),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 4, y: 1 } }], [{ x: 1, y: 1 }]),
    revealFoes: true,
  });
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const pillar = (docs: TableDocs) => {
  const s = snap(docs);
  return { height: Number(s.map!.heights[1]![2]), hp: s.destructibleHp['2,1'] ?? null };
};
const hammer = {
  kind: 'attack',
  attackerId: 'ana',
  targetCell: { x: 2, y: 1 },
  abilityId: 'Hammer',
} as const;

describe('an attack on destructible terrain', () => {
  it('hits automatically: 25 damage takes a height-3 pillar to height 1 (5 HP), in the map everyone reads', () => {
    const docs = pillarRoom();
    expect(pillar(docs)).toEqual({ height: 3, hp: 30 });
    // Heavy: fray 3 + two d12 (12, 10) = 25. No attack roll: it hits automatically.
    const result = act(docs, ANA, hammer, [12, 10]);
    expect(result).toMatchObject({
      ok: true,
      outcome: {
        kind: 'terrain-damage',
        sourceId: 'ana',
        ability: 'Hammer',
        damage: { total: 25 },
        squares: [
          {
            x: 2,
            y: 1,
            damage: 25,
            hpBefore: 30,
            hpAfter: 5,
            heightBefore: 3,
            heightAfter: 1,
            destroyed: false,
          },
        ],
      },
    });
    expect(pillar(docs)).toEqual({ height: 1, hp: 5 });
    expect(battlefieldOf(snap(docs))!.map.heights[1]).toBe('00100');
    const entry = snap(docs).log.at(-1)!;
    expect(entry.summary).toBe(
      'Ana attacks the terrain at (2,1) with Hammer: it hits automatically; 25 damage lowers it from height 3 to 1 (5 HP left)',
    );
    // The GM takes the application back: height 3 and 30 HP again.
    revertApplication(docs, applicationOf(entry)!);
    expect(pillar(docs)).toEqual({ height: 3, hp: 30 });
  });

  it('destroyed at 0 HP: level ground, no longer destructible, and sight opens', () => {
    const docs = pillarRoom();
    const before = lineOfSight(battlefieldOf(snap(docs))!, 'ana', 'orc');
    expect(before.visible).toBe(false);
    act(docs, ANA, hammer, [12, 10]);
    // 5 HP left; fray 3 + 1 + 1 = 5 destroys it.
    act(docs, ANA, hammer, [1, 1]);
    expect(pillar(docs)).toEqual({ height: 0, hp: null });
    expect(snap(docs).map!.destructible).toEqual([]);
    expect(snap(docs).log.at(-1)!.summary).toBe(
      'Ana attacks the terrain at (2,1) with Hammer: it hits automatically; 5 damage destroys it (height 1 to level ground)',
    );
    expect(lineOfSight(battlefieldOf(snap(docs))!, 'ana', 'orc').visible).toBe(true);
  });

  it('on confirm the terrain waits for Apply like any roll', () => {
    const docs = pillarRoom();
    setRoomSettings(docs, { ...snap(docs).settings, applyResults: 'on-confirm' });
    act(docs, ANA, hammer, [12, 10]);
    expect(pillar(docs)).toEqual({ height: 3, hp: 30 });
    const rolled = snap(docs).log.at(-1)!;
    expect(rolled.pending?.diff.terrain).toEqual([
      { x: 2, y: 1, destructibleHp: { before: 30, after: 5 }, height: { before: 3, after: 1 } },
    ]);
    expect(act(docs, ANA, { kind: 'apply-result', logId: rolled.id })).toMatchObject({ ok: true });
    expect(pillar(docs)).toEqual({ height: 1, hp: 5 });
  });

  it('refuses squares that are not destructible, out of reach, or both kinds of target, in words', () => {
    const docs = pillarRoom();
    expect(act(docs, ANA, { ...hammer, targetCell: { x: 0, y: 0 } })).toEqual({
      ok: false,
      reason: '(0,0) is not destructible terrain',
    });
    expect(act(docs, ANA, { ...hammer, targetCell: { x: 9, y: 0 } })).toEqual({
      ok: false,
      reason: '(9,0) is outside the 5×3 map',
    });
    expect(act(docs, ANA, { ...hammer, targetId: 'orc' })).toEqual({
      ok: false,
      reason: 'an attack has one target: a character (targetId) or a square (targetCell), not both',
    });
    // The GM's drag puts the Orc on the pillar: then the Orc is the target.
    moveToken(docs, 'orc', { x: 2, y: 1 });
    expect(act(docs, ANA, hammer)).toEqual({ ok: false, reason: 'Orc stands on (2,1): attack Orc instead' });
    moveToken(docs, 'orc', { x: 4, y: 1 });
    act(docs, GM, { kind: 'force-move', tokenId: 'ana', move: 'shove', squares: 1, direction: 'west' });
    expect(act(docs, ANA, hammer)).toEqual({
      ok: false,
      reason: '(2,1) is 2 squares away; Hammer reaches 1',
    });
  });

  it('an area hits the destructible squares in it: its area effect damage, rolled per square', () => {
    const docs = pillarRoom();
    // Blast 1 centred on (3,2): the Orc (4,1) and the pillar (2,1) are in it. Light, rolled for
    // the Orc first (fray 3 + d12 5 = 8), then for the pillar (fray 3 + d12 9 = 12).
    const result = act(
      docs,
      ANA,
      {
        kind: 'area',
        casterId: 'ana',
        abilityId: 'Quake',
        placement: { primary: { kind: 'blast', center: { x: 3, y: 2 } } },
      },
      [5, 9],
    );
    expect(result).toMatchObject({
      ok: true,
      outcome: { kind: 'area', terrain: [{ x: 2, y: 1, damage: 12, hpAfter: 18, heightAfter: 2 }] },
    });
    expect(snap(docs).tokensById['orc']!.state!.hp).toBe(32 - 8);
    expect(pillar(docs)).toEqual({ height: 2, hp: 18 });
    expect(snap(docs).log.at(-1)!.summary).toContain(
      'the terrain at (2,1): 12 damage lowers it from height 3 to 2 (18 HP left)',
    );
  });
});
