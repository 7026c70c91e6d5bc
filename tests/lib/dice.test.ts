import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixedDice, FixedDiceError, randomDice, seededDice } from '../../src/lib/dice';

describe('dice sources', () => {
  it('fixed dice return their results in order and refuse to run out', () => {
    const dice = fixedDice([3, 20, 1]);
    expect([dice.roll(6), dice.roll(20), dice.roll(4)]).toEqual([3, 20, 1]);
    expect(dice.remaining).toBe(0);
    expect(() => dice.roll(6)).toThrow(FixedDiceError);
  });

  it('fixed dice refuse a result the die cannot show', () => {
    expect(() => fixedDice([7]).roll(6)).toThrow(/d6 cannot show/);
  });

  it('seeded dice replay the same sequence for the same seed', () => {
    const a = seededDice(42);
    const b = seededDice(42);
    const seqA = Array.from({ length: 20 }, () => a.roll(20));
    const seqB = Array.from({ length: 20 }, () => b.roll(20));
    expect(seqA).toEqual(seqB);
  });

  it('seeded and random dice stay on the die faces', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 100 }), (seed, sides) => {
        const dice = seededDice(seed);
        const random = randomDice();
        for (let i = 0; i < 20; i++) {
          const value = dice.roll(sides);
          const other = random.roll(sides);
          if (value < 1 || value > sides || other < 1 || other > sides) return false;
        }
        return true;
      }),
    );
  });
});
