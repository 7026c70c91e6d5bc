import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readSnapshot } from '../../src/table/snapshot';
import {
  paintCells,
  resizeMap,
  setDestructible,
  setDestructibleHp,
} from '../../src/table/writers/mapWriters';
import {
  moveToken,
  placeToken,
  quickStatBlock,
  removeToken,
  setStatBlock,
  setTokenHidden,
  updateToken,
} from '../../src/table/writers/tokenWriters';
import { addStatus, removeStatus, setNote, updateCombatant } from '../../src/table/writers/roomWriters';
import { TableWriteError } from '../../src/table/writers/locateToken';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { applyIntent } from '../../src/table/applyIntent';
import { fixedDice } from '../../src/lib/dice';
import { encounter, foe, mapOf, party, pc, room } from './fixtures';

const MAP = mapOf(['......', '......', '......', '......']);

function seeded() {
  return room({
    map: MAP,
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 0 } }], [{ x: 0, y: 0 }]),
  });
}

/** Counts the transactions each doc sees while `fn` runs. */
function countTransactions(docs: { public: Y.Doc; secrets: Y.Doc }, fn: () => void): [number, number] {
  const counts: [number, number] = [0, 0];
  const a = () => counts[0]++;
  const b = () => counts[1]++;
  docs.public.on('update', a);
  docs.secrets.on('update', b);
  fn();
  docs.public.off('update', a);
  docs.secrets.off('update', b);
  return counts;
}

