import { describe, expect, it } from 'vitest';
import { ghostsOf, squaresNear, toggleSquare, type PlacingDraft } from '../../src/ui/placing/placingState';
import { readSnapshot } from '../../src/table/snapshot';
import { encounter, foe, mapOf, room } from '../table/fixtures';

const HUSK = foe('Hollow Husk');
const docs = room({
  map: mapOf(['....', '.#..', '....']),
  encounter: encounter([{ id: 'husk', statBlock: HUSK, cell: { x: 0, y: 0 } }], [{ x: 3, y: 2 }]),
  revealFoes: true,
});
const floor = readSnapshot(docs.public, docs.secrets);
const draft = (cells: { x: number; y: number }[], count = 2): PlacingDraft => ({
  foe: { key: 'room:Hollow Husk', name: 'Hollow Husk', group: 'In this room', statBlock: HUSK },
  count,
  hidden: false,
  cells,
  picking: true,
});

describe('the place-foes draft', () => {
  it('a press adds a square, a second press takes it back, the oldest gives way past the count', () => {
    let d = toggleSquare(draft([]), { x: 2, y: 0 });
    d = toggleSquare(d, { x: 3, y: 0 });
    expect(d.cells).toEqual([
      { x: 2, y: 0 },
      { x: 3, y: 0 },
    ]);
    expect(toggleSquare(d, { x: 2, y: 0 }).cells).toEqual([{ x: 3, y: 0 }]);
    expect(toggleSquare(d, { x: 2, y: 2 }).cells).toEqual([
      { x: 3, y: 0 },
      { x: 2, y: 2 },
    ]);
  });

  it('one copy on a wall is red; the others stay green', () => {
    expect(
      ghostsOf(
        floor,
        draft([
          { x: 1, y: 1 },
          { x: 2, y: 1 },
        ]),
      ).map((g) => g.legal),
    ).toEqual([false, true]);
    expect(
      ghostsOf(
        floor,
        draft([
          { x: 0, y: 0 },
          { x: 2, y: 1 },
        ]),
      ).map((g) => g.legal),
    ).toEqual([false, true]);
    expect(
      ghostsOf(
        floor,
        draft([
          { x: 2, y: 1 },
          { x: 2, y: 1 },
        ]),
      ).map((g) => g.legal),
    ).toEqual([true, false]);
  });

  it('next to the selection: the nearest free squares, clear of each other', () => {
    expect(squaresNear(floor, { x: 0, y: 0 }, HUSK, 3)).toEqual([
      { x: 1, y: 0 },
      { x: 0, y: 1 },
      { x: 2, y: 0 },
    ]);
  });
});
