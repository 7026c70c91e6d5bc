import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import type { RollModifier } from '../../src/schema/modifier';
import { basicAttackAbility, resolveAttack } from '../../src/rules/resolveAttack';
import { resolveWhack } from '../../src/rules/resolveWhack';
import { SAMPLE_FOE, SAMPLE_PC } from '../../src/rules/samples';
import { createCombatant } from '../../src/rules/createCombatant';
import { explainAttack } from '../../src/rules/explainOutcome';
import { settings } from './fixtures';

const S = settings();
const brannoc = createCombatant(SAMPLE_PC, { id: 'pc-1' }); // HP 32, Defense 10, Armor 1, +3, fray 3, d6
const bandit = createCombatant(SAMPLE_FOE, { id: 'foe-1' }); // HP 24, Defense 9, Armor 1, +3, fray 2, d6
const cleave = SAMPLE_PC.abilities.find((a) => a.name === 'Cleave')!;
const knife = SAMPLE_FOE.abilities.find((a) => a.name === 'Dirty Knife')!;
const crossbow = SAMPLE_FOE.abilities.find((a) => a.name === 'Crossbow')!;
const HEIGHT: RollModifier = { kind: 'boon', count: 1, source: 'height-advantage', reason: 'higher ground' };

describe('resolveAttack', () => {
  it('hit: heavy + bonus 1 keeps the two highest of three dice, then armor', () => {
    // d20 13, boon d6 1, damage dice 4 6 6 → 6+6+3 fray = 15, armor 1 → 14.
    const outcome = resolveAttack(
      { attacker: brannoc, target: bandit, ability: cleave, modifiers: [HEIGHT], cover: false, settings: S },
      fixedDice([13, 1, 4, 6, 6]),
    );
    expect(outcome.roll).toMatchObject({ d20: 13, total: 17, hit: true, critical: false });
    expect(outcome.result).toBe('hit');
    expect(outcome.effects[0]?.damage).toMatchObject({ kept: [6, 6], dropped: [4], total: 15 });
    expect(outcome.target.hp).toBe(10);
    expect(outcome.modifiers).toEqual([HEIGHT]);
  });

  it('miss: the on-miss fray damage, no dice', () => {
    const outcome = resolveAttack(
      { attacker: brannoc, target: bandit, ability: cleave, modifiers: [], cover: false, settings: S },
      fixedDice([2]),
    );
    expect(outcome.result).toBe('miss');
    expect(outcome.effects[0]).toMatchObject({ component: 'onMiss', damage: { total: 3 } });
    expect(outcome.target.hp).toBe(22);
  });

  it('critical: light is boosted to heavy and the status still lands', () => {
    // 17 + 3 = 20 → critical; heavy 5 + 2 + fray 2 = 9, armor 1 → 8.
    const outcome = resolveAttack(
      { attacker: bandit, target: brannoc, ability: knife, modifiers: [], cover: false, settings: S },
      fixedDice([17, 5, 2]),
    );
    expect(outcome.result).toBe('critical');
    expect(outcome.effects[0]).toMatchObject({
      damage: { tier: 'heavy', total: 9 },
      statusesApplied: ['weakened'],
    });
    expect(outcome.target).toMatchObject({ hp: 24, statuses: [{ id: 'weakened', ongoing: false }] });
    // The explanation names the status as the room's catalog does, never by its id.
    const named = explainAttack(outcome, {
      attacker: 'Bandit',
      target: 'Brannoc',
      status: () => 'Weakened (GM)',
    });
    expect(named).toContain('  Brannoc gains Weakened (GM)');
    expect(explainAttack(outcome, { attacker: 'Bandit', target: 'Brannoc' })).toContain(
      '  Brannoc gains Weakened',
    );
    expect(named).toContain('On hit:');
  });

  it('ranged pierce vs cover: armor ignored, damage halved rounding up', () => {
    // 12 + 3 = 15 ≥ 10; heavy 4 + 3 + 2 fray = 9 → cover → 5.
    const outcome = resolveAttack(
      { attacker: bandit, target: brannoc, ability: crossbow, modifiers: [], cover: true, settings: S },
      fixedDice([12, 4, 3]),
    );
    expect(outcome.cover).toBe(true);
    expect(outcome.effects[0]?.application?.steps).toEqual([
      { kind: 'armor', armor: 1, before: 9, after: 9, skipped: 'pierce' },
      { kind: 'resistance', reasons: ['cover against ranged attack'], halvings: 1, before: 9, after: 5 },
    ]);
    expect(outcome.target.hp).toBe(27);
  });

  it('cover does not count against melee attacks', () => {
    const outcome = resolveAttack(
      { attacker: bandit, target: brannoc, ability: knife, modifiers: [], cover: true, settings: S },
      fixedDice([10, 4]),
    );
    expect(outcome.cover).toBe(false);
    expect(outcome.target.hp).toBe(27); // 4 + 2 − 1
  });

  it("statuses add their boons/curses: a weakened attacker's curse makes it miss", () => {
    const weakened = { ...bandit, statuses: [{ id: 'weakened', ongoing: false }] };
    // 9 + 3 − 4 = 8 < 10.
    const outcome = resolveAttack(
      { attacker: weakened, target: brannoc, ability: knife, modifiers: [], cover: false, settings: S },
      fixedDice([9, 4]),
    );
    expect(outcome.modifiers).toEqual([
      { kind: 'curse', count: 1, source: 'status', reason: 'Bandit Cutthroat is Weakened' },
    ]);
    expect(outcome.roll.total).toBe(8);
    expect(outcome.effects).toEqual([]);
  });

  it('basic heavy attack: hit heavy, miss light', () => {
    const basic = basicAttackAbility(SAMPLE_PC, 'ranged');
    expect(basic).toMatchObject({ cost: '2-actions', range: 5, tags: { attack: true } });
    const miss = resolveAttack(
      { attacker: brannoc, target: bandit, ability: basic, modifiers: [], cover: false, settings: S },
      fixedDice([1, 6]),
    );
    expect(miss.effects[0]).toMatchObject({ component: 'onMiss', damage: { tier: 'light', total: 9 } });
  });

  it('explains every die and modifier', () => {
    const outcome = resolveAttack(
      { attacker: brannoc, target: bandit, ability: cleave, modifiers: [HEIGHT], cover: false, settings: S },
      fixedDice([13, 1, 4, 6, 6]),
    );
    expect(explainAttack(outcome, { attacker: 'Brannoc', target: 'Bandit' })).toBe(
      [
        'Brannoc uses Cleave on Bandit',
        '  1 boon (Height): higher ground',
        '  net 1 boon: d6 [1] → +1',
        'to hit: d20 13 + 3 bonus + 1 = 17 vs Defense 9 → HIT',
        'On hit:',
        '  damage heavy: dice [4, 6, 6] keep [6, 6] + 3 fray = 15 physical',
        '  armor 1: 15 → 14',
        '  Bandit: HP 24 → 10',
      ].join('\n'),
    );
  });
});

describe('whack', () => {
  it('deals 1 physical damage with no roll; armor can stop it', () => {
    const soft = { ...bandit, statBlock: { ...bandit.statBlock, armor: 0 } };
    expect(resolveWhack(brannoc, soft, S).target.hp).toBe(23);
    expect(resolveWhack(brannoc, bandit, S).target.hp).toBe(24);
  });
});
