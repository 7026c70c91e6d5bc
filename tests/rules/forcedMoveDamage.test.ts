import { describe, expect, it } from 'vitest';
import { forcedMove } from '../../src/grid';
import { applyDamage } from '../../src/rules/applyDamage';
import { forcedMoveDamage } from '../../src/rules/forcedMoveDamage';
import { c, field } from '../grid/helpers';
import { pc, settings } from './fixtures';

describe('damage from forced movement (rulebook: Falling, Dangerous)', () => {
  const source = { cell: c(0, 0), size: 1 };

  it('push 2 off a height-2 ledge: 2 physical, which Armor 1 takes to 1', () => {
    const bf = field(`A b 2 . .`, { standOn: { A: 2, b: 2 } });
    const move = forcedMove(bf, { kind: 'push', targetId: 'b', distance: 2, source });
    if (!move.ok) throw new Error(move.reason);
    const hurts = forcedMoveDamage(move, settings());
    expect(hurts).toEqual([
      { event: { kind: 'fall', step: 1, cell: c(3, 0), levels: 2 }, damage: { amount: 2, type: 'physical' } },
    ]);
    const hero = pc('hero'); // 32 HP, Armor 1
    expect(applyDamage(hero, hurts[0]!.damage, settings()).hpAfter).toBe(31);
    expect(forcedMoveDamage(move, settings({ fallDamageIgnoresArmor: true }))[0]!.damage).toEqual({
      amount: 2,
      type: 'physical',
      ignoresArmor: true,
    });
  });

  it('a one-level drop is free; dangerous squares hurt in order; an edge deals nothing', () => {
    const bf = field(`A b 1 ! _ .`, { standOn: { b: 2 }, chapter: 3 });
    const move = forcedMove(bf, { kind: 'push', targetId: 'b', distance: 4, source });
    if (!move.ok) throw new Error(move.reason);
    expect(move.path).toEqual([c(2, 0), c(3, 0), c(4, 0)]);
    expect(forcedMoveDamage(move, settings())).toEqual([
      {
        event: { kind: 'dangerous', step: 1, cell: c(3, 0), damage: 3, damageType: 'piercing' },
        damage: { amount: 3, type: 'physical', pierce: true },
      },
    ]);
  });
});
