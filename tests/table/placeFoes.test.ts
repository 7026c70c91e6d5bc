import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { planFoes } from '../../src/table/foePlacement';
import { duplicateToken, placeFoes } from '../../src/table/writers/foeWriters';
import { rootsOf } from '../../src/table/docLayout';
import { encounter, foe, mapOf, pc, party, room } from './fixtures';

/** 6×4: a wall at (3,1), an edge at (5,3). */
const MAP = mapOf(['......', '...#..', '......', '....._']);
const HUSK = foe('Hollow Husk');
const OGRE = foe('Ogre', { size: 2 });

function table() {
  return room({
    map: MAP,
    encounter: encounter([{ id: 'husk', statBlock: HUSK, cell: { x: 0, y: 0 } }], [{ x: 0, y: 3 }]),
    party: party(pc('Ana')),
    revealFoes: true,
  });
}

const names = (docs: ReturnType<typeof table>) =>
  readSnapshot(docs.public, docs.secrets)
    .tokens.map((t) => t.name)
    .sort();

describe('placing foes from a stat block (GM, running room)', () => {
  it('places N full combatants, numbered after the one already there, at full HP', () => {
    const docs = table();
    const ids = placeFoes(docs, {
      foe: HUSK,
      cells: [
        { x: 1, y: 0 },
        { x: 2, y: 0 },
      ],
      hidden: false,
    }).map((p) => p.id);
    expect(ids).toHaveLength(2);
    expect(names(docs)).toEqual(['Ana', 'Hollow Husk 1', 'Hollow Husk 2', 'Hollow Husk 3']);
    const snap = readSnapshot(docs.public, docs.secrets);
    for (const id of ids) {
      const t = snap.tokensById[id]!;
      expect(t.combatant).toBe(true);
      expect(t.statBlock).toEqual(HUSK);
      expect(t.state?.hp).toBe(4 * HUSK.health);
    }
  });

  it('hidden foes go to the secrets doc only', () => {
    const docs = table();
    const ids = placeFoes(docs, { foe: HUSK, cells: [{ x: 1, y: 2 }], hidden: true }).map((p) => p.id);
    expect(rootsOf(docs.public).tokens.has(ids[0]!)).toBe(false);
    expect(rootsOf(docs.secrets).tokens.has(ids[0]!)).toBe(true);
    expect(rootsOf(docs.public).statBlocks.has(ids[0]!)).toBe(false);
  });

  it('refuses with a sentence and places nothing when one copy does not fit', () => {
    const docs = table();
    const before = names(docs);
    const refusal = (cells: { x: number; y: number }[], what = OGRE) => {
      const plan = planFoes(readSnapshot(docs.public, docs.secrets), { foe: what, cells, hidden: false });
      return plan.ok ? 'placed' : plan.reason;
    };
    expect(refusal([{ x: 2, y: 0 }])).toBe(
      'Ogre (size 2) does not fit at (2,0): impassable ground is in the way at (3,1)',
    );
    expect(refusal([{ x: 5, y: 0 }])).toBe('Ogre (size 2) at (5,0) reaches past the side of this 6×4 map');
    expect(refusal([{ x: 9, y: 9 }])).toBe('Ogre (size 2) stands at (9,9), outside this 6×4 map');
    expect(refusal([{ x: 0, y: 2 }])).toBe('Ogre (size 2) does not fit at (0,2): Ana is in the way at (0,3)');
    expect(refusal([{ x: 4, y: 2 }])).toBe(
      'Ogre (size 2) does not fit at (4,2): (5,3) is an edge, where a character cannot stay',
    );
    // Two copies on overlapping squares: the second names the first by its new number.
    expect(
      refusal(
        [
          { x: 1, y: 2 },
          { x: 2, y: 2 },
        ],
        HUSK,
      ),
    ).toBe('placed');
    expect(
      refusal(
        [
          { x: 1, y: 2 },
          { x: 1, y: 2 },
        ],
        HUSK,
      ),
    ).toBe('Hollow Husk (size 1) does not fit at (1,2): Hollow Husk 2 is in the way at (1,2)');
    expect(() =>
      placeFoes(docs, {
        foe: HUSK,
        cells: [
          { x: 1, y: 0 },
          { x: 3, y: 1 },
        ],
        hidden: false,
      }),
    ).toThrow('Hollow Husk (size 1) does not fit at (3,1): impassable ground is in the way at (3,1)');
    expect(names(docs)).toEqual(before);
    expect(refusal([])).toBe('choose at least one square to place Ogre on');
  });

  it('one placement of several foes is one undo step', () => {
    const docs = table();
    const undo = createGmUndoManager(docs);
    placeFoes(docs, {
      foe: HUSK,
      cells: [
        { x: 1, y: 0 },
        { x: 2, y: 0 },
        { x: 1, y: 2 },
      ],
      hidden: false,
    });
    expect(names(docs)).toHaveLength(5);
    undo.undo();
    expect(names(docs)).toEqual(['Ana', 'Hollow Husk']);
  });
});

describe('duplicating a token (GM)', () => {
  it('the copy lands on the nearest free square, next number, same side and hiding, fresh state', () => {
    const docs = table();
    const snap0 = readSnapshot(docs.public, docs.secrets);
    const husk = snap0.tokens.find((t) => t.name === 'Hollow Husk')!;
    // Hurt the original: the copy still starts at full HP with no statuses.
    const state = rootsOf(docs.public).combatants.get(husk.id) as Record<string, unknown>;
    rootsOf(docs.public).combatants.set(husk.id, {
      ...state,
      hp: 3,
      statuses: [{ id: 'dazed', ongoing: false }],
    });
    const { id: copyId, name } = duplicateToken(docs, husk.id);
    expect(name).toBe('Hollow Husk 2');
    const snap = readSnapshot(docs.public, docs.secrets);
    const copy = snap.tokensById[copyId]!;
    expect(copy.name).toBe('Hollow Husk 2');
    expect(snap.tokensById[husk.id]!.name).toBe('Hollow Husk 1');
    expect(copy.cell).toEqual({ x: 1, y: 0 });
    expect(copy.side).toBe('foes');
    expect(copy.hidden).toBe(false);
    expect(copy.statBlock).toEqual(HUSK);
    const c = copy.state!;
    expect(c.hp).toBe(4 * HUSK.health);
    expect(c.statuses).toEqual([]);
  });

  it('a hidden foe is duplicated hidden; a big one finds room for its whole footprint', () => {
    const docs = table();
    const [ogre] = placeFoes(docs, { foe: OGRE, cells: [{ x: 1, y: 2 }], hidden: true });
    const copyId = duplicateToken(docs, ogre!.id).id;
    expect(rootsOf(docs.secrets).tokens.has(copyId)).toBe(true);
    const snap = readSnapshot(docs.public, docs.secrets);
    expect(snap.tokensById[copyId]!.cell).toEqual({ x: 3, y: 2 });
    expect(snap.tokensById[copyId]!.name).toBe('Ogre 2');
  });
});
