import { describe, expect, it } from 'vitest';
import { checkPath, makeBattlefield, parseAsciiMap, reach, turnEndCheck } from '../../src/grid';
import type { Battlefield, BattlefieldOptions, OccupantInput } from '../../src/grid';
import { c, drawCosts, pic } from './helpers';

function on(picture: string, occupants: OccupantInput[], options: BattlefieldOptions = {}): Battlefield {
  return makeBattlefield(parseAsciiMap(picture).map, occupants, 1, options);
}
const at = (id: string, x: number, side: 'party' | 'foes', extra: Partial<OccupantInput> = {}) => ({
  id,
  cell: { x, y: 0 },
  size: 1,
  side,
  ...extra,
});

// Rulebook (Movement): "You can move through allies but cannot end your turn in their space."
describe('ending on an ally (setting allySpaceForbids)', () => {
  it("'turn-end' (default, the text): the move may stop on Bo; the turn may not end there", () => {
    const bf = on(`. . . .`, [at('A', 0, 'party'), at('B', 1, 'party')]);
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 2 })).toEqual({ ok: true, cost: 1, events: [] });
    const standing = on(`. . . .`, [at('A', 1, 'party'), at('B', 1, 'party')]);
    expect(turnEndCheck(standing, 'A', 1)).toEqual({ ok: false, why: 'ally', canMoveOff: true });
    expect(turnEndCheck(standing, 'A', 0)).toEqual({ ok: false, why: 'ally', canMoveOff: false });
    expect(turnEndCheck(bf, 'A', 0)).toEqual({ ok: true });
  });

  it("'move-end': no move may stop on an ally (only pass through)", () => {
    const bf = on(`. . . .`, [at('A', 0, 'party'), at('B', 1, 'party')], { allySpaceForbids: 'move-end' });
    expect(drawCosts(bf, reach(bf, 'A', { budget: 2 }).spaces)).toBe(pic(`0 . 2 .`));
    expect(checkPath(bf, 'A', [c(1, 0)], { budget: 2 })).toEqual({
      ok: false,
      cost: 1,
      reason: 'cannot end the move at (1,0): another character is there',
    });
  });
});

// Rulebook (Edges): "Flying characters can cross but not end their turn in an edge area."
describe('a flier on an edge at the end of its turn', () => {
  it('may not end its turn there; whether it can still fly off depends on the movement left', () => {
    const bf = on(`. _ _ .`, [at('F', 2, 'party', { flying: true })]);
    expect(turnEndCheck(bf, 'F', 1)).toEqual({ ok: false, why: 'edge', canMoveOff: true });
    expect(turnEndCheck(bf, 'F', 0)).toEqual({ ok: false, why: 'edge', canMoveOff: false });
    // A walker on an edge ends its turn there and saves (that is the edge save, not this check).
    const walker = on(`. _ _ .`, [at('W', 2, 'party')]);
    expect(turnEndCheck(walker, 'W', 1)).toEqual({ ok: true });
  });
});

// Rulebook (Victory and defeat): defeated FOES don't obstruct; nothing lifts it for PCs.
describe('defeated player characters (setting defeatedPlayersObstruct)', () => {
  const pcDown = [at('orc', 0, 'foes'), at('ana', 1, 'party', { incapacitated: true })];
  it('default (the text): a defeated PC still obstructs a foe', () => {
    const bf = on(`. . . .`, pcDown);
    expect(drawCosts(bf, reach(bf, 'orc', { budget: 3 }).spaces)).toBe(pic(`0 . . .`));
    expect(checkPath(bf, 'orc', [c(1, 0), c(2, 0)], { budget: 3 })).toEqual({
      ok: false,
      step: 0,
      reason: 'step 1 to (1,0) is blocked: (1,0) is occupied by defeated hostile ana',
    });
  });

  it('off: the foe walks over her (but still cannot stop on her square)', () => {
    const bf = on(`. . . .`, pcDown, { defeatedPlayersObstruct: false });
    expect(drawCosts(bf, reach(bf, 'orc', { budget: 3 }).spaces)).toBe(pic(`0 . 2 3`));
  });

  it('a defeated foe never obstructs, whatever the setting', () => {
    const bf = on(`. . . .`, [at('ana', 0, 'party'), at('orc', 1, 'foes', { incapacitated: true })]);
    expect(drawCosts(bf, reach(bf, 'ana', { budget: 3 }).spaces)).toBe(pic(`0 . 2 3`));
  });
});
