import { describe, expect, it } from 'vitest';
import { attackContext, distanceBetween, heightRangeBonus } from '../../src/grid';
import { field } from './helpers';

describe('range (rulebook: Attacks — horizontal distance, diagonals count 1)', () => {
  it('measures between the nearest squares of two footprints', () => {
    const bf = field(`
      A . . . . .
      . . . . . .
      . . . . b b
      . . . . b b`);
    // Nearest squares: A (0,0) and b (4,2): 4 across, 2 down → 4.
    expect(distanceBetween(bf, 'A', 'b')).toBe(4);
    expect(distanceBetween(bf, 'b', 'A')).toBe(4);
  });

  it('adjacent (even diagonally) is distance 1', () => {
    const bf = field(`
      A .
      . b`);
    expect(distanceBetween(bf, 'A', 'b')).toBe(1);
  });
});

describe('attackContext (rulebook: Height advantage, cover, and ranged attacks)', () => {
  it('height advantage: +1 boon and +1 range per level for ranged attacks', () => {
    const bf = field(`A . . . . . . b`, { standOn: { A: 2 } });
    expect(heightRangeBonus(bf, 'A', 'b')).toBe(2);
    const ranged = attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 });
    expect(ranged).toMatchObject({
      distance: 7,
      heightBonus: 2,
      effectiveRange: 7,
      inRange: true,
      lineOfSight: true,
      legal: true,
      cover: false,
      modifiers: [
        {
          kind: 'boon',
          count: 1,
          source: 'height-advantage',
          reason: 'attacker stands 2 levels higher than the target (2 vs 0)',
        },
      ],
    });
    // Melee gets the boon but never the range.
    expect(attackContext(bf, 'A', 'b', { kind: 'melee', range: 5 })).toMatchObject({
      effectiveRange: 5,
      inRange: false,
      legal: false,
      reason: 'target is 7 squares away; range is 5',
    });
  });

  it('height disadvantage: +1 curse, no range change', () => {
    const bf = field(`A . . b`, { standOn: { b: 1 } });
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 3 })).toMatchObject({
      effectiveRange: 3,
      inRange: true,
      modifiers: [
        {
          kind: 'curse',
          count: 1,
          source: 'height-disadvantage',
          reason: 'target stands 1 level higher than the attacker (1 vs 0)',
        },
      ],
    });
  });

  it('a ranged attack while next to a foe takes +1 curse; an incapacitated foe does not count', () => {
    const bf = field(`
      A c . . b`);
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 }).modifiers).toEqual([
      {
        kind: 'curse',
        count: 1,
        source: 'ranged-adjacent-foe',
        reason: 'ranged attack while next to c',
      },
    ]);
    expect(attackContext(bf, 'A', 'c', { kind: 'melee', range: 1 }).modifiers).toEqual([]);
    const down = field(`A c . . b`, { incapacitated: ['c'] });
    expect(attackContext(down, 'A', 'b', { kind: 'ranged', range: 5 }).modifiers).toEqual([]);
  });

  it('cover applies to ranged attacks only', () => {
    const bf = field(`A . . 1 b`);
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 }).cover).toBe(true);
    const melee = field(`. . A 1 b`);
    expect(attackContext(melee, 'A', 'b', { kind: 'melee', range: 2 }).cover).toBe(false);
  });

  it('out of sight is not a legal target, with the reason', () => {
    const bf = field(`A . # . b`);
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 })).toMatchObject({
      inRange: true,
      lineOfSight: false,
      legal: false,
      reason: 'no line of sight: (2,0) blocks (impassable)',
    });
  });

  it('names the height bonus when still out of range', () => {
    const bf = field(`A . . . . . . . b`, { standOn: { A: 1 } });
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 }).reason).toBe(
      'target is 8 squares away; range is 5 + 1 for height = 6',
    );
  });

  it('an ally is never a legal target, even in reach and in sight (rulebook: Attacks)', () => {
    const bf = field(`A B . b`);
    expect(attackContext(bf, 'A', 'B', { kind: 'melee', range: 1 })).toMatchObject({
      hostile: false,
      inRange: true,
      lineOfSight: true,
      legal: false,
      reason: 'the target is on the same side: only hostile characters can be attacked',
    });
    expect(attackContext(bf, 'A', 'b', { kind: 'ranged', range: 5 })).toMatchObject({
      hostile: true,
      legal: true,
    });
  });
});