describe('GM writers', () => {
  it('paint: impassable squares lose their height; a height on a wall turns it into ground terrain', () => {
    const docs = seeded();
    paintCells(
      docs,
      [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ],
      { height: 3 },
    );
    paintCells(docs, [{ x: 2, y: 1 }], { code: '#' });
    paintCells(docs, [{ x: 3, y: 1 }], { code: '#' });
    paintCells(docs, [{ x: 3, y: 1 }], { height: 2 });
    const map = readSnapshot(docs.public).map!;
    expect(map.cells[1]).toBe('..#...');
    expect(map.heights[1]).toBe('030200');
  });

  it('a refused paint changes nothing', () => {
    const docs = seeded();
    const before = Y.encodeStateVector(docs.public);
    expect(() =>
      paintCells(
        docs,
        [
          { x: 1, y: 1 },
          { x: 6, y: 1 },
        ],
        { code: '~' },
      ),
    ).toThrow('square (6,1) is outside the 6×4 map');
    expect(Y.encodeStateVector(docs.public)).toEqual(before);
  });

  it('resize keeps the north-west corner and refuses to strand a token', () => {
    const docs = seeded();
    paintCells(docs, [{ x: 1, y: 1 }], { code: '~' });
    expect(() => resizeMap(docs, 4, 4)).toThrow(
      "token 'orc' at (5,0) would be outside a 4×4 map; move it first",
    );
    moveToken(docs, 'orc', { x: 2, y: 0 });
    resizeMap(docs, 4, 5);
    const map = readSnapshot(docs.public).map!;
    expect([map.width, map.height]).toEqual([4, 5]);
    expect(map.cells).toEqual(['....', '.~..', '....', '....', '....']);
  });

  it('destructible terrain: marked with 10 HP per level; at 0 HP it becomes ground', () => {
    const docs = seeded();
    paintCells(docs, [{ x: 2, y: 2 }], { height: 2 });
    setDestructible(docs, [{ x: 2, y: 2 }], true);
    expect(readSnapshot(docs.public).destructibleHp).toEqual({ '2,2': 20 });
    expect(() => setDestructible(docs, [{ x: 0, y: 0 }], true)).toThrow('(0,0) is not terrain (height 0)');
    setDestructibleHp(docs, { x: 2, y: 2 }, 0);
    const snap = readSnapshot(docs.public);
    expect(snap.destructibleHp).toEqual({});
    expect(snap.map!.heights[2]).toBe('000000');
  });

  it('reveal moves token, state and stats to the public doc in one transaction per doc; hide moves them back', () => {
    const docs = seeded();
    expect(countTransactions(docs, () => setTokenHidden(docs, 'orc', false))).toEqual([1, 1]);
    expect(readSnapshot(docs.public).tokensById['orc']!.statBlock!.name).toBe('Orc');
    setTokenHidden(docs, 'orc', true);
    expect(readSnapshot(docs.public).tokensById['orc']).toBeUndefined();
    setTokenHidden(docs, 'orc', false, { keepStatsHidden: true });
    const player = readSnapshot(docs.public).tokensById['orc']!;
    expect(player.statBlock).toBeNull();
    expect(player.state!.hp).toBe(32);
    expect(readSnapshot(docs.public, docs.secrets).tokensById['orc']!.statsHidden).toBe(true);
  });

  it('place, edit stats, update state, note and remove', () => {
    const docs = seeded();
    placeToken(
      docs,
      {
        id: 'ogre',
        name: 'Ogre',
        cell: { x: 2, y: 2 },
        size: 2,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      },
      {
        statBlock: foe('Ogre', { size: 2, health: 12 }),
      },
    );
    expect(() =>
      placeToken(docs, {
        id: 'ogre',
        name: 'X',
        cell: { x: 0, y: 3 },
        size: 1,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      }),
    ).toThrow("a token with id 'ogre' already exists");
    expect(() =>
      placeToken(docs, {
        id: 'big',
        name: 'Big',
        cell: { x: 5, y: 3 },
        size: 2,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      }),
    ).toThrow("token 'big' at (5,3) does not fit on the 6×4 map");
    expect(readSnapshot(docs.public).tokensById['ogre']!.footprint).toEqual([
      { x: 2, y: 2 },
      { x: 3, y: 2 },
      { x: 2, y: 3 },
      { x: 3, y: 3 },
    ]);
    setStatBlock(docs, 'ogre', foe('Ogre', { size: 2, health: 15 }));
    expect(readSnapshot(docs.public).tokensById['ogre']!.maxHp).toBe(60);
    updateCombatant(docs, 'ogre', (c) => ({ ...c, hp: 25, statuses: [{ id: 'slow', ongoing: false }] }));
    expect(readSnapshot(docs.public).tokensById['ogre']!.bloodied).toBe(true);
    expect(() => updateCombatant(docs, 'ogre', (c) => ({ ...c, hp: -3 }))).toThrow(
      /combatant 'ogre':\n {2}hp: /,
    );
    setNote(docs, 'ogre', 'Flees at half HP');
    expect(readSnapshot(docs.public, docs.secrets).notes).toEqual({ ogre: 'Flees at half HP' });
    expect(readSnapshot(docs.public).notes).toEqual({});
    removeToken(docs, 'ogre');
    expect(readSnapshot(docs.public, docs.secrets).tokensById['ogre']).toBeUndefined();
    expect(readSnapshot(docs.public, docs.secrets).notes).toEqual({});
  });

  it('renaming a combatant renames its state with the token, in one transaction (dead end 2)', () => {
    const docs = seeded();
    const [pub, sec] = countTransactions(docs, () => updateToken(docs, 'orc', { name: 'Orc Chief' }));
    expect(pub + sec).toBe(1);
    const orc = readSnapshot(docs.public, docs.secrets).tokensById['orc']!;
    expect(orc.name).toBe('Orc Chief');
    expect(orc.state?.name).toBe('Orc Chief');
    // A prop has no state to rename: the token alone changes.
    placeToken(docs, {
      id: 'crate',
      name: 'Crate',
      cell: { x: 0, y: 3 },
      size: 1,
      side: 'foes',
      ownerIds: [],
      combatant: false,
    });
    updateToken(docs, 'crate', { name: 'Barrel' });
    expect(readSnapshot(docs.public).tokensById['crate']!.name).toBe('Barrel');
    expect(readSnapshot(docs.public).tokensById['crate']!.state).toBeNull();
  });

  it("a token placed with the form's stats is a combatant at full HP whose HP can be edited (dead end 2)", () => {
    const docs = seeded();
    const statBlock = quickStatBlock({ name: 'Goblin', side: 'foes', size: 1, hp: 10, defense: 4, speed: 5 });
    expect(statBlock).toMatchObject({ kind: 'foe', health: 3, defense: 4, speed: 5 });
    placeToken(
      docs,
      {
        id: 'gob',
        name: 'Goblin',
        cell: { x: 1, y: 1 },
        size: 1,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      },
      { statBlock },
    );
    const gob = readSnapshot(docs.public).tokensById['gob']!;
    expect(gob.maxHp).toBe(12);
    expect(gob.state?.hp).toBe(12);
    updateCombatant(docs, 'gob', (c) => ({ ...c, hp: 5 }));
    expect(readSnapshot(docs.public).tokensById['gob']!.state?.hp).toBe(5);
    // A party member of Size 1 is built like a player character (basic attacks).
    expect(quickStatBlock({ name: 'Guide', side: 'party', size: 1, hp: 20, defense: 6, speed: 4 }).kind).toBe(
      'pc',
    );
    expect(
      quickStatBlock({ name: 'Golem', side: 'party', size: 2, hp: 20, defense: 6, speed: 4 }),
    ).toMatchObject({
      kind: 'foe',
      size: 2,
    });
  });

  it('statuses: only from the catalog, not doubled, removable', () => {
    const docs = seeded();
    addStatus(docs, 'ana', 'slow');
    addStatus(docs, 'ana', 'slow');
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.statuses).toEqual([
      { id: 'slow', ongoing: false, source: 'GM' },
    ]);
    expect(() => addStatus(docs, 'ana', 'zzz')).toThrow('unknown status "zzz" (not in this room\'s catalog)');
    removeStatus(docs, 'ana', 'slow');
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.statuses).toEqual([]);
  });

  it('unknown tokens are refused with a TableWriteError naming them', () => {
    const docs = seeded();
    expect(() => moveToken(docs, 'ghost', { x: 0, y: 0 })).toThrow(TableWriteError);
    expect(() => moveToken(docs, 'ghost', { x: 0, y: 0 })).toThrow("no token with id 'ghost' in this room");
  });
});

