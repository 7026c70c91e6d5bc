import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedDice, seededDice } from '../../../src/lib/dice';
import type { ChatRoll } from '../../../src/schema/chat';
import { ChatRollSchema } from '../../../src/schema/chat';
import { MAX_BOONS } from '../../../src/schema/limits';
import { iconRoll } from '../../../src/table/dice/iconRoll';

/** The ICON roll, failing the test when it was refused or not read as a shorthand. */
function rolled(text: string, results: number[]): ChatRoll {
  const dice = fixedDice(results);
  const roll = iconRoll(text, dice);
  if (roll === undefined) throw new Error(`“${text}” was not read as an ICON roll`);
  if ('ok' in roll) throw new Error(`refused: ${roll.reason}`);
  expect(dice.remaining, 'every fixed die is used').toBe(0);
  expect(ChatRollSchema.parse(roll)).toEqual(roll);
  return roll;
}
const d20 = (value: number) => ({ notation: '1d20', dice: [{ sides: 20, value, kept: true, marks: '' }] });
const d6 = (value: number, kept: boolean) => ({ sides: 6, value, kept, marks: kept ? '' : 'd' });

describe('/r save: 1d20 ± the highest boon or curse d6, success on 10+ (rulebook: Save rolls)', () => {
  it('a bare save: 12 succeeds, 9 fails', () => {
    expect(rolled('save', [12])).toEqual({
      notation: 'save',
      parts: [d20(12)],
      total: 12,
      icon: { save: true, net: 0, d20: 12, d6: [], bonus: 0, total: 12, success: true },
    });
    expect(rolled('save', [9]).icon).toMatchObject({ total: 9, success: false });
    expect(rolled('save', [10]).icon).toMatchObject({ total: 10, success: true });
  });

  it('save 2 boons: the d20, then two d6, the highest added; the other shown, not kept', () => {
    expect(rolled('save 2 boons', [6, 3, 5])).toEqual({
      notation: 'save 2 boons',
      parts: [d20(6), { text: ' + ' }, { notation: '2 boons', dice: [d6(3, false), d6(5, true)] }],
      total: 11,
      icon: { save: true, net: 2, d20: 6, d6: [3, 5], bonus: 0, total: 11, success: true },
    });
  });

  it('save 1 curse: the d6 is taken away', () => {
    expect(rolled('save 1 curse', [12, 4])).toEqual({
      notation: 'save 1 curse',
      parts: [d20(12), { text: ' - ' }, { notation: '1 curse', dice: [d6(4, true)] }],
      total: 8,
      icon: { save: true, net: -1, d20: 12, d6: [4], bonus: 0, total: 8, success: false },
    });
  });

  it('boons and curses cancel one for one before any d6 is rolled', () => {
    expect(rolled('save 2 boons 1 curse', [8, 4]).icon).toEqual({
      save: true,
      net: 1,
      d20: 8,
      d6: [4],
      bonus: 0,
      total: 12,
      success: true,
    });
    expect(rolled('save 1 boon 1 curse', [9])).toMatchObject({
      parts: [d20(9)],
      icon: { net: 0, success: false },
    });
    expect(rolled('save 1 boon, 3 curses', [15, 2, 6]).icon).toMatchObject({ net: -2, d6: [2, 6], total: 9 });
  });

  it('a tie among the d6: one of them is kept', () => {
    expect(rolled('save 3 boons', [2, 5, 5, 1]).parts[2]).toEqual({
      notation: '3 boons',
      dice: [d6(5, true), d6(5, false), d6(1, false)],
    });
  });
});

describe('/r 2 boons: a check, 1d20 ± boons or curses, no success line', () => {
  it('2 boons is d20 + the highest of 2d6', () => {
    expect(rolled('2 boons', [11, 2, 6])).toEqual({
      notation: '2 boons',
      parts: [d20(11), { text: ' + ' }, { notation: '2 boons', dice: [d6(2, false), d6(6, true)] }],
      total: 17,
      icon: { save: false, net: 2, d20: 11, d6: [2, 6], bonus: 0, total: 17 },
    });
  });

  it('1 curse is d20 − a d6', () => {
    expect(rolled('1 curse', [15, 4])).toMatchObject({ total: 11, icon: { save: false, net: -1 } });
  });
});

