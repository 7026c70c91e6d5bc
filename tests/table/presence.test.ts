import { describe, expect, it } from 'vitest';
import { presenceColor, publicPresenceOf } from '../../src/table/presence';
import { cssToColour } from '../../src/ui/colour';

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

describe('publicPresenceOf: the ruler (issue 15)', () => {
  const ruler = (over: object = {}) => ({ from: { x: 1, y: 1 }, waypoints: [], to: { x: 3, y: 1 }, ...over });

  it('a ruler from a hidden token is not published; the cursor still is', () => {
    const wanted = {
      cursor: { x: 3, y: 1 },
      drag: null,
      ruler: ruler({ from: { x: 5, y: 4 }, tokenId: 'lurker' }),
    };
    expect(publicPresenceOf(wanted, HIDDEN)).toEqual({ cursor: { x: 3, y: 1 }, drag: null, ruler: null });
  });

  it('a ruler touching a hidden token square anywhere (start, waypoint, end) is not published', () => {
    for (const over of [{ from: { x: 6, y: 5 } }, { waypoints: [{ x: 5, y: 4 }] }, { to: { x: 6, y: 4 } }]) {
      expect(publicPresenceOf({ cursor: null, drag: null, ruler: ruler(over) }, HIDDEN).ruler).toBeNull();
    }
  });

  it('a ruler elsewhere, from a visible token, is published as is', () => {
    const wanted = {
      cursor: null,
      drag: null,
      ruler: ruler({ tokenId: 'hero', waypoints: [{ x: 2, y: 3 }] }),
    };
    expect(publicPresenceOf(wanted, HIDDEN)).toEqual(wanted);
  });
});

describe('presence colours', () => {
  it('fit the presence schema for every client id (11878 once made a 33-character colour)', () => {
    for (const id of [11878, 1, 2 ** 31 - 1, 123456789]) {
      const color = presenceColor(id);
      expect(color.length, `client ${id}: ${color}`).toBeLessThanOrEqual(32);
      expect(cssToColour(color)).not.toBe(0xffd23f); // still a colour the table reads
    }
  });
});
