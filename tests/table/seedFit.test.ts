import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { rootsOf } from '../../src/table/docLayout';
import { seedRoom } from '../../src/table/seedRoom';
import { encounter, foe, mapOf } from './fixtures';

const SMALL = mapOf(['.....', '.....', '.....', '.....']);

describe('an encounter that does not fit the map says so in words a GM understands', () => {
  it('names each foe, its size and square, and what is wrong; nothing is written', () => {
    const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
    const fight = encounter(
      [
        { id: 'ruin-drake', statBlock: foe('Ruin Drake', { size: 2 }), cell: { x: 17, y: 3 } },
        { id: 'husk', statBlock: foe('Hollow Husk'), cell: { x: 1, y: 1 } },
        { id: 'husk-2', statBlock: foe('Hollow Husk'), cell: { x: 1, y: 1 } },
      ],
      [{ x: 0, y: 0 }],
    );
    expect(() => seedRoom(docs.public, docs.secrets, { map: SMALL, encounter: fight })).toThrow(
      'This encounter does not fit the map: Ruin Drake (size 2) stands at (17,3), outside this 5×4 map; ' +
        'Hollow Husk (size 1) does not fit at (1,1): Hollow Husk is in the way at (1,1)',
    );
    expect(Y.encodeStateVector(docs.public)).toEqual(Y.encodeStateVector(new Y.Doc()));
  });
});

describe('each foe of an encounter starts hidden or visible as the encounter says', () => {
  it('a v1 file hides every foe; a v2 foe marked visible is on the public doc', () => {
    const map = mapOf(['.....', '.....', '.....', '.....']);
    const husk = foe('Hollow Husk');
    const old = encounter([{ id: 'husk', statBlock: husk, cell: { x: 1, y: 1 } }], [{ x: 0, y: 0 }]);
    const a = { public: new Y.Doc(), secrets: new Y.Doc() };
    seedRoom(a.public, a.secrets, { map, encounter: old });
    expect(rootsOf(a.secrets).tokens.has('husk')).toBe(true);
    expect(rootsOf(a.public).tokens.has('husk')).toBe(false);

    const mixed = {
      ...old,
      schemaVersion: 2,
      foes: [
        { id: 'husk', statBlock: husk, cell: { x: 1, y: 1 }, hidden: false },
        { id: 'husk-2', statBlock: husk, cell: { x: 3, y: 1 }, hidden: true },
      ],
    };
    const b = { public: new Y.Doc(), secrets: new Y.Doc() };
    seedRoom(b.public, b.secrets, { map, encounter: mixed });
    expect(rootsOf(b.public).tokens.get('husk')).toMatchObject({ name: 'Hollow Husk 1' });
    expect(rootsOf(b.secrets).tokens.get('husk-2')).toMatchObject({ name: 'Hollow Husk 2' });
    expect(rootsOf(b.public).tokens.has('husk-2')).toBe(false);

    // revealFoes (demo rooms) still shows every foe.
    const c = { public: new Y.Doc(), secrets: new Y.Doc() };
    seedRoom(c.public, c.secrets, { map, encounter: mixed, revealFoes: true });
    expect(rootsOf(c.public).tokens.has('husk-2')).toBe(true);
  });
});
