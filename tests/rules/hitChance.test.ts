import { describe, expect, it } from 'vitest';
import { hitChance, saveChance } from '../../src/rules/hitChance';

const fractions = (chance: ReturnType<typeof hitChance>) => ({
  miss: `${chance.miss.numerator}/${chance.miss.denominator}`,
  hit: `${chance.hit.numerator}/${chance.hit.denominator}`,
  critical: `${chance.critical.numerator}/${chance.critical.denominator}`,
});

describe('exact hit chance', () => {
  it('no boons: +0 vs Defense 11 is a coin flip with a 1-in-20 critical', () => {
    expect(fractions(hitChance(0, 11, 0))).toEqual({ miss: '10/20', hit: '9/20', critical: '1/20' });
  });

  it('one boon: +3 vs Defense 10 (counted by hand over 120 outcomes)', () => {
    expect(fractions(hitChance(3, 10, 1))).toEqual({ miss: '15/120', hit: '60/120', critical: '45/120' });
  });

  it('one curse: +3 vs Defense 10', () => {
    expect(fractions(hitChance(3, 10, -1))).toEqual({ miss: '57/120', hit: '57/120', critical: '6/120' });
  });

  it('two boons: +0 vs Defense 11 over 720 outcomes', () => {
    expect(fractions(hitChance(0, 11, 2))).toEqual({ miss: '199/720', hit: '324/720', critical: '197/720' });
  });

  it('Defense above 20: only criticals land, unless criticals must also reach Defense', () => {
    expect(fractions(hitChance(0, 25, 0))).toEqual({ miss: '19/20', hit: '0/20', critical: '1/20' });
    expect(fractions(hitChance(0, 25, 0, false))).toEqual({ miss: '20/20', hit: '0/20', critical: '0/20' });
  });

  it('values are the fractions as numbers', () => {
    expect(hitChance(3, 10, 1).critical.value).toBeCloseTo(0.375, 12);
  });

  it('refuses a boon count it cannot count exactly', () => {
    expect(() => hitChance(0, 10, 13)).toThrow(/-12\.\.12/);
  });
});

describe('exact save chance', () => {
  it('11 in 20 plain, 87 in 120 with a boon', () => {
    expect(saveChance(0)).toMatchObject({ numerator: 11, denominator: 20 });
    expect(saveChance(1)).toMatchObject({ numerator: 87, denominator: 120 });
  });
});
