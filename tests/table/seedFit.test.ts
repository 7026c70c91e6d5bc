import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
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
