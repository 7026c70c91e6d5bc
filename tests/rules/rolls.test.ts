import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import type { RollModifier } from '../../src/schema/modifier';
import { netBoons, rollBoonsCurses } from '../../src/rules/boonsCurses';
import { rollAttack } from '../../src/rules/rollAttack';
import { rollSave } from '../../src/rules/rollSave';

const boon = (count: number, source: RollModifier['source'] = 'gm'): RollModifier => ({
  kind: 'boon',
  count,
  source,
  reason: 'test boon',
});
const curse = (count: number, source: RollModifier['source'] = 'gm'): RollModifier => ({
  kind: 'curse',
  count,
  source,
  reason: 'test curse',
});
const ALWAYS = { criticalAlwaysHits: true };

describe('boons and curses', () => {
  it('cancel one for one', () => {
    expect(netBoons([boon(2, 'height-advantage'), curse(1, 'ranged-adjacent-foe')])).toBe(1);
    expect(netBoons([boon(1), curse(3)])).toBe(-2);
    expect(netBoons([boon(1), curse(1)])).toBe(0);
    expect(netBoons([])).toBe(0);
  });

  it('net boons roll a d6 each and add the highest', () => {
    expect(rollBoonsCurses(3, fixedDice([2, 5, 4]))).toEqual({ net: 3, d6: [2, 5, 4], value: 5 });
  });

  it('net curses roll a d6 each and subtract the highest', () => {
    expect(rollBoonsCurses(-2, fixedDice([1, 6]))).toEqual({ net: -2, d6: [1, 6], value: -6 });
  });

  it('no net boons or curses roll nothing', () => {
    const dice = fixedDice([]);
    expect(rollBoonsCurses(0, dice)).toEqual({ net: 0, d6: [], value: 0 });
  });
});

describe('attack roll', () => {
  it('hits when d20 + bonus equals Defense exactly', () => {
    const roll = rollAttack({ attackBonus: 3, defense: 10, modifiers: [] }, fixedDice([7]), ALWAYS);
    expect(roll).toMatchObject({ d20: 7, total: 10, hit: true, critical: false });
  });

  it('misses one below Defense', () => {
    const roll = rollAttack({ attackBonus: 3, defense: 10, modifiers: [] }, fixedDice([6]), ALWAYS);
    expect(roll).toMatchObject({ total: 9, hit: false, critical: false });
  });

  it('is critical on a total of 20 or more (not only a natural 20)', () => {
    const roll = rollAttack(
      { attackBonus: 3, defense: 10, modifiers: [boon(1)] },
      fixedDice([14, 3]),
      ALWAYS,
    );
    expect(roll).toMatchObject({ d20: 14, total: 20, hit: true, critical: true });
    expect(roll.boonsCurses).toEqual({ net: 1, d6: [3], value: 3 });
  });

  it('a curse can turn a hit into a miss, and keeps its source', () => {
    const mods = [curse(1, 'height-disadvantage')];
    const roll = rollAttack({ attackBonus: 3, defense: 10, modifiers: mods }, fixedDice([9, 4]), ALWAYS);
    expect(roll.total).toBe(8);
    expect(roll.hit).toBe(false);
    expect(roll.modifiers).toEqual(mods);
  });

  it('a critical hits even above Defense 20 unless the room says otherwise', () => {
    const input = { attackBonus: 0, defense: 22, modifiers: [] };
    expect(rollAttack(input, fixedDice([20]), ALWAYS)).toMatchObject({ hit: true, critical: true });
    expect(rollAttack(input, fixedDice([20]), { criticalAlwaysHits: false })).toMatchObject({
      hit: false,
      critical: false,
    });
  });
});

describe('save roll', () => {
  it('succeeds on 10 and fails on 9', () => {
    expect(rollSave([], fixedDice([10]))).toMatchObject({ total: 10, success: true });
    expect(rollSave([], fixedDice([9]))).toMatchObject({ total: 9, success: false });
  });

  it('adds the highest boon d6', () => {
    expect(rollSave([boon(2, 'status')], fixedDice([5, 1, 4]))).toMatchObject({ total: 9, success: false });
    expect(rollSave([boon(2, 'status')], fixedDice([5, 5, 2]))).toMatchObject({ total: 10, success: true });
  });
});
