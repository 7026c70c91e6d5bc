import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { edgeSave } from '../../src/rules/edgeSave';
import { applyStatus } from '../../src/rules/statuses';
import { foe, pc, settings } from './fixtures';

const catalog = settings().statuses;

describe('edge save (rulebook: Other bits, Edges)', () => {
  it('10+ moves the character to the closest safe space; 9 removes it from play', () => {
    expect(edgeSave(pc('hero'), catalog, fixedDice([10]))).toMatchObject({
      result: 'moves-to-closest-safe-space',
      roll: { d20: 10, total: 10, success: true },
      returns: 'start-of-next-turn',
    });
    expect(edgeSave(pc('hero'), catalog, fixedDice([9])).result).toBe('removed-from-play');
  });

  it('foes may return at the GM’s discretion, mobs never; statuses on saves count', () => {
    expect(edgeSave(foe('bandit'), catalog, fixedDice([3])).returns).toBe('gm-discretion');
    expect(edgeSave(foe('rat', {}, { template: 'mob' }), catalog, fixedDice([3])).returns).toBe('never');
    // Stunned curses saves: d20 12, curse d6 4 → 8, a failure.
    const stunned = applyStatus(pc('hero'), 'stunned', catalog);
    if (!stunned.ok) throw new Error(stunned.reason);
    expect(edgeSave(stunned.combatant, catalog, fixedDice([12, 4]))).toMatchObject({
      roll: { total: 8, success: false },
      result: 'removed-from-play',
    });
  });
});
