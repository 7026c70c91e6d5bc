import { describe, expect, it } from 'vitest';
import { applyDamage } from '../../src/rules/applyDamage';
import { foe, pc, settings } from './fixtures';

const S = settings();

describe('applying damage', () => {
  it('armor first, then vigor soaks, then HP', () => {
    const target = pc('a', { vigor: 3 }, { armor: 2 });
    const result = applyDamage(target, { amount: 10, type: 'physical' }, S);
    expect(result.steps).toEqual([
      { kind: 'armor', armor: 2, before: 10, after: 8 },
      { kind: 'vigor', before: 3, absorbed: 3, after: 0 },
    ]);
    expect(result).toMatchObject({ vigorLost: 3, hpLost: 5, hpBefore: 32, hpAfter: 27 });
    expect(result.combatant).toMatchObject({ hp: 27, vigor: 0 });
  });

  it('pierce ignores armor', () => {
    const result = applyDamage(pc('a', {}, { armor: 2 }), { amount: 10, type: 'physical', pierce: true }, S);
    expect(result.hpAfter).toBe(22);
    expect(result.steps[0]).toMatchObject({ kind: 'armor', skipped: 'pierce', after: 10 });
  });

  it('resistance halves rounding up; by default after armor', () => {
    const target = pc('a', {}, { armor: 2, resistances: ['magical'] });
    expect(applyDamage(target, { amount: 11, type: 'magical' }, S).hpLost).toBe(5); // 11-2=9 → 5
    const resistFirst = settings({ damageOrder: 'resistance-then-armor' });
    expect(applyDamage(target, { amount: 11, type: 'magical' }, resistFirst).hpLost).toBe(4); // 6-2
  });

  it('cover is resistance; two resistances halve once unless the room stacks them', () => {
    const target = pc('a', {}, { armor: 2, resistances: ['physical'] });
    const once = applyDamage(target, { amount: 11, type: 'physical', cover: true }, S);
    expect(once.steps[1]).toMatchObject({ kind: 'resistance', halvings: 1, before: 9, after: 5 });
    const stacked = applyDamage(
      target,
      { amount: 11, type: 'physical', cover: true },
      settings({ resistanceStacks: true }),
    );
    expect(stacked.hpLost).toBe(3); // 9 → 5 → 3
  });

  it('godly ignores armor, resistance and vigor', () => {
    const target = pc('a', { vigor: 5 }, { armor: 2, resistances: ['physical', 'magical'] });
    const result = applyDamage(target, { amount: 10, type: 'godly', cover: true }, S);
    expect(result).toMatchObject({ vigorLost: 0, hpLost: 10, hpAfter: 22 });
  });

  it('armor larger than the damage leaves 0, never negative', () => {
    const result = applyDamage(pc('a', {}, { armor: 5 }), { amount: 3, type: 'physical' }, S);
    expect(result).toMatchObject({ hpLost: 0, hpAfter: 32 });
  });

  it('incapacitated targets are immune', () => {
    const result = applyDamage(
      pc('a', { hp: 0, defeated: true, incapacitated: true }),
      { amount: 9, type: 'godly' },
      S,
    );
    expect(result.immune).toMatch(/immune/);
    expect(result.hpLost).toBe(0);
  });

  it('0 HP defeats a PC: effects clear, a wound, incapacitated', () => {
    const target = pc('a', {
      hp: 5,
      vigor: 0,
      statuses: [{ id: 'slow', ongoing: false }],
      blights: ['burning'],
    });
    const result = applyDamage(target, { amount: 10, type: 'physical' }, S);
    expect(result).toMatchObject({ defeated: true, wounded: true, died: false, hpAfter: 0 });
    expect(result.combatant).toMatchObject({
      hp: 0,
      wounds: 1,
      statuses: [],
      blights: [],
      incapacitated: true,
      defeated: true,
    });
  });

  it('a PC with 3 wounds who is defeated dies instead of taking a fourth', () => {
    const result = applyDamage(pc('a', { hp: 2, wounds: 3 }), { amount: 5, type: 'physical' }, S);
    expect(result).toMatchObject({ defeated: true, wounded: false, died: true });
    expect(result.combatant).toMatchObject({ dead: true, wounds: 3 });
  });

  it('a defeated foe takes no wound', () => {
    const result = applyDamage(foe('x', { hp: 3 }), { amount: 9, type: 'physical' }, S);
    expect(result.combatant).toMatchObject({
      hp: 0,
      wounds: 0,
      defeated: true,
      incapacitated: true,
      dead: false,
    });
  });
});