describe('the shorthand’s words', () => {
  it('a flat bonus: +3 or −1', () => {
    expect(rolled('save +3', [7])).toEqual({
      notation: 'save +3',
      parts: [d20(7), { text: ' + 3' }],
      total: 10,
      icon: { save: true, net: 0, d20: 7, d6: [], bonus: 3, total: 10, success: true },
    });
    expect(rolled('save 1 curse -1', [14, 2])).toMatchObject({
      parts: [d20(14), { text: ' - ' }, { notation: '1 curse' }, { text: ' - 1' }],
      total: 11,
      icon: { bonus: -1, total: 11, success: true },
    });
    expect(rolled('2 boons + 1', [4, 1, 3]).icon).toMatchObject({ bonus: 1, total: 8 });
  });

  it('singular or plural, any case, a bare word is one', () => {
    for (const text of ['save 1 boon', 'save 1 boons', 'SAVE 1 BOON', 'Save Boon', 'save boons']) {
      expect(rolled(text, [9, 1]).icon, text).toMatchObject({ save: true, net: 1, total: 10 });
    }
    for (const text of ['2 curse', '2 Curses', 'curse curse']) {
      expect(rolled(text, [20, 1, 1]).icon, text).toMatchObject({ save: false, net: -2, total: 19 });
    }
  });

  it('a d20 or + between the words is allowed', () => {
    expect(rolled('d20 + 2 boons', [3, 4, 5]).icon).toMatchObject({ net: 2, total: 8 });
    expect(rolled('1d20 + 1 boon - 1 curse + 2', [3]).icon).toMatchObject({ net: 0, bonus: 2, total: 5 });
  });

  it('dice notation is not a shorthand: it is left to the notation roller', () => {
    for (const text of ['2d6+3', 'd20', '+3', '-1', '4d6dl1', 'saved', 'boonful']) {
      expect(iconRoll(text, fixedDice([])), text).toBeUndefined();
    }
  });
});

describe('refusals name the bound', () => {
  const refusal = (text: string) => iconRoll(text, fixedDice([]));

  it('too many boons or curses', () => {
    expect(refusal(`${MAX_BOONS + 1} boons`)).toEqual({ ok: false, reason: `at most ${MAX_BOONS} boons` });
    expect(refusal(`save ${MAX_BOONS + 1} curses`)).toEqual({
      ok: false,
      reason: `at most ${MAX_BOONS} curses`,
    });
    expect(refusal('save 7 boons 6 boons')).toEqual({ ok: false, reason: `at most ${MAX_BOONS} boons` });
    expect(refusal('99999999999999999999999 boons')).toEqual({
      ok: false,
      reason: `at most ${MAX_BOONS} boons`,
    });
  });

  it('a flat bonus past 99 either way', () => {
    expect(refusal('save +100')).toEqual({ ok: false, reason: 'a flat bonus is at most 99 either way' });
    expect(refusal('save -60 -40')).toEqual({ ok: false, reason: 'a flat bonus is at most 99 either way' });
  });

  it('words it cannot read', () => {
    expect(refusal('save 2 bones')).toEqual({
      ok: false,
      reason: '“save 2 bones” is not an ICON roll: try save 2 boons, or 1 curse',
    });
    expect(refusal('save save')).toMatchObject({ ok: false });
    expect(refusal('2 boons 2d6')).toMatchObject({ ok: false });
  });

  it('any text with the words never throws: a roll within the bounds, a refusal, or not a shorthand', () => {
    const word = fc.constantFrom('save', 'boon', 'boons', 'curse', 'curses', 'd20', '+', '-', ',', ' ', 'x');
    const text = fc.array(fc.oneof(word, fc.integer({ min: -200, max: 200 }).map(String)), { maxLength: 20 });
    fc.assert(
      fc.property(text, fc.integer(), (words, seed) => {
        const roll = iconRoll(words.join(' '), seededDice(seed));
        if (roll && !('ok' in roll)) expect(ChatRollSchema.safeParse(roll).success).toBe(true);
        if (roll && 'ok' in roll) expect(roll.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
