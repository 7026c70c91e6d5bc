import { describe, expect, it } from 'vitest';
import { FoeSchema } from '../../../src/schema/statBlock';
import { MAX_ENCOUNTER_FOES } from '../../../src/schema/limits';
import {
  dropFoes,
  encounterOf,
  squareDescription,
  firstStart,
  foeAt,
  misfitsOn,
  moveFoe,
  removeFoe,
  setFoeHidden,
  shownFoeNames,
  toggleStart,
  type Change,
  type Pieces,
} from '../../../src/ui/encounterBuilder/builderDraft';

const husk = FoeSchema.parse({
  kind: 'foe',
  name: 'Hollow Husk',
  health: 2,
  defense: 6,
  speed: 4,
  attackBonus: 1,
  frayDamage: 2,
  damageDie: 4,
});
const brute = { ...husk, name: 'Quarry Brute', size: 2 };
// 6×4 with a pillar (#) at (3,1).
const map = { width: 6, height: 4, cells: ['......', '...#..', '......', '......'] };
const empty: Pieces = { foes: [], partyStarts: [{ x: 0, y: 3 }] };

function ok(change: Change): Pieces {
  if (!change.ok) throw new Error(change.reason);
  return change.pieces;
}

describe('the encounter builder’s pieces', () => {
  it('drops several copies at once: the first where clicked, the rest nearest; numbered as the room will', () => {
    const pieces = ok(dropFoes(map, empty, { statBlock: husk, at: { x: 1, y: 1 }, count: 2, hidden: true }));
    expect(pieces.foes.map((f) => [f.id, f.cell, f.hidden])).toEqual([
      ['hollow-husk', { x: 1, y: 1 }, true],
      ['hollow-husk-2', { x: 2, y: 1 }, true],
    ]);
    expect(shownFoeNames(pieces.foes)).toEqual(['Hollow Husk 1', 'Hollow Husk 2']);
    const three = ok(dropFoes(map, pieces, { statBlock: husk, at: { x: 5, y: 0 }, count: 1, hidden: false }));
    expect(shownFoeNames(three.foes)).toEqual(['Hollow Husk 1', 'Hollow Husk 2', 'Hollow Husk 3']);
    expect(three.foes[2]).toMatchObject({ id: 'hollow-husk-3', hidden: false });
  });

  it('renumbers after a removal, the way the room names what it is given', () => {
    const pieces = ok(dropFoes(map, empty, { statBlock: husk, at: { x: 0, y: 0 }, count: 3, hidden: false }));
    const fewer = removeFoe(pieces, pieces.foes[1]!.id);
    expect(shownFoeNames(fewer.foes)).toEqual(['Hollow Husk 1', 'Hollow Husk 2']);
    expect(shownFoeNames(removeFoe(fewer, fewer.foes[0]!.id).foes)).toEqual(['Hollow Husk']);
  });

  it('refuses a foe that does not fit with the sentence, and changes nothing', () => {
    const one = ok(dropFoes(map, empty, { statBlock: husk, at: { x: 0, y: 0 }, count: 1, hidden: false }));
    expect(dropFoes(map, one, { statBlock: brute, at: { x: 2, y: 0 }, count: 1, hidden: false })).toEqual({
      ok: false,
      reason: 'Quarry Brute (size 2) does not fit at (2,0): impassable ground is in the way at (3,1)',
    });
    expect(dropFoes(map, one, { statBlock: brute, at: { x: 5, y: 2 }, count: 1, hidden: false })).toEqual({
      ok: false,
      reason: 'Quarry Brute (size 2) at (5,2) reaches past the side of this 6×4 map',
    });
    expect(dropFoes(map, one, { statBlock: husk, at: { x: 0, y: 0 }, count: 1, hidden: false })).toEqual({
      ok: false,
      reason: 'Hollow Husk (size 1) does not fit at (0,0): Hollow Husk is in the way at (0,0)',
    });
    expect(
      dropFoes(map, one, { statBlock: husk, at: { x: 0, y: 3 }, count: 1, hidden: false }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('a party start is in the way at (0,3)'),
    });
    // All or nothing: 30 husks do not fit on 24 squares.
    expect(
      dropFoes(map, one, { statBlock: husk, at: { x: 5, y: 3 }, count: 30, hidden: false }),
    ).toMatchObject({
      ok: false,
    });
  });

  it(`holds at most ${MAX_ENCOUNTER_FOES} foes`, () => {
    const big = { width: 20, height: 11, cells: Array.from({ length: 11 }, () => '.'.repeat(20)) };
    const full = ok(
      dropFoes(
        big,
        { foes: [], partyStarts: [] },
        { statBlock: husk, at: { x: 0, y: 0 }, count: MAX_ENCOUNTER_FOES, hidden: true },
      ),
    );
    expect(full.foes).toHaveLength(MAX_ENCOUNTER_FOES);
    expect(new Set(full.foes.map((f) => f.id)).size).toBe(MAX_ENCOUNTER_FOES);
    expect(dropFoes(big, full, { statBlock: husk, at: { x: 0, y: 10 }, count: 1, hidden: true })).toEqual({
      ok: false,
      reason: `an encounter holds at most ${MAX_ENCOUNTER_FOES} foes: remove one first`,
    });
  });

  it('moves a foe (not blocked by itself), hides it, finds it by any square of its footprint', () => {
    const pieces = ok(
      dropFoes(map, empty, { statBlock: brute, at: { x: 0, y: 0 }, count: 1, hidden: false }),
    );
    const id = pieces.foes[0]!.id;
    const moved = ok(moveFoe(map, pieces, id, { x: 1, y: 0 }));
    expect(moved.foes[0]!.cell).toEqual({ x: 1, y: 0 });
    expect(foeAt(moved.foes, { x: 2, y: 1 })?.id).toBe(id);
    expect(foeAt(moved.foes, { x: 0, y: 0 })).toBeUndefined();
    expect(moveFoe(map, moved, id, { x: 3, y: 2 })).toMatchObject({ ok: true });
    expect(moveFoe(map, moved, id, { x: 2, y: 1 })).toEqual({
      ok: false,
      reason: 'Quarry Brute (size 2) does not fit at (2,1): impassable ground is in the way at (3,1)',
    });
    expect(setFoeHidden(moved, id, true).foes[0]!.hidden).toBe(true);
  });

  it('toggles party starts on free squares; names what no longer fits on another map', () => {
    const pieces = ok(dropFoes(map, empty, { statBlock: husk, at: { x: 4, y: 3 }, count: 1, hidden: false }));
    expect(toggleStart(map, pieces, { x: 3, y: 1 })).toEqual({
      ok: false,
      reason: 'A party start (size 1) does not fit at (3,1): impassable ground is in the way at (3,1)',
    });
    const two = ok(toggleStart(map, pieces, { x: 1, y: 3 }));
    expect(two.partyStarts).toHaveLength(2);
    expect(ok(toggleStart(map, two, { x: 0, y: 3 })).partyStarts).toEqual([{ x: 1, y: 3 }]);
    const small = { width: 4, height: 3, cells: ['....', '....', '....'] };
    expect(misfitsOn(small, two)).toEqual([
      'Hollow Husk (size 1) stands at (4,3), outside this 4×3 map',
      'A party start (size 1) stands at (0,3), outside this 4×3 map',
      'A party start (size 1) stands at (1,3), outside this 4×3 map',
    ]);
    expect(misfitsOn(map, two)).toEqual([]);
    expect(firstStart(map, { foes: [], partyStarts: [] })).toEqual({ x: 3, y: 3 });
  });

  it('says what the cursor is on, and builds the encounter on a sample or a library map', () => {
    const pieces = ok(dropFoes(map, empty, { statBlock: husk, at: { x: 1, y: 1 }, count: 2, hidden: false }));
    expect(squareDescription(map, pieces, { x: 2, y: 1 })).toBe('Square (2,1): ground, Hollow Husk 2.');
    expect(squareDescription(map, pieces, { x: 3, y: 1 })).toBe('Square (3,1): impassable, nobody.');
    expect(squareDescription(map, pieces, { x: 0, y: 3 })).toBe('Square (0,3): ground, a party start.');
    const initial = {
      schemaVersion: 2 as const,
      kind: 'encounter' as const,
      name: 'Old',
      map: 'mine.json',
      mapEntry: 'lib_map',
      chapter: 1,
      foes: [],
      partyStarts: [{ x: 0, y: 0 }],
    };
    const onSample = encounterOf(initial, { file: 'arena.json' }, { name: ' Husks ', chapter: 3 }, pieces);
    expect(onSample).toMatchObject({
      name: 'Husks',
      chapter: 3,
      map: 'arena.json',
      partyStarts: [{ x: 0, y: 3 }],
    });
    expect('mapEntry' in onSample).toBe(false);
    expect(onSample.foes).toHaveLength(2);
    const onLibrary = encounterOf(
      initial,
      { file: 'yard.json', entryId: 'x_1' },
      { name: 'A', chapter: 1 },
      pieces,
    );
    expect(onLibrary.mapEntry).toBe('x_1');
  });
});
