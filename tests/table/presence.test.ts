import { describe, expect, it } from 'vitest';
import { publicPresenceOf } from '../../src/table/presence';

/** A hidden 2×2 foe at (5,4)–(6,5). */
const HIDDEN = [
  {
    id: 'lurker',
    footprint: [
      { x: 5, y: 4 },
      { x: 6, y: 4 },
      { x: 5, y: 5 },
      { x: 6, y: 5 },
    ],
  },
];

describe('publicPresenceOf (what the GM page publishes to players)', () => {
  it('dragging a hidden token publishes no drag and no cursor, wherever the pointer is', () => {
    expect(
      publicPresenceOf({ cursor: { x: 1, y: 1 }, drag: { tokenId: 'lurker', cell: { x: 1, y: 1 } } }, HIDDEN),
    ).toEqual({ cursor: null, drag: null });
  });

  it('a pointer on a hidden token square publishes no cursor; elsewhere it does', () => {
    expect(publicPresenceOf({ cursor: { x: 6, y: 5 }, drag: null }, HIDDEN)).toEqual({
      cursor: null,
      drag: null,
    });
    expect(publicPresenceOf({ cursor: { x: 7, y: 5 }, drag: null }, HIDDEN)).toEqual({
      cursor: { x: 7, y: 5 },
      drag: null,
    });
  });

  it('a visible token drag is published as is', () => {
    const wanted = { cursor: { x: 2, y: 2 }, drag: { tokenId: 'hero', cell: { x: 2, y: 2 } } };
    expect(publicPresenceOf(wanted, HIDDEN)).toEqual(wanted);
  });
});
