import { CRITICAL_TOTAL } from './rollAttack';
import { SAVE_TARGET } from './rollSave';

/** An exact probability: numerator / denominator (not reduced), plus its value for display. */
export interface Probability {
  numerator: number;
  denominator: number;
  value: number;
}

/** Exact chances of the three attack results; they sum to 1. */
export interface HitChance {
  miss: Probability;
  /** Hit but not critical. */
  hit: Probability;
  critical: Probability;
}

function probability(numerator: number, denominator: number): Probability {
  return { numerator, denominator, value: numerator / denominator };
}

/**
 * Ways each boon/curse adjustment can come out with `count` d6 kept highest: entry k (0..6) is the
 * number of the 6^count outcomes whose highest die is k (k = 0 only when count = 0).
 */
function highestD6Ways(count: number): number[] {
  if (count === 0) return [1, 0, 0, 0, 0, 0, 0];
  const ways = [0];
  for (let k = 1; k <= 6; k += 1) ways.push(k ** count - (k - 1) ** count);
  return ways;
}

/** Counts (out of 20 × 6^|net|) of every d20-plus-adjustment total, keyed by the adjustment. */
function countOutcomes(
  net: number,
  accept: (d20: number, adjustment: number) => 'miss' | 'hit' | 'critical',
) {
  const count = Math.abs(net);
  const sign = net >= 0 ? 1 : -1;
  const ways = highestD6Ways(count);
  const tally = { miss: 0, hit: 0, critical: 0 };
  for (let d20 = 1; d20 <= 20; d20 += 1) {
    for (let k = 0; k <= 6; k += 1) {
      const w = ways[k] ?? 0;
      if (w > 0) tally[accept(d20, sign * k)] += w;
    }
  }
  return { tally, denominator: 20 * 6 ** count };
}

/**
 * Net boons/curses as previews count them: at most ±12, because `hitChance` refuses more (20 × 6^n
 * exact outcomes); each extra d6 still nudges the odds, so a preview past ±12 is a little off.
 */
export const clampNet = (n: number): number => Math.max(-12, Math.min(12, n));

/** |net| above 12 is refused: 20 × 6^n outcomes would overflow exact integers. */
function checkNetBoons(netBoons: number): void {
  if (!Number.isInteger(netBoons) || Math.abs(netBoons) > 12) {
    throw new RangeError(`netBoons must be an integer in -12..12, got ${netBoons}`);
  }
}

/**
 * Exact miss/hit/critical chances for an attack, computed by counting every d20 and d6 outcome
 * (no simulation). `netBoons` is boons minus curses; |netBoons| above 12 is refused (6^n overflows
 * exact integers).
 */
export function hitChance(
  attackBonus: number,
  defense: number,
  netBoons: number,
  criticalAlwaysHits = true,
): HitChance {
  checkNetBoons(netBoons);
  const { tally, denominator } = countOutcomes(netBoons, (d20, adjustment) => {
    const total = d20 + attackBonus + adjustment;
    const reaches = total >= defense;
    if (total >= CRITICAL_TOTAL && (reaches || criticalAlwaysHits)) return 'critical';
    return reaches ? 'hit' : 'miss';
  });
  return {
    miss: probability(tally.miss, denominator),
    hit: probability(tally.hit, denominator),
    critical: probability(tally.critical, denominator),
  };
}

/** Exact chance that a save (1d20 ± boons/curses, 10+) succeeds. */
export function saveChance(netBoons: number): Probability {
  checkNetBoons(netBoons);
  const { tally, denominator } = countOutcomes(netBoons, (d20, adjustment) =>
    d20 + adjustment >= SAVE_TARGET ? 'hit' : 'miss',
  );
  return probability(tally.hit, denominator);
}
