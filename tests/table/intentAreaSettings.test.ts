import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { act, encounter, FLAME_BURST, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** A melee Close blast 2: light damage to the character in its centre, nothing else. */
const SWEEP = {
  name: 'Sweep',
  cost: '1-action',
  tags: { attack: true },
  area: { primary: { kind: 'close-blast', size: 2 } },
  damageType: 'physical',
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
};
/** A plain effect in range 2: the target becomes vulnerable. */
const HEX = { name: 'Hex', cost: '1-action', range: 2, effect: { statuses: ['vulnerable'] } };

/** Ana at (0,1) standing `height` levels up; the orc at `orc`, the grunt at `grunt`. */
function fight(heights: string[], orc: { x: number; y: number }, grunt: { x: number; y: number }) {
  const docs = room({
    map: mapOf(['........', '........', '........'], heights),
    party: party(pc('Ana', { abilities: [FLAME_BURST, SWEEP, HEX] } as never)),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: orc },
        { id: 'grunt', statBlock: foe('Grunt'), cell: grunt },
      ],
      [{ x: 0, y: 1 }],
    ),
    revealFoes: true,
  });
  expect(act(docs, GM, { kind: 'start-combat' }).ok).toBe(true);
  expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }).ok).toBe(true);
  return docs;
}
const FLAT = ['00000000', '00000000', '00000000'];
const hp = (docs: ReturnType<typeof fight>, id: string) =>
  readSnapshot(docs.public, docs.secrets).tokensById[id]!.state!.hp;
const burst = (center: { x: number; y: number }) => ({
  kind: 'area',
  casterId: 'ana',
  abilityId: 'flame-burst',
  placement: { primary: { kind: 'blast', center } },
});

// Rulebook (Height advantage, cover, and ranged attacks): "When making ranged attacks while next
// to a foe, take +1 curse"; "Ranged attacks gain +1 range for every level of height".
describe('a ranged area attack is a ranged attack (setting rangedAreaIsRangedAttack)', () => {
  it('default: next to the orc, Flame Burst at the grunt takes the curse: 15 + 2 − 4 = 13', () => {
    const docs = fight(FLAT, { x: 1, y: 1 }, { x: 4, y: 1 });
    // d20 15, curse d6 4, light d6 3: 13 vs Defense 9 hits for 3 + fray 3 = 6.
    expect(act(docs, ANA, burst({ x: 4, y: 1 }), [15, 4, 3])).toMatchObject({
      ok: true,
      outcome: { attack: { result: 'hit', roll: { total: 13 } } },
    });
    expect(hp(docs, 'grunt')).toBe(26);
  });

  it('off: no curse die is rolled: 15 + 2 = 17', () => {
    const docs = fight(FLAT, { x: 1, y: 1 }, { x: 4, y: 1 });
    setRoomSettings(docs, { foeHp: 'exact', rangedAreaIsRangedAttack: false });
    expect(act(docs, ANA, burst({ x: 4, y: 1 }), [15, 3])).toMatchObject({
      ok: true,
      outcome: { attack: { roll: { total: 17 } } },
    });
  });

  it('default: standing 2 levels up, range 4 reaches a centre 6 away (and no farther)', () => {
    const docs = fight(['00000000', '20000000', '00000000'], { x: 7, y: 2 }, { x: 6, y: 1 });
    expect(act(docs, ANA, burst({ x: 7, y: 1 }))).toEqual({
      ok: false,
      reason: 'blast centre (7,1) is 7 squares away; range is 4 + 2 for height = 6',
    });
    // d20 15, height boon d6 2, light 3: 19 hits the grunt for 6.
    expect(act(docs, ANA, burst({ x: 6, y: 1 }), [15, 2, 3])).toMatchObject({
      ok: true,
      outcome: { attack: { roll: { total: 19 } } },
    });
    expect(hp(docs, 'grunt')).toBe(26);
  });

  it('off: the listed range alone', () => {
    const docs = fight(['00000000', '20000000', '00000000'], { x: 7, y: 2 }, { x: 6, y: 1 });
    setRoomSettings(docs, { foeHp: 'exact', rangedAreaIsRangedAttack: false });
    expect(act(docs, ANA, burst({ x: 6, y: 1 }))).toEqual({
      ok: false,
      reason: 'blast centre (6,1) is 6 squares away; range is 4',
    });
  });
});

// Rulebook (Area of effect): "Cover for AoE abilities is determined by the origin point".
describe('area cover for every area ability (setting areaCoverForEveryArea)', () => {
  // The height-1 square (2,1) is next to the orc at (3,1), between it and Ana at (0,1).
  const COVERED = ['00000000', '00100000', '00000000'];
  const sweep = {
    kind: 'area',
    casterId: 'ana',
    abilityId: 'sweep',
    placement: { primary: { kind: 'close-blast', center: { x: 3, y: 1 } } },
  };

  it('default: the orc has cover from the origin against a melee Close blast: 6 halves to 3', () => {
    const docs = fight(COVERED, { x: 3, y: 1 }, { x: 7, y: 0 });
    expect(act(docs, ANA, sweep, [15, 3])).toMatchObject({
      ok: true,
      outcome: { affected: [{ id: 'orc', cover: true }], attack: { result: 'hit', cover: true } },
    });
    expect(hp(docs, 'orc')).toBe(29);
  });

  it('off: cover only resists ranged areas, so the whole 6 lands', () => {
    const docs = fight(COVERED, { x: 3, y: 1 }, { x: 7, y: 0 });
    setRoomSettings(docs, { foeHp: 'exact', areaCoverForEveryArea: false });
    expect(act(docs, ANA, sweep, [15, 3])).toMatchObject({ ok: true, outcome: { attack: { cover: false } } });
    expect(hp(docs, 'orc')).toBe(26);
  });
});

// The height range bonus is written for attacks; effects get it only when the room says so.
describe('plain effects and height (setting effectsGainHeightRange)', () => {
  const hex = { kind: 'effect', userId: 'ana', abilityId: 'hex', targetId: 'orc' };
  const HIGH = ['00000000', '20000000', '00000000'];

  it('default: Hex (range 2) does not reach the orc 4 away, though Ana stands 2 levels up', () => {
    const docs = fight(HIGH, { x: 4, y: 1 }, { x: 7, y: 2 });
    expect(act(docs, ANA, hex)).toEqual({ ok: false, reason: 'Orc is 4 squares away; Hex reaches 2' });
  });

  it('on: 2 + 2 for height = 4 reaches it', () => {
    const docs = fight(HIGH, { x: 4, y: 1 }, { x: 7, y: 2 });
    setRoomSettings(docs, { foeHp: 'exact', effectsGainHeightRange: true });
    expect(act(docs, ANA, hex)).toMatchObject({ ok: true });
    const docs2 = fight(HIGH, { x: 5, y: 1 }, { x: 7, y: 2 });
    setRoomSettings(docs2, { foeHp: 'exact', effectsGainHeightRange: true });
    expect(act(docs2, ANA, hex)).toEqual({
      ok: false,
      reason: 'Orc is 5 squares away; Hex reaches 2 + 2 for height = 4',
    });
  });
});
