import { describe, expect, it } from 'vitest';
import { checkPath, heightRangeBonus, distanceBetween } from '../../src/grid';
import { measureRuler, rulerLines, rulerShortLabel } from '../../src/grid/ruler';
import { field } from './helpers';

const at = (x: number, y: number) => ({ x, y });

describe('the ruler: range distance (rulebook: attack range, height advantage)', () => {
  it('from a square: diagonals count 1, no height bonus (no character to shoot)', () => {
    const bf = field(`
      . . . . . .
      . . . . . .
      . . . . . .
      . . . . . .`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(5, 3) });
    expect(m.range).toBe(5);
    expect(m.heightBonus).toBeUndefined();
    expect(m.move).toBeUndefined();
    expect(rulerLines(m)).toEqual(['5 squares']);
  });

  it('from a Size 2 token to another token: edge to edge, the same distance attacks use', () => {
    const bf = field(`
      A A . . . . .
      A A . . . . .
      . . . . . . b
      . . . . . . .`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(6, 2), tokenId: 'A' });
    expect(m.range).toBe(5);
    expect(m.range).toBe(distanceBetween(bf, 'A', 'b'));
  });

  it('from a character 2 levels up: a ranged attack reaches 2 further', () => {
    const bf = field(
      `
      A . . . . .
      . . . . . b`,
      { standOn: { A: 2 } },
    );
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(5, 1), tokenId: 'A' });
    expect(m.range).toBe(5);
    expect(m.heightBonus).toBe(2);
    expect(m.heightBonus).toBe(heightRangeBonus(bf, 'A', 'b'));
    expect(rulerLines(m)[0]).toBe('5 squares; a ranged attack from 2 levels up reaches 2 further');
  });

  it('waypoints: the range stays straight, the legs add up beside it', () => {
    const bf = field(`
      . . . . .
      . . . . .
      . . . . .`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [at(0, 2)], to: at(4, 0) });
    expect(m.range).toBe(4);
    expect(m.along).toBe(6);
    expect(rulerLines(m)).toEqual(['4 squares (6 along the waypoints)']);
  });
});

describe('the ruler: movement for a character (rulebook: Movement)', () => {
  it('over a hill: climbing adds its levels, going down is free; says whether it fits the Speed', () => {
    const bf = field(`
      A . 1 2 . .
      . . 1 2 . .`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(4, 0), tokenId: 'A' }, { budget: 6 });
    expect(m.move).toMatchObject({ cost: 6, climbing: 2, difficult: 0, engaged: 0, fits: true });
    expect(m.move!.path).toEqual([at(1, 0), at(2, 0), at(3, 0), at(4, 0)]);
    expect(rulerLines(m)).toEqual(['4 squares', '6 movement: climbing 2; fits the 6 left this turn']);
    expect(rulerShortLabel(m)).toBe('4 squares · 6 movement');
    expect(
      rulerShortLabel(
        measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(4, 0), tokenId: 'A' }, { budget: 5 }),
      ),
    ).toBe('4 squares · 6 movement (too far)');
    // The same cost the server's move check charges.
    expect(checkPath(bf, 'A', m.move!.path, { budget: 99 })).toMatchObject({ ok: true, cost: 6 });
  });

  it("through an enemy's engagement: each step leaving a space next to it costs 1 more", () => {
    const bf = field(`
      . . . . .
      A . b . .
      . . . . .`);
    const m = measureRuler(bf, { from: at(0, 1), waypoints: [], to: at(4, 1), tokenId: 'A' }, { budget: 6 });
    expect(m.move).toMatchObject({ cost: 9, engaged: 3, climbing: 0, difficult: 0, fits: false });
    expect(m.move!.path).toHaveLength(6);
    expect(rulerLines(m)[1]).toBe('9 movement: engaged 3; more than the 6 left this turn');
  });

  it('difficult terrain and a hill through a waypoint: the path visits it, the costs add up', () => {
    const bf = field(`
      A ~ . . .
      . ~ . . .
      . ~ 2 . .`);
    const m = measureRuler(
      bf,
      { from: at(0, 0), waypoints: [at(2, 2)], to: at(4, 2), tokenId: 'A' },
      { budget: 6 },
    );
    // Crossing the difficult column costs 1 more, the hill at (2,2) 2 more: 6 steps + 3.
    expect(m.move!.path).toContainEqual(at(2, 2));
    expect(m.move).toMatchObject({ cost: 9, climbing: 2, difficult: 1, engaged: 0, fits: false });
    expect(m.move!.path.length + m.move!.climbing + m.move!.difficult + m.move!.engaged).toBe(m.move!.cost);
    expect(rulerLines(m)[1]).toBe('9 movement: climbing 2, difficult 1; more than the 6 left this turn');
    expect(checkPath(bf, 'A', m.move!.path, { budget: 99 })).toMatchObject({ ok: true, cost: 9 });
  });

  it('no budget given (a prop, or no Speed): the cost without a verdict', () => {
    const bf = field(`A . . .`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(3, 0), tokenId: 'A' });
    expect(m.move).toMatchObject({ cost: 3, fits: undefined });
    expect(rulerLines(m)[1]).toBe('3 movement');
  });

  it('measuring to a foe: the range only, no move onto its square', () => {
    const bf = field(`A . . b`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(3, 0), tokenId: 'A' }, { budget: 6 });
    expect(m.range).toBe(3);
    expect(m.move).toBeUndefined();
  });

  it('a walled-off square: says there is no way there', () => {
    const bf = field(`
      A . # .
      . . # .`);
    const m = measureRuler(bf, { from: at(0, 0), waypoints: [], to: at(3, 0), tokenId: 'A' }, { budget: 6 });
    expect(m.move).toMatchObject({ blocked: 'no way there' });
    expect(rulerLines(m)[1]).toBe('no way there');
  });

  it('a token the viewer does not know (hidden from them): measured from its square alone', () => {
    const bf = field(`. . . .`);
    const m = measureRuler(
      bf,
      { from: at(0, 0), waypoints: [], to: at(3, 0), tokenId: 'ghost' },
      { budget: 6 },
    );
    expect(m.range).toBe(3);
    expect(m.move).toBeUndefined();
  });
});