describe('GM undo', () => {
  it('each writer call is one undo step, redo replays it', () => {
    const docs = seeded();
    const undo = createGmUndoManager(docs);
    paintCells(
      docs,
      [
        { x: 0, y: 3 },
        { x: 1, y: 3 },
      ],
      { code: '~' },
    );
    paintCells(docs, [{ x: 2, y: 3 }], { code: '!' });
    moveToken(docs, 'ana', { x: 1, y: 0 });
    expect(undo.undo()).toBe(true);
    expect(readSnapshot(docs.public).tokensById['ana']!.cell).toEqual({ x: 0, y: 0 });
    expect(readSnapshot(docs.public).map!.cells[3]).toBe('~~!...');
    undo.undo();
    expect(readSnapshot(docs.public).map!.cells[3]).toBe('~~....');
    undo.undo();
    expect(readSnapshot(docs.public).map!.cells[3]).toBe('......');
    expect(undo.canUndo()).toBe(false);
    undo.redo();
    expect(readSnapshot(docs.public).map!.cells[3]).toBe('~~....');
    expect(undo.canRedo()).toBe(true);
    undo.destroy();
  });

  it('a reveal (two docs) is undone in one step on both docs', () => {
    const docs = seeded();
    const undo = createGmUndoManager(docs);
    setTokenHidden(docs, 'orc', false);
    expect(readSnapshot(docs.public).tokensById['orc']).toBeDefined();
    expect(undo.undo()).toBe(true);
    expect(readSnapshot(docs.public).tokensById['orc']).toBeUndefined();
    const gm = readSnapshot(docs.public, docs.secrets).tokensById['orc']!;
    expect([gm.hidden, gm.statBlock?.name, gm.state?.hp]).toEqual([true, 'Orc', 32]);
    expect(undo.canUndo()).toBe(false);
    undo.redo();
    expect(readSnapshot(docs.public).tokensById['orc']!.hidden).toBe(false);
    undo.destroy();
  });

  it("the server's intent resolutions are not in the GM's undo history", () => {
    const docs = seeded();
    const undo = createGmUndoManager(docs);
    paintCells(docs, [{ x: 5, y: 3 }], { code: '~' });
    const moved = applyIntent(
      docs,
      { role: 'player', characterIds: ['ana'] },
      { kind: 'move', tokenId: 'ana', path: [{ x: 1, y: 0 }] },
      fixedDice([]),
    );
    expect(moved.ok).toBe(true);
    undo.undo();
    const snap = readSnapshot(docs.public);
    expect(snap.map!.cells[3]).toBe('......');
    expect(snap.tokensById['ana']!.cell).toEqual({ x: 1, y: 0 });
    expect(undo.canUndo()).toBe(false);
    undo.destroy();
  });
});
