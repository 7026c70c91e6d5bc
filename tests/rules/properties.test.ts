import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixedDice, seededDice } from '../../src/lib/dice';
import type { Combatant } from '../../src/schema/combatant';
import type { RollModifier } from '../../src/schema/modifier';
import { BLIGHT_IDS } from '../../src/schema/status';
import { applyDamage } from '../../src/rules/applyDamage';
import { damageRanges } from '../../src/rules/damageRange';
import { rollDamage } from '../../src/rules/rollDamage';
import { startOfTurnBlights } from '../../src/rules/blights';
import { netBoons, rollBoonsCurses } from '../../src/rules/boonsCurses';
import { drinkElixir, grantVigor, heal, maxHp, maxVigor, rescue } from '../../src/rules/health';
import { hitChance } from '../../src/rules/hitChance';
import { beginTurn, finishTurn, nextRound, startTurnOrder, turnState } from '../../src/rules/turnOrder';
import { foe, pc, settings } from './fixtures';

const RUNS = { numRuns: 200 };
const sourceArb = fc.constantFrom<RollModifier['source']>(
  'height-advantage',
  'ranged-adjacent-foe',
  'status',
  'gm',
);
const modifierArb = fc.record({
  kind: fc.constantFrom<'boon' | 'curse'>('boon', 'curse'),
  count: fc.integer({ min: 1, max: 4 }),
  source: sourceArb,
  reason: fc.constant('r'),
});

