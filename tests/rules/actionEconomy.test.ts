import { describe, expect, it } from 'vitest';
import type { Combatant } from '../../src/schema/combatant';
import type { ActionContext, ActionRequest } from '../../src/rules/actionEconomy';
import { checkAction, resetForRound, resetForTurn, useAction } from '../../src/rules/actionEconomy';
import { SAMPLE_PC } from '../../src/rules/samples';
import { ability, foe, pc, settings } from './fixtures';

const CATALOG = settings().statuses;
const ON_TURN: ActionContext = { onOwnTurn: true, turnSerial: 1, catalog: CATALOG };
const OFF_TURN: ActionContext = { onOwnTurn: false, turnSerial: 2, catalog: CATALOG };

const cleave = SAMPLE_PC.abilities.find((a) => a.name === 'Cleave')!;
const riposte = SAMPLE_PC.abilities.find((a) => a.name === 'Riposte')!;
const rally = SAMPLE_PC.abilities.find((a) => a.name === 'Rally')!;
const jab = ability({
  name: 'Jab',
  cost: '1-action',
  tags: { attack: true },
  attack: { kind: 'melee', onHit: {} },
});
const shove = ability({ name: 'Shove', cost: '1-action', tags: { limited: { times: 2, per: 'turn' } } });
const charge = ability({
  name: 'Charge',
  cost: '2-actions-and-move',
  tags: { attack: true },
  attack: { kind: 'melee', onHit: { damage: { tier: 'heavy' } } },
});
const ward = ability({ name: 'Ward', cost: 'free', tags: { interrupt: 2 }, trigger: 'An ally is hit.' });
const parry = ability({
  name: 'Parry',
  cost: 'free',
  tags: { interrupt: 2, limited: { times: 1, per: 'round' } },
  trigger: 'You are attacked.',
});

/** Applies requests in order, failing the test on a refusal; returns the final combatant. */
function doAll(start: Combatant, requests: ActionRequest[], context = ON_TURN): Combatant {
  let current = start;
  for (const request of requests) {
    const used = useAction(current, request, context);
    if (!used.ok) throw new Error(used.reason);
    current = used.combatant;
  }
  return current;
}
const reason = (c: Combatant, r: ActionRequest, context = ON_TURN) => {
  const result = checkAction(c, r, context);
  return result.ok ? 'ok' : result.reason;
};

