import { describe, expect, it } from 'vitest';
import { cssToColour } from '../../src/ui/colour';
import { canCommand, drawnTokens, type Scene, type SceneToken } from '../../src/ui/Scene';
import { movementBudget, pathForRefusal, reachOf } from '../../src/ui/moveRules';
import { freeCell } from '../../src/ui/gmPanels/GmTokenDetails';
import { initials, hpBar } from '../../src/render/drawnToken';
import type { MapData } from '../../src/schema/map';

/** ASCII map: '.' ground, '#' impassable; heights from the digits. */
function map(cells: string[], heights: string[]): MapData {
  return {
    schemaVersion: 1,
    kind: 'map',
    name: 't',
    width: cells[0]!.length,
    height: cells.length,
    cells,
    heights,
    destructible: [],
  };
}

const token = (over: Partial<SceneToken> & { id: string }): SceneToken => ({
  name: over.id,
  cell: { x: 0, y: 0 },
  size: 1,
  side: 'party',
  ownerIds: [],
  statuses: [],
  blights: [],
  incapacitated: false,
  hidden: false,
  ...over,
});

describe('scene → token views', () => {
  const scene: Scene = {
    map: map(['....', '....'], ['0000', '0220']),
    tokens: [
      token({ id: 'a', cell: { x: 1, y: 0 }, size: 2, hp: 9, maxHp: 20 }),
      token({ id: 'b', cell: { x: 3, y: 0 }, side: 'foes', hp: 10, maxHp: 20 }),
    ],
    chapter: 1,
  };

  it('elevation is the highest square under the footprint; bloodied is strictly below half', () => {
    const [a, b] = drawnTokens(scene, { role: 'player', characterIds: ['a'] });
    expect(a).toMatchObject({ elevation: 2, bloodied: true, mine: true });
    expect(b).toMatchObject({ elevation: 0, bloodied: false, mine: false });
  });

  it('a defeated token (0 HP) is drawn incapacitated, not bloodied, as the rules engine says', () => {
    const down: Scene = { ...scene, tokens: [token({ id: 'c', hp: 0, maxHp: 20, incapacitated: true })] };
    expect(drawnTokens(down, { role: 'gm', characterIds: [] })[0]).toMatchObject({
      bloodied: false,
      incapacitated: true,
    });
  });

  it('the GM commands everything; a player only their characters or tokens they own', () => {
    expect(canCommand({ role: 'gm', characterIds: [] }, { id: 'x', ownerIds: [] })).toBe(true);
    expect(canCommand({ role: 'player', characterIds: ['pc'] }, { id: 'pet', ownerIds: ['pc'] })).toBe(true);
    expect(canCommand({ role: 'player', characterIds: ['pc'] }, { id: 'x', ownerIds: [] })).toBe(false);
  });
});

describe('reach for the overlay', () => {
  it('Speed 3 on open ground, climbing a height-2 square costs 3 (1 + 2 levels)', () => {
    const scene: Scene = {
      map: map(['.....', '.....'], ['00200', '00000']),
      tokens: [token({ id: 'pc', cell: { x: 1, y: 0 }, speed: 3, movementUsed: 0 })],
      chapter: 1,
    };
    const r = reachOf(scene, 'pc')!;
    const cost = (x: number, y: number): number | undefined =>
      r.cells.find((c) => c.x === x && c.y === y)?.cost;
    expect(cost(0, 0)).toBe(1);
    expect(cost(2, 0)).toBe(3);
    expect(cost(2, 1)).toBe(2);
    expect(cost(1, 0)).toBeUndefined(); // the start square is not drawn
    expect(movementBudget({ speed: 5, movementUsed: 2 })).toBe(3);
  });

  it('an out-of-reach drop still sends the cheapest path so the server can say what it costs', () => {
    const scene: Scene = {
      map: map(['......', '.####.', '......'], ['000000', '000000', '000000']),
      tokens: [token({ id: 'pc', cell: { x: 0, y: 0 }, speed: 1 })],
      chapter: 1,
    };
    const path = pathForRefusal(scene, 'pc', { x: 0, y: 2 });
    expect(path).toEqual([
      { x: 0, y: 1 },
      { x: 0, y: 2 },
    ]);
  });

  it('new tokens go to the free square nearest the centre', () => {
    const scene: Scene = {
      map: map(['...', '...', '...'], ['000', '000', '000']),
      tokens: [token({ id: 'a', cell: { x: 1, y: 1 } })],
      chapter: 1,
    };
    expect(freeCell(scene, 1)).toEqual({ x: 0, y: 0 });
    expect(freeCell({ ...scene, tokens: [] }, 1)).toEqual({ x: 1, y: 1 });
  });
});

describe('small helpers', () => {
  it('initials, HP bar fractions and CSS colours', () => {
    expect(initials('Maren (Stalwart)')).toBe('MS');
    expect(initials('Ash Warden')).toBe('AW');
    expect(initials('goblin')).toBe('GO');
    expect(hpBar({ hp: 5, maxHp: 20, vigor: 4 })).toEqual({ hp: 0.25, vigor: 0.2 });
    expect(hpBar({ hp: 5 })).toBeUndefined();
    expect(cssToColour('#2f6fd6')).toBe(0x2f6fd6);
    expect(cssToColour('hsl(0 100% 50%)')).toBe(0xff0000);
    expect(cssToColour('hsl(120, 100%, 50%)')).toBe(0x00ff00);
  });
});
