import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import type { Combatant } from '../../src/schema/combatant';
import type { TurnOrder } from '../../src/schema/turnOrder';
import { beginTurn, finishTurn, nextRound, startTurnOrder, turnState } from '../../src/rules/turnOrder';
import { endTurn, startRound, startTurn } from '../../src/rules/turnSteps';
import { foe, pc, settings } from './fixtures';

const S = settings();
const CATALOG = S.statuses;

/** Takes turns in the order given; asserts each is allowed. Returns the sides that went, in order. */
function play(order: TurnOrder, combatants: Combatant[], ids: string[]): TurnOrder {
  let current = order;
  for (const id of ids) {
    const begun = beginTurn(current, combatants, CATALOG, id);
    if (!begun.ok) throw new Error(`${id}: ${begun.reason}`);
    current = finishTurn(begun.order, combatants);
  }
  return current;
}

describe('turn order', () => {
  const party = [pc('a'), pc('b')];
  const foes = [foe('x'), foe('y'), foe('z')];
  const all = [...party, ...foes];

  it('a PC goes first; the players choose among theirs', () => {
    expect(turnState(startTurnOrder(), all, CATALOG)).toEqual({
      kind: 'choose',
      round: 1,
      side: 'party',
      phase: 'normal',
      candidates: ['a', 'b'],
    });
  });

  it('sides alternate, then the side with characters left finishes', () => {
    let order = play(startTurnOrder(), all, ['b', 'x', 'a']);
    expect(turnState(order, all, CATALOG)).toMatchObject({ side: 'foes', candidates: ['y', 'z'] });
    order = play(order, all, ['z']);
    // The party has no one left: the foes keep going.
    expect(turnState(order, all, CATALOG)).toMatchObject({ side: 'foes', candidates: ['y'] });
    order = play(order, all, ['y']);
    expect(turnState(order, all, CATALOG)).toEqual({
      kind: 'round-over',
      round: 1,
      nextRoundStartSide: 'party',
    });
  });

  it('the next round starts with the side that did not go last', () => {
    const three = [pc('a'), pc('b'), pc('c'), foe('x')];
    const order = play(startTurnOrder(), three, ['a', 'x', 'b', 'c']);
    const next = nextRound(order);
    expect(next).toMatchObject({ round: 2, roundStartSide: 'foes', acted: [] });
    expect(turnState(next, three, CATALOG)).toMatchObject({ side: 'foes', candidates: ['x'] });
  });

  it('refuses the wrong side, a second turn, and turns during a turn', () => {
    const order = startTurnOrder();
    expect(beginTurn(order, all, CATALOG, 'x')).toEqual({ ok: false, reason: "it is the party side's turn" });
    const begun = beginTurn(order, all, CATALOG, 'a');
    if (!begun.ok) throw new Error(begun.reason);
    expect(beginTurn(begun.order, all, CATALOG, 'b')).toEqual({
      ok: false,
      reason: 'another turn is still in progress',
    });
    const after = play(finishTurn(begun.order, all), all, ['x']);
    expect(beginTurn(after, all, CATALOG, 'a')).toEqual({
      ok: false,
      reason: 'already took a turn this round',
    });
  });

  it('slow turns come after everyone else and alternate the same way', () => {
    const list = [pc('a', { slowTurn: true }), pc('b'), foe('x', { slowTurn: true }), foe('y')];
    let order = startTurnOrder();
    expect(turnState(order, list, CATALOG)).toMatchObject({
      side: 'party',
      phase: 'normal',
      candidates: ['b'],
    });
    order = play(order, list, ['b', 'y']);
    // Everyone non-slow has acted and the foes went last, so the party's slow character is up.
    expect(turnState(order, list, CATALOG)).toMatchObject({
      side: 'party',
      phase: 'slow',
      candidates: ['a'],
    });
    order = play(order, list, ['a']);
    expect(turnState(order, list, CATALOG)).toMatchObject({ side: 'foes', phase: 'slow', candidates: ['x'] });
  });

  it('the slow status forces a slow turn', () => {
    const list = [pc('a', { statuses: [{ id: 'slow', ongoing: false }] }), pc('b'), foe('x')];
    expect(turnState(startTurnOrder(), list, CATALOG)).toMatchObject({ candidates: ['b'] });
  });

  it('a slow character cannot jump the queue', () => {
    const list = [pc('a', { slowTurn: true }), pc('b'), foe('x')];
    expect(beginTurn(startTurnOrder(), list, CATALOG, 'a')).toEqual({
      ok: false,
      reason: 'slow turns wait until everyone else has acted',
    });
  });

  it('characters defeated mid-round drop out; ones added mid-round act this round', () => {
    let order = play(startTurnOrder(), all, ['a']);
    const defeated = all.map((c) =>
      c.id === 'x' ? { ...c, hp: 0, defeated: true, incapacitated: true } : c,
    );
    expect(turnState(order, defeated, CATALOG)).toMatchObject({ side: 'foes', candidates: ['y', 'z'] });
    order = play(order, defeated, ['y', 'b']);
    const reinforced = [...defeated, foe('w')];
    expect(turnState(order, reinforced, CATALOG)).toMatchObject({ side: 'foes', candidates: ['z', 'w'] });
  });

  it('combat is over when one side has no one standing', () => {
    const down = [pc('a'), foe('x', { defeated: true, incapacitated: true, hp: 0 })];
    expect(turnState(startTurnOrder(), down, CATALOG)).toEqual({
      kind: 'combat-over',
      round: 1,
      winner: 'party',
    });
  });
});

