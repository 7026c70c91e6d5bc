import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SightCache } from '../../../src/grid/vision';
import { readTableState } from '../../../src/table/snapshot';
import { addSquares, decodeSquares, encodeSquares } from '../../../src/table/vision/squareSet';
import { visionOf } from '../../../src/table/vision/visionOf';
import { setTokenHidden } from '../../../src/table/writers/tokenWriters';
import { updateCombatant } from '../../../src/table/writers/roomWriters';
import { encounter, foe, mapOf, party, pc, room } from '../fixtures';

describe('who each player sees (issue 34, docs/ui/vision.md)', () => {
  // Ana (0,0) and Bo (7,3); a wall down column 4 rows 0–2. The ogre (6,0) is behind the wall for
  // Ana, in plain view for Bo; the lurker (1,3) is unrevealed.
  const docs = room({
    map: mapOf(['....#...', '....#...', '....#...', '........']),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [
        { id: 'ogre', statBlock: foe('Ogre'), cell: { x: 6, y: 0 } },
        { id: 'lurker', statBlock: foe('Lurker'), cell: { x: 1, y: 3 } },
      ],
      [
        { x: 0, y: 0 },
        { x: 7, y: 3 },
      ],
    ),
  });
  setTokenHidden(docs, 'ogre', false);
  const state = readTableState(docs.public, docs.secrets);
  const players = [
    { channel: 'robin', characterIds: ['ana'] },
    { channel: 'sam', characterIds: ['bo'] },
  ];

  it('each player sees with their own characters: the ogre only for Bo’s player, the unrevealed lurker for nobody', () => {
    const [robin, sam] = visionOf(state, players, 'per-player', new SightCache());
    expect(robin!.tokenIds).toEqual([]);
    expect(sam!.tokenIds).toEqual(['ogre']);
    // Behind the wall for Ana: the ogre's square, and Bo's too (so Bo is not listed for her);
    // below the wall's end, (4,3) is in her sight.
    expect(robin!.seen[0 * 8 + 6]).toBe(0);
    expect(robin!.seen[3 * 8 + 7]).toBe(0);
    expect(robin!.seen[3 * 8 + 4]).toBe(1);
  });

  it('a defeated character sees nothing (docs/rules/sight-and-range.md)', () => {
    const fallen = room({
      map: mapOf(['........']),
      party: party(pc('Ana')),
      encounter: encounter([{ id: 'ogre', statBlock: foe('Ogre'), cell: { x: 6, y: 0 } }], [{ x: 0, y: 0 }]),
    });
    setTokenHidden(fallen, 'ogre', false);
    updateCombatant(fallen, 'ana', (s) => ({ ...s, incapacitated: true }));
    const [robin] = visionOf(
      readTableState(fallen.public, fallen.secrets),
      [players[0]!],
      'party',
      new SightCache(),
    );
    expect(robin!.seen.every((v) => v === 0)).toBe(true);
    expect(robin!.tokenIds).toEqual([]);
  });

  it('with the party sharing sight, both see the ogre (and party members are never listed)', () => {
    const [robin, sam] = visionOf(state, players, 'party', new SightCache());
    expect(robin!.tokenIds).toEqual(['ogre']);
    expect(sam!.tokenIds).toEqual(['ogre']);
  });
});

describe('square sets as text', () => {
  it('round-trips any set on any map size, and refuses text of the wrong length or alphabet', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        (w, h, seed) => {
          const bits = new Uint8Array(w * h).map((_, k) => ((seed >>> (k % 31)) ^ k) & 1);
          const text = encodeSquares(bits);
          expect(decodeSquares(text, w, h)).toEqual(bits);
          expect(decodeSquares(text + 'AAAA', w, h)).toBeNull();
        },
      ),
    );
    expect(decodeSquares('!!!!', 2, 2)).toBeNull();
    expect(encodeSquares(new Uint8Array(200 * 200).fill(1)).length).toBe(6668);
  });

  it('explored squares only grow', () => {
    const explored = new Uint8Array([0, 1, 0, 0]);
    expect(addSquares(explored, new Uint8Array([0, 1, 0, 0]))).toBe(false);
    expect(addSquares(explored, new Uint8Array([1, 0, 0, 0]))).toBe(true);
    expect([...explored]).toEqual([1, 1, 0, 0]);
  });
});
