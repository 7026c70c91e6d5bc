import { describe, expect, it } from 'vitest';
import { checkPath, makeBattlefield, parseAsciiMap, pathTo, reach, reachCost } from '../../src/grid';
import type { Battlefield, OccupantInput } from '../../src/grid';
import { c, drawCosts, field, pic } from './helpers';

/** A battlefield whose characters may stand on any square (field() puts letters on ground). */
function on(picture: string, occupants: OccupantInput[]): Battlefield {
  return makeBattlefield(parseAsciiMap(picture).map, occupants);
}

// Rulebook (Edges): characters that end a turn off an edge are removed unless they save; flying
// characters can cross an edge area but not end their turn in it. So a walker may step into an
// edge, but that is where its move ends.
describe('edges for characters who do not fly (rulebook: Edges)', () => {
  it('a walker may step onto an edge space but not cross it', () => {
    const bf = field(`A _ . .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(pic(`0 1 . .`));
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 3 })).toMatchObject({ ok: true, cost: 1 });
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0)], { budget: 3 })).toEqual({
      ok: false,
      step: 1,
      reason:
        'step 2 to (2,0) leaves the edge space (1,0): only a flying character can cross an edge, a move into one ends there',
    });
  });

  it('a walker who starts on an edge may step off it', () => {
    const bf = on(`_ _ . .`, [{ id: 'A', cell: { x: 0, y: 0 }, size: 1, side: 'party' }]);
    // (1,0) is an edge too: the walker may go there but no farther.
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(pic(`0 1 . .`));
    const bf2 = on(`_ . . .`, [{ id: 'A', cell: { x: 0, y: 0 }, size: 1, side: 'party' }]);
    expect(drawCosts(bf2, reach(bf2, 'A', { budget: 3 }).spaces)).toBe(pic(`0 1 2 3`));
  });

  it('a Size 2 walker with one square on an edge stops there too', () => {
    const bf = field(`
      A A _ . .
      A A . . .`);
    expect(reachCost(reach(bf, 'A', { budget: 3 }), c(1, 0))).toBe(1);
    expect(reachCost(reach(bf, 'A', { budget: 3 }), c(2, 0))).toBe(-1);
    expect(reachCost(reach(bf, 'A', { budget: 3 }), c(2, 1))).toBe(-1);
  });
});

describe('flying (rulebook: Edges; issue 11: fliers ignore climbing and falls)', () => {
  it('a flier crosses edge spaces and may stop on one, but its turn may not end there', () => {
    const bf = field(`A _ _ .`);
    const flying = reach(bf, 'A', { budget: 3, flying: true });
    expect(drawCosts(bf, flying.spaces)).toBe(pic(`0 1 2 3`));
    expect(flying.spaces.map((s) => s.turnMayEnd)).toEqual([true, false, false, true]);
    expect(pathTo(bf, flying, c(3, 0))).toEqual({ path: [c(1, 0), c(2, 0), c(3, 0)], cost: 3, events: [] });
    expect(checkPath(bf, 'A', [c(1, 0), c(2, 0)], { budget: 3, flying: true })).toMatchObject({
      ok: true,
      cost: 2,
    });
  });

  it('a flier pays nothing to climb', () => {
    const bf = field(`A 3 1 .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(pic(`0 . . .`));
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3, flying: true }).spaces)).toBe(pic(`0 1 2 3`));
  });

  it('a flier does not fall: no fall event for a 3-level drop', () => {
    const bf = field(`A . .`, { standOn: { A: 3 } });
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 1 })).toEqual({
      ok: true,
      cost: 1,
      events: [{ kind: 'fall', step: 0, cell: c(1, 0), levels: 3 }],
    });
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 1, flying: true })).toEqual({
      ok: true,
      cost: 1,
      events: [],
    });
  });

  it('flying does not pass walls or foes, and still pays for difficult ground and engagement', () => {
    const bf = field(`
      A # . .
      ~ b . .
      . . . .`);
    // Down 1: engaged by b (+1) = 2; down again: engaged and difficult (+2) = 5; no way past # or b.
    expect(drawCosts(bf, reach(bf, 'A', { budget: 5, flying: true }).spaces)).toBe(
      pic(`
      0 . . .
      2 . . .
      5 . . .`),
    );
  });

  it("the mover's own flying flag is used when the options leave it out", () => {
    const bf = on(`. _ .`, [{ id: 'A', cell: { x: 0, y: 0 }, size: 1, side: 'party', flying: true }]);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 2 }).spaces)).toBe(pic(`0 1 2`));
    expect(drawCosts(bf, reach(bf, 'A', { budget: 2, flying: false }).spaces)).toBe(pic(`0 1 .`));
  });
});

describe('phasing (rulebook: Impassable blocks all movement except phasing)', () => {
  it('a phasing mover passes through impassable squares but cannot stop inside them', () => {
    const bf = field(`A # # .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 3 }).spaces)).toBe(pic(`0 . . .`));
    const phasing = reach(bf, 'A', { budget: 3, phasing: true });
    expect(drawCosts(bf, phasing.spaces)).toBe(pic(`0 . . 3`));
    expect(pathTo(bf, phasing, c(3, 0))?.path).toEqual([c(1, 0), c(2, 0), c(3, 0)]);
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 3, phasing: true })).toEqual({
      ok: false,
      cost: 1,
      reason:
        'cannot end the move at (1,0): (1,0) is impassable (phasing passes through, it does not stop inside)',
    });
  });

  it('phasing passes terrain, not foes, and engagement still costs', () => {
    const bf = field(`A b .`);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 5, phasing: true }).spaces)).toBe(pic(`0 . .`));
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 5, phasing: true })).toMatchObject({
      ok: false,
      reason: 'step 1 to (1,0) is blocked: (1,0) is occupied by hostile b',
    });
  });

  it("the mover's own phasing flag is used when the options leave it out", () => {
    const bf = on(`. # .`, [{ id: 'A', cell: { x: 0, y: 0 }, size: 1, side: 'party', phasing: true }]);
    expect(drawCosts(bf, reach(bf, 'A', { budget: 2 }).spaces)).toBe(pic(`0 . 2`));
  });
});
