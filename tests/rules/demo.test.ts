import { describe, expect, it } from 'vitest';
import { runDemoAttack } from '../../src/rules/demo';

describe('terminal demo', () => {
  it('is the same story for the same seed and explains its numbers', () => {
    const first = runDemoAttack(7);
    expect(runDemoAttack(7)).toEqual(first);
    expect(first.explanation.split('\n')[0]).toBe('Brannoc uses Cleave on Bandit Cutthroat');
    expect(first.explanation).toContain(`= ${first.outcome.roll.total} vs Defense 9`);
    expect(first.explanation).toContain(`HP 24 → ${first.outcome.target.hp}`);
  });
});
