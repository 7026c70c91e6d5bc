import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { resetForRound, resetForTurn, useAction } from '../../src/rules/actionEconomy';
import type { ActionContext } from '../../src/rules/actionEconomy';
import { applyEffect, withUserGrants } from '../../src/rules/applyEffect';
import { resolveAttack } from '../../src/rules/resolveAttack';
import type { Combatant } from '../../src/schema/combatant';
import type { Ability } from '../../src/schema/ability';
import { DEFAULT_STATUS_CATALOG } from '../../src/schema/status';
import { ability, foe, pc, settings } from './fixtures';

const S = settings();
const ctx: ActionContext = { onOwnTurn: true, turnSerial: 1, catalog: DEFAULT_STATUS_CATALOG };
const battleCry = ability({
  name: 'Battle Cry',
  cost: '1-action',
  effect: { nextAbility: { boons: 1, bonus: 1 } },
});
const cleave = ability({
  name: 'Cleave',
  cost: '2-actions',
  tags: { attack: true },
  range: 1,
  attack: {
    kind: 'melee',
    onHit: { damage: { tier: 'heavy', bonus: 1 } },
    onMiss: { damage: { tier: 'fray' } },
  },
});
const jab = ability({ name: 'Jab', cost: '1-action', effect: { damage: { tier: 'light' } } });
const DELIVERY = {
  damageType: 'physical' as const,
  pierce: false,
  ranged: false,
  cover: false,
  critical: false,
};

function use(who: Combatant, what: Ability): Combatant {
  const used = useAction(who, { kind: 'ability', ability: what }, ctx);
  if (!used.ok) throw new Error(used.reason);
  return used.combatant;
}

describe('"your next ability" bonuses', () => {
  it('an effect grants the bonus to its receiver (the user, on itself)', () => {
    const user = use(pc('u'), battleCry);
    const out = applyEffect(user, user, 'effect', battleCry.effect!, DELIVERY, fixedDice([]), S);
    expect(out.target.nextAbility).toEqual([{ boons: 1, bonus: 1, boost: 0, flat: 0, source: 'PC u' }]);
  });

  it('the next ability takes it: a boon on its to-hit roll and a bonus die on its damage', () => {
    const waiting = pc('u', {
      nextAbility: [{ boons: 1, bonus: 1, boost: 0, flat: 0, source: 'Battle Cry' }],
    });
    const attacker = use(waiting, cleave);
    expect(attacker.nextAbility).toEqual([]);
    expect(attacker.abilityBonus).toEqual({ boons: 1, bonus: 1, boost: 0, flat: 0, source: 'Battle Cry' });
    // d20 8 + 3 + boon d6 4 = 15 ≥ 9. Heavy with bonus 1 + 1: dice 1 2 6 5 keep 6 5 = 11 + fray 3 = 14;
    // armor 1 → 13 of 24.
    const outcome = resolveAttack(
      { attacker, target: foe('f'), ability: cleave, modifiers: [], cover: false, settings: S },
      fixedDice([8, 4, 1, 2, 6, 5]),
    );
    expect(outcome.modifiers).toEqual([
      { kind: 'boon', count: 1, source: 'ability', reason: 'ability bonus (Battle Cry)' },
    ]);
    expect(outcome.roll.total).toBe(15);
    expect(outcome.effects[0]?.damage).toMatchObject({ kept: [6, 5], dropped: [2, 1], total: 14 });
    expect(outcome.target.hp).toBe(11);
  });

  it('is consumed exactly once: the ability after it rolls plain', () => {
    const waiting = pc('u', {
      nextAbility: [{ boons: 0, bonus: 0, boost: 0, flat: 2, source: 'Battle Cry' }],
    });
    const first = use(waiting, jab);
    // Light 4 + fray 3 + flat 2 = 9, armor 1 → 8.
    const hit = applyEffect(first, foe('f'), 'effect', jab.effect!, DELIVERY, fixedDice([4]), S);
    expect(hit.outcome.damage).toMatchObject({ flat: 2, total: 9 });
    const second = use(resetForTurn(resetForRound(first)), jab);
    expect(second.abilityBonus).toBeNull();
    const plain = applyEffect(second, foe('f'), 'effect', jab.effect!, DELIVERY, fixedDice([4]), S);
    expect(plain.outcome.damage).toMatchObject({ flat: 0, total: 7 });
  });

  it('a basic action is no ability: the bonus keeps waiting', () => {
    const bonus = { boons: 1, bonus: 0, boost: 0, flat: 0, source: 'Battle Cry' };
    const used = useAction(pc('u', { nextAbility: [bonus] }), { kind: 'basic', action: 'whack' }, ctx);
    expect(used.ok && used.combatant.nextAbility).toEqual([bonus]);
    expect(used.ok && used.combatant.abilityBonus).toBeNull();
  });

  it('several waiting bonuses add up into the one next ability', () => {
    const a = { boons: 1, bonus: 0, boost: 0, flat: 1, source: 'Battle Cry' };
    const b = { boons: 1, bonus: 0, boost: 1, flat: 0, source: 'Focus' };
    const used = use(pc('u', { nextAbility: [a, b] }), jab);
    expect(used.abilityBonus).toEqual({ boons: 2, bonus: 0, boost: 1, flat: 1, source: 'Battle Cry, Focus' });
  });

  it('a grant "to: user" on an attack goes to the attacker once, not to the target', () => {
    const mark = ability({
      name: 'Mark',
      cost: '1-action',
      tags: { attack: true },
      attack: { kind: 'melee', onHit: { nextAbility: { to: 'user', flat: 1 } } },
    });
    const outcome = resolveAttack(
      { attacker: pc('u'), target: foe('f'), ability: mark, modifiers: [], cover: false, settings: S },
      fixedDice([15]),
    );
    expect(outcome.target.nextAbility).toEqual([]);
    expect(withUserGrants(pc('u'), [...outcome.effects, ...outcome.effects]).nextAbility).toEqual([
      { boons: 0, bonus: 0, boost: 0, flat: 1, source: 'PC u' },
    ]);
  });
});

describe('slow-turn bonuses', () => {
  const heavySwing = ability({
    name: 'Heavy Swing',
    cost: '1-action',
    effect: { damage: { tier: 'light' } },
    slowTurnBonus: { boost: 1 },
  });

  it('count only when the user is on a slow turn', () => {
    expect(use(pc('u', { slowTurn: true }), heavySwing).abilityBonus).toEqual({
      boons: 0,
      bonus: 0,
      boost: 1,
      flat: 0,
      source: 'Heavy Swing on a slow turn',
    });
    expect(use(pc('u'), heavySwing).abilityBonus).toBeNull();
  });

  it('boost light to heavy: two dice kept', () => {
    const user = use(pc('u', { slowTurn: true }), heavySwing);
    // Heavy: 3 + 4 + fray 3 = 10, armor 1 → 9.
    const out = applyEffect(user, foe('f'), 'effect', heavySwing.effect!, DELIVERY, fixedDice([3, 4]), S);
    expect(out.outcome.damage).toMatchObject({ tier: 'heavy', total: 10 });
    expect(out.target.hp).toBe(15);
  });
});
