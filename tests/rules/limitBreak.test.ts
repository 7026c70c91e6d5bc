import { describe, expect, it } from 'vitest';
import { checkAction, useAction } from '../../src/rules/actionEconomy';
import { gainResolve } from '../../src/rules/resolve';
import { startRound } from '../../src/rules/turnSteps';
import { startTurnOrder } from '../../src/rules/turnOrder';
import { endCombat } from '../../src/rules/health';
import { DEFAULT_STATUS_CATALOG } from '../../src/schema/status';
import { RoomSettingsSchema } from '../../src/schema/settings';
import { ability, foe, pc, settings } from './fixtures';

const ctx = { onOwnTurn: true, turnSerial: 1, catalog: DEFAULT_STATUS_CATALOG };
const meteor = ability({
  name: 'Meteor',
  cost: '2-actions',
  tags: { limitBreak: 3 },
  effect: { damage: { tier: 'critical' } },
});

describe('Resolve and Limit Breaks', () => {
  it('the default gain is 1 Resolve a round for player characters, none for foes', () => {
    expect(RoomSettingsSchema.parse({}).resolvePerRound).toBe(1);
    const order = startTurnOrder('party');
    const next = startRound(order, [pc('a', { resolve: 2 }), foe('f')], settings());
    expect(next.combatants.map((c) => c.resolve)).toEqual([3, 0]);
    expect(gainResolve(pc('a', { resolve: 1 }), { resolvePerRound: 2 }).resolve).toBe(3);
    expect(gainResolve(pc('a', { dead: true }), { resolvePerRound: 2 }).resolve).toBe(0);
    expect(gainResolve(pc('a', { surrendered: true }), { resolvePerRound: 2 }).resolve).toBe(0);
  });

  it('a Limit Break is refused with the cost and what the character has', () => {
    const refused = checkAction(pc('a', { resolve: 2 }), { kind: 'ability', ability: meteor }, ctx);
    expect(refused).toEqual({
      ok: false,
      reason: 'Meteor is a Limit Break that costs 3 Resolve; PC a has 2 (Resolve builds up each round)',
    });
  });

  it('using a Limit Break spends exactly its Resolve; other abilities spend none', () => {
    const used = useAction(pc('a', { resolve: 5 }), { kind: 'ability', ability: meteor }, ctx);
    expect(used.ok && used.combatant.resolve).toBe(2);
    const plain = ability({ name: 'Jab', cost: '1-action', effect: { damage: { tier: 'light' } } });
    const jab = useAction(pc('a', { resolve: 5 }), { kind: 'ability', ability: plain }, ctx);
    expect(jab.ok && jab.combatant.resolve).toBe(5);
  });

  it('an interrupt Limit Break needs Resolve too', () => {
    const parry = ability({
      name: 'Last Stand',
      cost: 'free',
      tags: { interrupt: 1, limitBreak: 2 },
      trigger: { kind: 'targeted', who: 'you' },
      effect: { vigor: 1 },
    });
    const off = { ...ctx, onOwnTurn: false };
    expect(checkAction(pc('a', { resolve: 1 }), { kind: 'ability', ability: parry }, off)).toMatchObject({
      ok: false,
      reason: 'Last Stand is a Limit Break that costs 2 Resolve; PC a has 1 (Resolve builds up each round)',
    });
    const used = useAction(pc('a', { resolve: 2 }), { kind: 'ability', ability: parry }, off);
    expect(used.ok && used.combatant.resolve).toBe(0);
  });

  it('Resolve is gone when combat ends', () => {
    expect(endCombat(pc('a', { resolve: 4 })).resolve).toBe(0);
  });

  it('a Limit Break cost must be a whole number of at least 1', () => {
    expect(() => ability({ name: 'X', cost: 'free', tags: { limitBreak: 0 } })).toThrow();
  });
});
