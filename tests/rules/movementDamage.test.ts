import { describe, expect, it } from 'vitest';
import { checkPath } from '../../src/grid';
import { applyDamage } from '../../src/rules/applyDamage';
import { fallDamage, movementEventDamage } from '../../src/rules/movementDamage';
import { resolveWhack, whackDamage } from '../../src/rules/resolveWhack';
import { c, field } from '../grid/helpers';
import { foe, pc, settings } from './fixtures';

const S = settings();

describe('falling (rulebook: Other bits, Falling)', () => {
  it('a drop of one level is free; two or three levels deal 1 physical per level, which armor reduces', () => {
    const hero = pc('hero'); // 32 HP, Armor 1
    expect(fallDamage(1, S)).toBeNull();
    expect(fallDamage(2, S)).toEqual({ amount: 2, type: 'physical' });
    expect(applyDamage(hero, fallDamage(2, S)!, S).hpAfter).toBe(31); // 2 − Armor 1
    expect(applyDamage(hero, fallDamage(3, S)!, S).hpAfter).toBe(30); // 3 − Armor 1
  });

  it('with fallDamageIgnoresArmor the whole 2 or 3 lands', () => {
    const hard = settings({ fallDamageIgnoresArmor: true });
    const hero = pc('hero');
    expect(applyDamage(hero, fallDamage(2, hard)!, hard).hpAfter).toBe(30);
    expect(applyDamage(hero, fallDamage(3, hard)!, hard).hpAfter).toBe(29);
  });

  it('turns the grid events of a path into damage: the fall, a dangerous square (chapter 2, pierce), no edge damage', () => {
    const bf = field(`A ! 3 . _`, { chapter: 2 });
    const path = checkPath(bf, 'A', [c(1, 0), c(2, 0), c(3, 0), c(4, 0)], { budget: 20 });
    expect(path.ok).toBe(true);
    if (!path.ok) return;
    expect(path.events.map((e) => e.kind)).toEqual(['dangerous', 'fall', 'edge']);
    const damage = path.events.map((e) => movementEventDamage(e, S));
    expect(damage).toEqual([
      { amount: 2, type: 'physical', pierce: true },
      { amount: 3, type: 'physical' },
      null,
    ]);
    // Armor 1: the pierce ignores it (2), the fall does not (3 − 1 = 2): 32 → 28.
    let hero = pc('hero');
    for (const d of damage) if (d) hero = applyDamage(hero, d, S).combatant;
    expect(hero.hp).toBe(28);
  });
});

describe('whack (rulebook: Actions on a turn, Whack)', () => {
  it('armor reduces its 1 damage by default; whackIgnoresArmor lets it through', () => {
    const bandit = foe('bandit'); // 24 HP, Armor 1
    expect(whackDamage(S)).toEqual({ amount: 1, type: 'physical' });
    expect(resolveWhack(pc('hero'), bandit, S).target.hp).toBe(24);
    const loose = settings({ whackIgnoresArmor: true });
    expect(whackDamage(loose)).toEqual({ amount: 1, type: 'physical', ignoresArmor: true });
    const whacked = resolveWhack(pc('hero'), bandit, loose);
    expect(whacked.target.hp).toBe(23);
    expect(whacked.outcome.application?.steps[0]).toMatchObject({ kind: 'armor', skipped: 'ignores-armor' });
  });
});