describe('properties', () => {
  it('damage never heals and never drives HP or vigor below 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 200 }),
        fc.constantFrom('physical', 'magical', 'godly' as const),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 32 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('armor-then-resistance', 'resistance-then-armor' as const),
        (amount, type, armor, vigor, hp, pierce, cover, damageOrder) => {
          const target = pc('a', { hp, vigor }, { armor, resistances: ['magical'] });
          const result = applyDamage(target, { amount, type, pierce, cover }, settings({ damageOrder }));
          expect(result.hpLost).toBeGreaterThanOrEqual(0);
          expect(result.vigorLost).toBeGreaterThanOrEqual(0);
          expect(result.combatant.hp).toBeGreaterThanOrEqual(0);
          expect(result.combatant.vigor).toBeGreaterThanOrEqual(0);
          expect(result.hpLost + result.vigorLost).toBeLessThanOrEqual(Math.max(0, amount));
        },
      ),
      RUNS,
    );
  });

  it('every damage roll lands inside the range damageRanges promised for it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fray', 'light', 'heavy', 'critical' as const),
        fc.constantFrom(4, 6, 8, 10, 12),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.integer(),
        (tier, die, fray, bonus, boost, critical, seed) => {
          const S = settings();
          const roll = rollDamage(
            { tier, bonus, boost, flat: 0, type: 'physical', damageDie: die, fray, critical },
            seededDice(seed),
            S,
          );
          const range = damageRanges({ damageDie: die, fray, bonus, boost: boost + (critical ? 1 : 0) }, S)[
            tier
          ];
          expect(roll.total).toBeGreaterThanOrEqual(range.min);
          expect(roll.total).toBeLessThanOrEqual(range.max);
          expect(roll.dice.length).toBe(range.diceRolled);
          expect(roll.type === 'godly').toBe(range.godly);
        },
      ),
      RUNS,
    );
  });

  it('HP and vigor never exceed their maximums through any healing sequence', () => {
    const stepArb = fc.oneof(
      fc.record({ kind: fc.constant('heal' as const), n: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ kind: fc.constant('vigor' as const), n: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('hit' as const), n: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ kind: fc.constant('rescue' as const), n: fc.constant(0) }),
      fc.record({ kind: fc.constant('elixir' as const), n: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const S = settings();
        let c: Combatant = pc('a');
        for (const step of steps) {
          if (step.kind === 'heal') c = heal(c, step.n).combatant;
          if (step.kind === 'vigor') c = grantVigor(c, step.n, S).combatant;
          if (step.kind === 'hit') c = applyDamage(c, { amount: step.n, type: 'physical' }, S).combatant;
          if (step.kind === 'rescue') {
            const r = rescue(c);
            if (r.ok) c = r.combatant;
          }
          if (step.kind === 'elixir') {
            const r = drinkElixir(c, false);
            if (r.ok) c = r.combatant;
          }
          expect(c.hp).toBeLessThanOrEqual(maxHp(c));
          expect(c.vigor).toBeLessThanOrEqual(maxVigor(c, S));
          expect(c.wounds).toBeLessThanOrEqual(3);
        }
      }),
      RUNS,
    );
  });

  it('blights never take a character below 1 HP', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 0, max: 10 }),
        fc.subarray([...BLIGHT_IDS], { minLength: 1 }),
        (hp, vigor, blights) => {
          const result = startOfTurnBlights(pc('a', { hp, vigor, blights }), settings());
          expect(result?.combatant.hp).toBeGreaterThanOrEqual(1);
          expect(result?.defeated).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('boons and curses cancel symmetrically', () => {
    fc.assert(
      fc.property(
        fc.array(modifierArb, { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 40, maxLength: 40 }),
        (mods, rolls) => {
          const flipped = mods.map((m) => ({
            ...m,
            kind: m.kind === 'boon' ? ('curse' as const) : ('boon' as const),
          }));
          expect(netBoons(flipped) + netBoons(mods)).toBe(0);
          // A matched boon and curse change nothing.
          const padded: RollModifier[] = [
            ...mods,
            { kind: 'boon', count: 2, source: 'gm', reason: 'x' },
            { kind: 'curse', count: 2, source: 'gm', reason: 'y' },
          ];
          expect(netBoons(padded)).toBe(netBoons(mods));
          // The same d6s give opposite adjustments.
          const net = netBoons(mods);
          expect(
            rollBoonsCurses(net, fixedDice(rolls)).value + rollBoonsCurses(-net, fixedDice(rolls)).value,
          ).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('hit chances are exact partitions and a boon never lowers the chance to hit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 10 }),
        fc.integer({ min: 5, max: 25 }),
        fc.integer({ min: -4, max: 3 }),
        (bonus, defense, net) => {
          const now = hitChance(bonus, defense, net);
          const better = hitChance(bonus, defense, net + 1);
          expect(now.miss.numerator + now.hit.numerator + now.critical.numerator).toBe(now.miss.denominator);
          expect(1 - better.miss.value).toBeGreaterThanOrEqual(1 - now.miss.value - 1e-12);
        },
      ),
      RUNS,
    );
  });

  it('turn order gives every living character exactly one turn per round, alternating sides', () => {
    const catalog = settings().statuses;
    const rosterArb = fc.record({
      party: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      foes: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(rosterArb, ({ party, foes, seed }) => {
        const dice = seededDice(seed);
        const roster = [
          ...party.map((slow, i) => pc(`p${i}`, { slowTurn: slow })),
          ...foes.map((slow, i) => foe(`f${i}`, { slowTurn: slow })),
        ];
        let order = startTurnOrder();
        for (let round = 1; round <= 3; round += 1) {
          const sides: string[] = [];
          for (;;) {
            const state = turnState(order, roster, catalog);
            if (state.kind === 'round-over') break;
            if (state.kind !== 'choose') throw new Error(`unexpected ${state.kind}`);
            const previous = sides[sides.length - 1];
            if (previous === state.side) {
              // The same side twice in a row only when the other side has no one left in this phase.
              const others = roster.filter(
                (c) =>
                  c.side !== state.side &&
                  !order.acted.includes(c.id) &&
                  (state.phase === 'slow' || !c.slowTurn),
              );
              expect(others).toEqual([]);
            }
            const pick = state.candidates[dice.roll(state.candidates.length) - 1]!;
            const begun = beginTurn(order, roster, catalog, pick);
            if (!begun.ok) throw new Error(begun.reason);
            order = finishTurn(begun.order, roster);
            sides.push(state.side);
          }
          expect([...order.acted].sort()).toEqual(roster.map((c) => c.id).sort());
          expect(new Set(order.acted).size).toBe(order.acted.length);
          // A PC goes first unless every PC chose a slow turn.
          if (round === 1 && party.includes(false)) expect(sides[0]).toBe('party');
          order = nextRound(order);
        }
      }),
      RUNS,
    );
  });
});
