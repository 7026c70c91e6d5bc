import { describe, expect, it } from 'vitest';
import { checkPath, pathTo, reach } from '../../src/grid';
import { c, drawCosts, field, pic } from './helpers';

describe('reach (rulebook: Movement)', () => {
  it('open ground: orthogonal steps, diagonals cost two', () => {
    const bf = field(`
      . . . . .
      . . . . .
      . . A . .
      . . . . .
      . . . . .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(
      pic(`
      . 3 2 3 .
      3 2 1 2 3
      2 1 0 1 2
      3 2 1 2 3
      . 3 2 3 .`),
    );
  });

  it('engagement: leaving a space next to a foe costs +1; foes obstruct', () => {
    const bf = field(`
      . . . . .
      . A b . .
      . . . . .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(
      pic(`
      3 2 . . .
      2 0 . . .
      3 2 . . .`),
    );
  });

  it('dash ignores engagement but foes still obstruct', () => {
    const bf = field(`
      . . . . .
      . A b . .
      . . . . .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3, dash: true }).spaces)).toBe(
      pic(`
      2 1 2 3 .
      1 0 . . .
      2 1 2 3 .`),
    );
  });

  it('an incapacitated foe neither engages nor obstructs, but the move cannot end on it', () => {
    const bf = field(
      `
      . . . . .
      . A b . .
      . . . . .`,
      { incapacitated: ['b'] },
    );
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(
      pic(`
      2 1 2 3 .
      1 0 . 2 3
      2 1 2 3 .`),
    );
  });

  it('difficult +1 to leave, each level up +1, down is free; a 2-level drop is a fall', () => {
    const bf = field(`A ~ . 2 .`);
    const result = reach(bf, 'A', { budget: 10 });
    expect(drawCosts(bf, result.spaces)).toBe('0 1 3 6 7');
    const route = pathTo(bf, result, c(4, 0));
    expect(route).toEqual({
      path: [c(1, 0), c(2, 0), c(3, 0), c(4, 0)],
      cost: 7,
      events: [{ kind: 'fall', step: 3, cell: c(4, 0), levels: 2 }],
    });
    // A step costing more than what is left is not allowed: 5 left cannot pay the climb (3 needed after 3 spent).
    expect(drawCosts(bf, reach(bf, 'A', { budget: 5 }).spaces)).toBe('0 1 3 . .');
  });

  it('costs stack: engaged + difficult + climbing 2 in one step costs 5', () => {
    const bf = field(`
      . b . .
      A ~ 2 .`);
    expect(checkPath(bf, 'A', [c(1, 1), c(2, 1)], { budget: 6 })).toEqual({
      ok: false,
      cost: 7,
      reason: 'path costs 7, you have 6',
    });
    expect(checkPath(bf, 'A', [c(1, 1), c(2, 1)], { budget: 7 })).toEqual({ ok: true, cost: 7, events: [] });
    // Down 2 from the terrain while still next to the foe: 2 more, and a fall.
    expect(checkPath(bf, 'A', [c(1, 1), c(2, 1), c(3, 1)], { budget: 9 })).toEqual({
      ok: true,
      cost: 9,
      events: [{ kind: 'fall', step: 2, cell: c(3, 1), levels: 2 }],
    });
  });

  it('terrain is climbable: onto a height-3 tower costs 4 for that step; a one-level drop is no fall', () => {
    const bf = field(`A 3 1 .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 6 }).spaces)).toBe('0 4 5 6');
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0), c(3, 0)], { budget: 6 })).toEqual({
      ok: true,
      cost: 6,
      events: [{ kind: 'fall', step: 1, cell: c(2, 0), levels: 2 }],
    });
  });

  it('allies can be passed through; a move may stop on one (the turn may not)', () => {
    const bf = field(`A B . .`);
    const r = reach(bf, 'A', { budget: 2 });
    expect(drawCosts(bf, r.spaces)).toBe('0 1 2 .');
    expect(r.spaces.map((s) => s.turnMayEnd)).toEqual([true, false, true]);
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 2 })).toEqual({ ok: true, cost: 1, events: [] });
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0)], { budget: 2 })).toEqual({ ok: true, cost: 2, events: [] });
  });

  it('checkPath names the obstruction, a diagonal step and an impassable square', () => {
    const bf = field(`
      A b .
      . # .`);
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 5 })).toEqual({
      ok: false,
      step: 0,
      reason: 'step 1 to (1,0) is blocked: (1,0) is occupied by hostile b',
    });
    expect(checkPath(bf, 'A', [c(1, 1)], { budget: 5 })).toEqual({
      ok: false,
      step: 0,
      reason: 'step 1 to (1,1) is not one orthogonal square from (0,0)',
    });
    expect(checkPath(bf, 'A', [c(0, 1), c(1, 1)], { budget: 5 })).toEqual({
      ok: false,
      step: 1,
      reason: 'step 2 to (1,1) is blocked: (1,1) is impassable',
    });
    // A leading copy of the start square is tolerated.
    expect(checkPath(bf, 'A', [c(0, 0), c(0, 1)], { budget: 5 })).toMatchObject({ ok: true, cost: 2 });
  });

  it('dangerous spaces: piercing damage equal to the chapter, once per space entered', () => {
    const bf = field(`A ! ! .`, { chapter: 2 });
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0), c(3, 0)], { budget: 3 })).toEqual({
      ok: true,
      cost: 3,
      events: [
        { kind: 'dangerous', step: 0, cell: c(1, 0), damage: 2, damageType: 'piercing' },
        { kind: 'dangerous', step: 1, cell: c(2, 0), damage: 2, damageType: 'piercing' },
      ],
    });
  });

  it('between equally cheap paths the one avoiding dangerous squares is chosen', () => {
    const bf = field(`
      A ! .
      . . .`);
    expect(pathTo(bf, reach(bf, 'A', { budget: 2 }), c(1, 1))).toEqual({
      path: [c(0, 1), c(1, 1)],
      cost: 2,
      events: [],
    });
    const east = field(`
      A . .
      ! . .`);
    expect(pathTo(east, reach(east, 'A', { budget: 2 }), c(1, 1))).toEqual({
      path: [c(1, 0), c(1, 1)],
      cost: 2,
      events: [],
    });
  });

  it('a Size 2 mover is hurt once per dangerous square newly under it', () => {
    const bf = field(
      `
      A A . ! .
      A A . . .`,
      { chapter: 3 },
    );
    // (1,0) covers x1–2: nothing. (2,0) covers x2–3: enters (3,0). (3,0) covers x3–4: (3,0) stays under.
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0), c(3, 0)], { budget: 3 })).toEqual({
      ok: true,
      cost: 3,
      events: [{ kind: 'dangerous', step: 1, cell: c(3, 0), damage: 3, damageType: 'piercing' }],
    });
  });

  it('ending on an edge space is reported', () => {
    const bf = field(`A . _`);
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0)], { budget: 2 })).toEqual({
      ok: true,
      cost: 2,
      events: [{ kind: 'edge', step: 1, cells: [c(2, 0)] }],
    });
  });

  it('a Size 2 mover moves its whole footprint (positions are its north-west square)', () => {
    const bf = field(`
      A A . .
      A A . #
      . . . .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(
      pic(`
      0 1 . .
      1 2 . .
      . . . .`),
    );
  });

  it('a Size 2 mover half on a ledge stands as high as the ledge (climb paid once)', () => {
    const bf = field(`
      A A . 1 .
      A A . 1 .`);
    // (1,0): footprint x1–2 on ground = 1. (2,0): footprint x2–3 touches height 1 → +1 climb = 3.
    // (3,0): footprint x3–4, still height 1, no climb = 4.
    expect(drawCosts(bf, reach(bf, 'A', { budget: 6 }).spaces)).toBe(
      pic(`
      0 1 3 4 .
      . . . . .`),
    );
  });

  it('a Size 2 foe engages a whole ring of squares', () => {
    const bf = field(`
      . . . . . .
      . b b . . .
      . b b . A .
      . . . . . .`);
    // A at (4,2) is not next to b (x 1–2): leaving costs 1. (3,2) and (3,3) touch b: leaving costs 2,
    // so (2,3) would cost 4.
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(
      pic(`
      . . . 3 2 3
      . . . 2 1 2
      . . . 1 0 1
      . . . 2 1 2`),
    );
  });
});