describe('action economy', () => {
  it('move up to Speed, in pieces', () => {
    const moved = doAll(pc('a'), [{ kind: 'move', squares: 3 }]);
    expect(reason(moved, { kind: 'move', squares: 2 })).toBe('only 1 of 4 squares of movement left');
    expect(reason(moved, { kind: 'move', squares: 1 })).toBe('ok');
  });

  it('two actions per turn', () => {
    const spent = doAll(pc('a'), [
      { kind: 'ability', ability: rally },
      { kind: 'basic', action: 'interact' },
    ]);
    expect(reason(spent, { kind: 'basic', action: 'whack' })).toBe('whack needs 1 action, 0 left');
  });

  it('one attack per round, even across turns, until the round resets', () => {
    const attacked = doAll(pc('a'), [{ kind: 'ability', ability: jab }]);
    expect(reason(attacked, { kind: 'ability', ability: cleave })).toBe('already attacked this round');
    const nextTurnSameRound = resetForTurn(attacked);
    expect(reason(nextTurnSameRound, { kind: 'basic', action: 'basic-attack' })).toBe(
      'already attacked this round',
    );
    expect(reason(resetForRound(nextTurnSameRound), { kind: 'basic', action: 'basic-attack' })).toBe('ok');
  });

  it('no repeats in a turn unless limited X/turn', () => {
    const rallied = doAll(pc('a'), [{ kind: 'ability', ability: rally }]);
    expect(reason(rallied, { kind: 'ability', ability: rally })).toBe('already used Rally this turn');
    const ran = doAll(pc('a'), [{ kind: 'basic', action: 'run' }]);
    expect(reason(ran, { kind: 'basic', action: 'run' })).toBe('already used run this turn');
    const twice = doAll(pc('a', {}, { speed: 4 }), [
      { kind: 'ability', ability: shove },
      { kind: 'ability', ability: shove },
    ]);
    expect(twice.turn.used).toEqual({ Shove: 2 });
  });

  it('X/round limits count across turns', () => {
    const twoPerRound = ability({
      name: 'Feint',
      cost: 'free',
      tags: { limited: { times: 2, per: 'round' } },
    });
    const a = doAll(pc('a'), [
      { kind: 'ability', ability: twoPerRound },
      { kind: 'ability', ability: twoPerRound },
    ]);
    expect(reason(resetForTurn(a), { kind: 'ability', ability: twoPerRound })).toBe(
      'Feint is limited to 2/round',
    );
  });

  it('2-actions-and-move needs the unused standard move and spends it', () => {
    const moved = doAll(pc('a'), [{ kind: 'move', squares: 1 }]);
    expect(reason(moved, { kind: 'ability', ability: charge })).toBe(
      'Charge needs your standard move, which is already used',
    );
    const charged = doAll(pc('a'), [{ kind: 'ability', ability: charge }]);
    expect(reason(charged, { kind: 'move', squares: 1 })).toBe(
      'your standard move is already spent this turn',
    );
  });

  it('run moves half Speed rounded up for 1 action; dash moves Speed for 2 and ignores engagement', () => {
    const runner = checkAction(pc('a', {}, { speed: 5 }), { kind: 'basic', action: 'run' }, ON_TURN);
    expect(runner).toMatchObject({
      ok: true,
      charge: { actions: 1, grantsMovement: 3, ignoresEngagement: false },
    });
    const dasher = checkAction(pc('a', {}, { speed: 5 }), { kind: 'basic', action: 'dash' }, ON_TURN);
    expect(dasher).toMatchObject({
      ok: true,
      charge: { actions: 2, grantsMovement: 5, ignoresEngagement: true },
    });
  });

  it('foes cannot rescue, whack or make basic attacks', () => {
    expect(reason(foe('x'), { kind: 'basic', action: 'whack' })).toBe('foes cannot use whack');
    expect(reason(foe('x'), { kind: 'basic', action: 'rescue' })).toBe('foes cannot use rescue');
    expect(reason(foe('x'), { kind: 'basic', action: 'basic-attack' })).toBe('foes cannot use basic attack');
    expect(reason(foe('x'), { kind: 'basic', action: 'dash' })).toBe('ok');
  });

  it('only interrupts work off your turn', () => {
    expect(reason(pc('a'), { kind: 'ability', ability: rally }, OFF_TURN)).toBe('it is not your turn');
    expect(reason(pc('a'), { kind: 'ability', ability: riposte }, OFF_TURN)).toBe('ok');
  });

  it('interrupts: once per any turn, X times between your turns', () => {
    const once = doAll(pc('a'), [{ kind: 'ability', ability: ward }], OFF_TURN);
    expect(reason(once, { kind: 'ability', ability: ward }, OFF_TURN)).toBe(
      'already used Ward during this turn',
    );
    const laterTurn = { ...OFF_TURN, turnSerial: 3 };
    const twice = doAll(once, [{ kind: 'ability', ability: ward }], laterTurn);
    expect(reason(twice, { kind: 'ability', ability: ward }, { ...OFF_TURN, turnSerial: 4 })).toBe(
      'Ward is Interrupt 2: already used 2× since your last turn',
    );
    expect(
      reason(resetForTurn(twice), { kind: 'ability', ability: ward }, { ...OFF_TURN, turnSerial: 5 }),
    ).toBe('ok');
    expect(twice.turn.actionsUsed).toBe(0);
  });

  it('an interrupt limited 1/round is refused a second time in the round even with Interrupt 2', () => {
    const used = doAll(pc('a'), [{ kind: 'ability', ability: parry }], OFF_TURN);
    const laterTurn = { ...OFF_TURN, turnSerial: 3 };
    expect(reason(used, { kind: 'ability', ability: parry }, laterTurn)).toBe('Parry is limited to 1/round');
    expect(reason(resetForRound(used), { kind: 'ability', ability: parry }, laterTurn)).toBe('ok');
  });

  it('dash sets off no interrupts; run and the standard move can', () => {
    const a = pc('a', {}, { speed: 5 });
    const triggers = (r: ActionRequest) => {
      const checked = checkAction(a, r, ON_TURN);
      return checked.ok ? checked.charge.triggersInterrupts : checked.reason;
    };
    expect(triggers({ kind: 'basic', action: 'dash' })).toBe(false);
    expect(triggers({ kind: 'basic', action: 'run' })).toBe(true);
    expect(triggers({ kind: 'move', squares: 3 })).toBe(true);
  });

  it('statuses limit actions: dazed has one, pacified cannot attack, sealed cannot interrupt', () => {
    const dazed = pc('a', { statuses: [{ id: 'dazed', ongoing: false }] });
    expect(reason(dazed, { kind: 'ability', ability: cleave })).toBe('Cleave needs 2 actions, 1 left');
    const pacified = pc('a', { statuses: [{ id: 'pacified', ongoing: false }] });
    expect(reason(pacified, { kind: 'ability', ability: jab })).toBe('cannot attack while Pacified');
    const sealed = pc('a', { statuses: [{ id: 'sealed', ongoing: false }] });
    expect(reason(sealed, { kind: 'ability', ability: ward }, OFF_TURN)).toBe(
      'cannot use interrupts while Sealed',
    );
  });

  it('the defeated cannot act', () => {
    expect(
      reason(pc('a', { hp: 0, defeated: true, incapacitated: true }), { kind: 'move', squares: 1 }),
    ).toBe('PC a is defeated and cannot act');
  });

  it('abilities named like Object.prototype members ("constructor", "toString") are ordinary names', () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const odd = ability({ name, cost: '1-action' });
      expect(reason(pc('a'), { kind: 'ability', ability: odd })).toBe('ok');
      const used = doAll(pc('a'), [{ kind: 'ability', ability: odd }]);
      expect(reason(used, { kind: 'ability', ability: odd })).toBe(`already used ${name} this turn`);
      const ward2 = ability({ name, cost: 'free', tags: { interrupt: 1 }, trigger: 'An ally is hit.' });
      expect(reason(pc('a'), { kind: 'ability', ability: ward2 }, OFF_TURN)).toBe('ok');
    }
  });
});
