import { describe, expect, it } from 'vitest';
import { targetingFor } from '../../../src/ui/combat/targeting';
import { actionChoices } from '../../../src/ui/combat/actionChoices';
import { formatDamage, formatHitChance, formatModifier, formatNet } from '../../../src/ui/combat/format';
import { combatRoom, snapshotOf } from './combatRoom';

function rangerBasicRanged() {
  const snap = snapshotOf(combatRoom());
  const ranger = snap.tokensById['ranger']!;
  const choice = actionChoices(ranger.statBlock!).find((c) => c.id === 'basic-ranged');
  if (choice?.kind !== 'attack') throw new Error('no basic ranged attack');
  return { snap, result: targetingFor(snap, 'ranger', choice)! };
}

describe('targeting a foe behind cover from higher ground', () => {
  it('counts range from the footprint with +1 per level of height, sight, cover and the height boon', () => {
    const { result } = rangerBasicRanged();
    const brute = result.targets.find((t) => t.id === 'brute')!;
    expect(result.kind).toBe('ranged');
    expect(result.range).toBe(5);
    expect(brute.context).toMatchObject({
      distance: 5,
      heightBonus: 2,
      effectiveRange: 7,
      inRange: true,
      lineOfSight: true,
      cover: true,
      legal: true,
    });
    expect(brute.modifiers.map(formatModifier)).toEqual([
      '1 boon (height-advantage): attacker stands 2 levels higher than the target (2 vs 0)',
    ]);
    expect(formatNet(brute.net)).toBe('+1 boon');
  });

  it('gives the exact chance: d20 + 3 + best d6 vs Defense 10 hits 105 of 120, criticals 45 of 120', () => {
    const { result } = rangerBasicRanged();
    const brute = result.targets.find((t) => t.id === 'brute')!;
    // Misses: d20 ≤ 6 − d6 → 5+4+3+2+1+0 = 15 of 120. Criticals: d20 ≥ 17 − d6 → 5+6+7+8+9+10 = 45.
    expect(brute.chance!.miss.numerator).toBe(15);
    expect(brute.chance!.critical.numerator).toBe(45);
    expect(formatHitChance(brute.chance!)).toBe('hit 87.5% (critical 37.5%) — 105/120');
  });

  it('shows each tier before and after armor 1 and cover (halved, rounding up)', () => {
    const { result } = rangerBasicRanged();
    const brute = result.targets.find((t) => t.id === 'brute')!;
    // Heavy 2d6+3 = 5–15 → armor 4–14 → cover 2–7; critical 3d6+3 = 6–21 → 5–20 → 3–10; miss light 1d6+3 = 4–9 → 3–8 → 2–4.
    expect(brute.damage.map(formatDamage)).toEqual([
      'on hit: heavy 5–15, after armor 1 & cover: halved (ranged): 2–7',
      'on critical hit: critical 6–21, after armor 1 & cover: halved (ranged): 3–10',
      'on miss: light 4–9, after armor 1 & cover: halved (ranged): 2–4',
    ]);
  });

  it('lists only foes: the ally Sage is no target at all (rulebook: Attacks, hostile characters)', () => {
    const { result } = rangerBasicRanged();
    expect(result.targets.map((t) => t.id)).toEqual(['brute', 'goblin']);
    const goblin = result.targets.find((t) => t.id === 'goblin')!;
    // Goblin (7,4) is 6 squares away: still in range 5 + 2 for height.
    expect(goblin.context.distance).toBe(6);
    expect(goblin.context.legal).toBe(true);
  });

  it('melee has no height bonus to range and says why a far target is out of reach', () => {
    const snap = snapshotOf(combatRoom());
    const choice = actionChoices(snap.tokensById['ranger']!.statBlock!).find((c) => c.id === 'basic-melee');
    if (choice?.kind !== 'attack') throw new Error('no melee');
    const brute = targetingFor(snap, 'ranger', choice)!.targets.find((t) => t.id === 'brute')!;
    expect(brute.context.legal).toBe(false);
    expect(brute.context.reason).toBe('target is 5 squares away; range is 1');
    expect(brute.context.cover).toBe(false);
  });

  it('marks the squares in range, widened by height for ranged attacks', () => {
    const { result } = rangerBasicRanged();
    const has = (x: number, y: number) => result.rangeSquares.some((c) => c.x === x && c.y === y);
    expect(has(6, 3)).toBe(true); // 5 away on lower ground: in range
    expect(has(8, 3)).toBe(true); // 7 away, 2 levels lower: 5 + 2
    expect(has(9, 3)).toBe(false); // 8 away
    expect(has(1, 2)).toBe(false); // its own square
  });
});

describe('action choices', () => {
  it('PCs get abilities, both basic heavy attacks, whack, rescue, run, dash and interact; foes no basic attacks', () => {
    const snap = snapshotOf(combatRoom());
    expect(actionChoices(snap.tokensById['sage']!.statBlock!).map((c) => c.id)).toEqual([
      'fire-burst',
      'ward',
      'brace',
      'basic-melee',
      'basic-ranged',
      'whack',
      'rescue',
      'run',
      'dash',
      'interact',
    ]);
    expect(actionChoices(snap.tokensById['brute']!.statBlock!).map((c) => c.id)).toEqual([
      'club',
      'run',
      'dash',
      'interact',
    ]);
  });
});
