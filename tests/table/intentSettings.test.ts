import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { battlefieldOf } from '../../src/table/battlefieldOf';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from './fixtures';

const ANA = player('ana');

// cells        heights
// 012345678    012345678
// .........    000000000  y0
// .........    000030000  y1
// .........    200030000  y2   Ana (1,2) next to a height-2 square at (0,2); orc (8,2)
// .........    000030000  y3
// .........    000000000  y4
// A height-3 ridge in column 4 (rows 1-3) is not next to either character, so by the rules as
// written it does not hide them from each other; with `tallTerrainBlocksSight: 'anywhere'` it does.
const MAP = mapOf(
  ['.........', '.........', '.........', '.........', '.........'],
  ['000000000', '000030000', '200030000', '000030000', '000000000'],
);

function seeded() {
  return room({
    map: MAP,
    party: party(
      pc('Ana', { armor: 1, basicAttacks: { melee: { range: 1 }, ranged: { range: 10 } } } as never),
    ),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc', { armor: 1 }), cell: { x: 8, y: 2 } }],
      [{ x: 1, y: 2 }],
    ),
    revealFoes: true,
  });
}

const hp = (docs: ReturnType<typeof seeded>, id: string) =>
  readSnapshot(docs.public, docs.secrets).tokensById[id]!.state!.hp;

describe('room settings reach the intents', () => {
  it("tallTerrainBlocksSight 'anywhere': the ridge between Ana and the orc blocks her shot", () => {
    const docs = seeded();
    const shot = { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-ranged' };
    setRoomSettings(docs, { foeHp: 'exact', tallTerrainBlocksSight: 'anywhere' });
    expect(battlefieldOf(readSnapshot(docs.public))!.tallTerrainBlocksSight).toBe('anywhere');
    expect(act(docs, ANA, shot)).toEqual({
      ok: false,
      reason: 'no line of sight: (4,2) blocks (taller terrain between)',
    });
    setRoomSettings(docs, { foeHp: 'exact', tallTerrainBlocksSight: 'adjacent-only' });
    // d20 15 + 2 = 17 vs Defense 9: the basic ranged attack is heavy, 2d6 (3 + 4) + fray 3 = 10;
    // armor 1 → 9 off the orc's 32.
    expect(act(docs, ANA, shot, [15, 3, 4])).toMatchObject({ ok: true, outcome: { result: 'hit' } });
    expect(hp(docs, 'orc')).toBe(23);
  });

  it('a 2-level fall deals 2 physical damage: armor 1 takes 1 off, unless fallDamageIgnoresArmor', () => {
    const docs = seeded();
    // Up onto the height-2 square (no fall), then down again: a 2-level drop.
    expect(act(docs, GM, move('ana', '0,2')).ok).toBe(true);
    expect(act(docs, GM, move('ana', '1,2'))).toMatchObject({
      ok: true,
      outcome: { events: [{ kind: 'fall', levels: 2 }], damage: [{ application: { hpAfter: 39 } }] },
    });
    expect(hp(docs, 'ana')).toBe(39);
    setRoomSettings(docs, { foeHp: 'exact', fallDamageIgnoresArmor: true });
    act(docs, GM, move('ana', '0,2'));
    act(docs, GM, move('ana', '1,2'));
    expect(hp(docs, 'ana')).toBe(37);
  });

  it('whack: armor 1 stops its 1 damage, unless whackIgnoresArmor', () => {
    const docs = seeded();
    // Around the ridge to (3,4), 2 squares from Ana.
    expect(act(docs, GM, move('orc', '8,3 8,4 7,4 6,4 5,4 4,4 3,4')).ok).toBe(true);
    const whack = { kind: 'basic-action', tokenId: 'ana', action: 'whack', targetId: 'orc' };
    expect(act(docs, ANA, whack)).toMatchObject({
      ok: true,
      outcome: { kind: 'whack', application: { hpBefore: 32, hpAfter: 32 } },
    });
    setRoomSettings(docs, { foeHp: 'exact', whackIgnoresArmor: true });
    expect(act(docs, ANA, whack)).toMatchObject({
      ok: true,
      outcome: { kind: 'whack', application: { hpBefore: 32, hpAfter: 31 } },
    });
    expect(hp(docs, 'orc')).toBe(31);
  });
});
