import { describe, expect, it } from 'vitest';
import {
  drinkElixir,
  endCombat,
  grantVigor,
  heal,
  isBloodied,
  maxHp,
  maxVigor,
  rescue,
  startExpedition,
  surrender,
} from '../../src/rules/health';
import { foe, pc, settings } from './fixtures';

const S = settings();

describe('HP, wounds and vigor', () => {
  it('max HP is 4 × Health, less one Health per wound', () => {
    expect(maxHp(pc('a'))).toBe(32);
    expect(maxHp(pc('a', { wounds: 2 }))).toBe(16);
  });

  it('max vigor defaults to 4 × Health and also drops by Health per wound', () => {
    expect(maxVigor(pc('a'), S)).toBe(32);
    expect(maxVigor(pc('a', { wounds: 1 }), S)).toBe(24);
    expect(maxVigor(pc('a'), settings({ maxVigorHealthMultiple: 2 }))).toBe(16);
  });

  it('bloodied is strictly below half of max HP', () => {
    expect(isBloodied(pc('a', { hp: 15 }))).toBe(true);
    expect(isBloodied(pc('a', { hp: 16 }))).toBe(false);
    expect(isBloodied(pc('a', { hp: 11, wounds: 1 }))).toBe(true); // max 24
  });

  it('vigor comes in multiples of Health, adds up, and is capped', () => {
    const once = grantVigor(pc('a'), 1, S);
    expect(once).toMatchObject({ gained: 8 });
    const capped = grantVigor(pc('a', { vigor: 20, wounds: 1 }), 2, S);
    expect(capped.combatant.vigor).toBe(24);
    expect(capped.gained).toBe(4);
  });

  it('healing stops at max HP and does not revive the defeated', () => {
    expect(heal(pc('a', { hp: 30 }), 10)).toMatchObject({ healed: 2, combatant: { hp: 32 } });
    expect(heal(pc('a', { hp: 0, defeated: true, incapacitated: true }), 10).healed).toBe(0);
  });
});

describe('rescue and surrender', () => {
  it('rescue heals to full minus wounds and ends incapacitation', () => {
    const downed = pc('a', { hp: 0, wounds: 1, defeated: true, incapacitated: true });
    const result = rescue(downed);
    expect(result).toMatchObject({ ok: true, combatant: { hp: 24, defeated: false, incapacitated: false } });
  });

  it('cannot rescue the dead, the surrendered, the standing or foes', () => {
    expect(rescue(pc('a', { dead: true, defeated: true }))).toMatchObject({
      ok: false,
      reason: 'PC a is dead',
    });
    expect(rescue(surrender(pc('a')))).toMatchObject({
      ok: false,
      reason: 'PC a surrendered and cannot be rescued',
    });
    expect(rescue(pc('a'))).toMatchObject({ ok: false, reason: 'PC a is not defeated' });
    expect(rescue(foe('x', { defeated: true, hp: 0 }))).toMatchObject({ ok: false });
  });

  it('surrender defeats without a wound', () => {
    expect(surrender(pc('a', { hp: 7 }))).toMatchObject({
      hp: 7,
      wounds: 0,
      defeated: true,
      surrendered: true,
    });
  });
});

describe('elixirs', () => {
  it('heal half of max HP (rounded up) out of combat, two per expedition', () => {
    const first = drinkElixir(pc('a', { hp: 10 }), false);
    expect(first).toMatchObject({ ok: true, healed: 16, combatant: { hp: 26, elixirs: 1 } });
    const odd = drinkElixir(pc('b', { hp: 1 }, { health: 5 }), false); // max 20 → +10
    expect(odd).toMatchObject({ ok: true, healed: 10 });
  });

  it('are refused in combat and when none are left', () => {
    expect(drinkElixir(pc('a'), true)).toEqual({
      ok: false,
      reason: 'elixirs can only be drunk out of combat',
    });
    expect(drinkElixir(pc('a', { elixirs: 0 }), false)).toEqual({
      ok: false,
      reason: 'PC a has no elixirs left',
    });
  });

  it('get a defeated PC back up after the fight', () => {
    const after = endCombat(pc('a', { hp: 0, wounds: 1, defeated: true, incapacitated: true }));
    expect(after.incapacitated).toBe(false);
    expect(drinkElixir(after, false)).toMatchObject({ ok: true, combatant: { hp: 12, defeated: false } });
  });
});

describe('end of combat', () => {
  it('clears blights, statuses and vigor', () => {
    const after = endCombat(
      pc('a', { blights: ['burning', 'poisoned'], statuses: [{ id: 'slow', ongoing: true }], vigor: 8 }),
    );
    expect(after).toMatchObject({ blights: [], statuses: [], vigor: 0 });
  });

  it('ends surrender; only characters at 0 HP stay defeated', () => {
    expect(endCombat(surrender(pc('a', { hp: 7 })))).toMatchObject({
      surrendered: false,
      defeated: false,
      hp: 7,
    });
    expect(endCombat(pc('b', { hp: 0, defeated: true, incapacitated: true }))).toMatchObject({
      defeated: true,
      incapacitated: false,
    });
    expect(endCombat(pc('c', { hp: 0, dead: true, defeated: true }))).toMatchObject({
      dead: true,
      incapacitated: true,
    });
  });

  it('a new expedition refills elixirs to the room setting', () => {
    expect(startExpedition(pc('a', { elixirs: 0 }), settings()).elixirs).toBe(2);
    expect(startExpedition(pc('a', { elixirs: 0 }), settings({ elixirsPerExpedition: 3 })).elixirs).toBe(3);
  });
});
