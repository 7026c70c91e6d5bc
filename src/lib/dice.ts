/**
 * Dice sources. Everything that rolls takes a `Dice` so a test can fix every result and the
 * table's log can replay any roll.
 */
export interface Dice {
  /** One roll of a `sides`-sided die: an integer in 1..sides. */
  roll(sides: number): number;
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG; the same seed gives the same rolls. */
export function seededDice(seed: number): Dice {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { roll: (sides) => 1 + Math.floor(next() * sides) };
}

/** Thrown when fixed dice run out or a fixed result does not fit the die asked for. */
export class FixedDiceError extends Error {}

/**
 * Dice that return the given results in order. A result outside 1..sides is a test bug, so it
 * throws instead of silently wrapping.
 */
export function fixedDice(results: readonly number[]): Dice & { readonly remaining: number } {
  let index = 0;
  return {
    roll(sides) {
      const value = results[index];
      if (value === undefined) {
        throw new FixedDiceError(`fixed dice ran out after ${results.length} rolls (asked for a d${sides})`);
      }
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new FixedDiceError(`fixed roll #${index + 1} is ${value}, which a d${sides} cannot show`);
      }
      index += 1;
      return value;
    },
    get remaining() {
      return results.length - index;
    },
  };
}

/** Crypto-quality dice for live play (the server's default). */
export function randomDice(): Dice {
  return {
    roll(sides) {
      const buffer = new Uint32Array(1);
      // Rejection sampling keeps every face equally likely.
      const limit = Math.floor(0x100000000 / sides) * sides;
      for (;;) {
        globalThis.crypto.getRandomValues(buffer);
        const value = buffer[0]!;
        if (value < limit) return 1 + (value % sides);
      }
    },
  };
}