describe('turn steps', () => {
  it('start of turn resets actions and deals blight damage; end of turn saves and moves on', () => {
    const list = [
      pc('a', { hp: 20, blights: ['burning', 'poisoned'], statuses: [{ id: 'dazed', ongoing: false }] }),
      foe('x'),
    ];
    const started = startTurn(startTurnOrder(), list, 'a', S);
    if ('ok' in started) throw new Error(started.reason);
    expect(started.blights).toMatchObject({ hpLost: 2, hpAfter: 18 });
    expect(started.order).toMatchObject({ currentId: 'a', turnSerial: 1 });
    const updated = [started.combatant, list[1]!];
    const ended = endTurn(started.order, updated, fixedDice([12]), S);
    if ('ok' in ended) throw new Error(ended.reason);
    expect(ended.saves).toMatchObject([{ statusId: 'dazed', ended: true }]);
    expect(ended.combatant.statuses).toEqual([]);
    expect(ended.order).toMatchObject({ currentId: null, acted: ['a'], lastSide: 'party' });
  });

  it('a new round clears the one-attack limit and slow-turn choices', () => {
    const list = [pc('a', { attackedThisRound: true, slowTurn: true, usedThisRound: { Cleave: 1 } })];
    const { combatants, order } = startRound(startTurnOrder(), list);
    expect(order.round).toBe(2);
    expect(combatants[0]).toMatchObject({ attackedThisRound: false, slowTurn: false, usedThisRound: {} });
  });
});

// Rulebook (Turn order): "A player character takes the first turn in every combat" and slow turns
// "happen after all other characters who aren't taking a slow turn". docs/rules.md "Slow turns".
describe('an all-slow party and the first turn (setting firstTurnBeatsSlow)', () => {
  const list = [
    pc('a', { slowTurn: true }),
    pc('b', { statuses: [{ id: 'slow', ongoing: false }] }),
    foe('x'),
  ];

  it('default (the text): a PC still takes the first turn, then the foes, then the other slow PC', () => {
    expect(turnState(startTurnOrder(), list, CATALOG)).toEqual({
      kind: 'choose',
      round: 1,
      side: 'party',
      phase: 'slow',
      candidates: ['a', 'b'],
    });
    expect(beginTurn(startTurnOrder(), list, CATALOG, 'x')).toEqual({
      ok: false,
      reason: "it is the party side's turn",
    });
    const order = play(startTurnOrder(), list, ['a']);
    expect(turnState(order, list, CATALOG)).toMatchObject({
      side: 'foes',
      phase: 'normal',
      candidates: ['x'],
    });
    const after = play(order, list, ['x']);
    expect(turnState(after, list, CATALOG)).toMatchObject({
      side: 'party',
      phase: 'slow',
      candidates: ['b'],
    });
  });

  it('off: slowness wins and the foe goes first', () => {
    const rules = { firstTurnBeatsSlow: false };
    expect(turnState(startTurnOrder(), list, CATALOG, rules)).toMatchObject({
      side: 'foes',
      phase: 'normal',
      candidates: ['x'],
    });
    expect(beginTurn(startTurnOrder(), list, CATALOG, 'a', rules)).toEqual({
      ok: false,
      reason: "it is the foes side's turn",
    });
  });

  it('only round 1: in round 2 an all-slow side waits for the other side as usual', () => {
    const round2 = { ...startTurnOrder(), round: 2 };
    expect(turnState(round2, list, CATALOG)).toMatchObject({ side: 'foes', phase: 'normal' });
  });
});
