import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { StatusSchema } from '../../src/schema/status';
import { applyBlight, startOfTurnBlights } from '../../src/rules/blights';
import {
  actionsPerTurn,
  applyStatus,
  effectiveSpeed,
  endOfTurnSaves,
  statusAttackModifiers,
  takesSlowTurn,
} from '../../src/rules/statuses';
import { netBoons } from '../../src/rules/boonsCurses';
import { foe, pc, settings } from './fixtures';

const S = settings();
const CATALOG = S.statuses;

describe('statuses', () => {
  it('come from the catalog; unknown ids are refused', () => {
    expect(applyStatus(pc('a'), 'petrified', CATALOG)).toEqual({
      ok: false,
      reason: 'unknown status "petrified" (not in this room\'s catalog)',
    });
    const slowed = applyStatus(pc('a'), 'slow', CATALOG);
    expect(slowed).toMatchObject({ ok: true, combatant: { statuses: [{ id: 'slow', ongoing: false }] } });
  });

  it('are not doubled when applied twice', () => {
    const once = applyStatus(pc('a'), 'dazed', CATALOG);
    if (!once.ok) throw new Error(once.reason);
    const twice = applyStatus(once.combatant, 'dazed', CATALOG, { ongoing: true });
    expect(twice).toMatchObject({ ok: true, combatant: { statuses: [{ id: 'dazed', ongoing: true }] } });
  });

  it('end-of-turn: one save each, success ends it, ongoing ones stay without a roll', () => {
    const target = pc('a', {
      statuses: [
        { id: 'weakened', ongoing: false },
        { id: 'slow', ongoing: true },
        { id: 'dazed', ongoing: false },
      ],
    });
    const { combatant, saves } = endOfTurnSaves(target, CATALOG, fixedDice([10, 9]));
    expect(saves.map((s) => [s.statusId, s.roll?.total ?? null, s.ended])).toEqual([
      ['weakened', 10, true],
      ['slow', null, false],
      ['dazed', 9, false],
    ]);
    expect(combatant.statuses.map((s) => s.id)).toEqual(['slow', 'dazed']);
  });

  it('stunned curses its own saves', () => {
    const { saves } = endOfTurnSaves(
      pc('a', { statuses: [{ id: 'stunned', ongoing: false }] }),
      CATALOG,
      fixedDice([15, 6]),
    );
    expect(saves[0]?.roll).toMatchObject({ d20: 15, total: 9, success: false });
  });

  it('put boons and curses on attacks, with status as the source', () => {
    const attacker = pc('a', { statuses: [{ id: 'weakened', ongoing: false }] });
    const target = foe('x', { statuses: [{ id: 'vulnerable', ongoing: false }] });
    const mods = statusAttackModifiers(attacker, target, CATALOG);
    expect(mods).toEqual([
      { kind: 'curse', count: 1, source: 'status', reason: 'PC a is Weakened' },
      { kind: 'boon', count: 1, source: 'status', reason: 'Foe x is Vulnerable' },
    ]);
    expect(netBoons(mods)).toBe(0);
  });

  it('slow halves Speed (rounded up) and forces a slow turn; dazed leaves one action', () => {
    const slowed = pc('a', { statuses: [{ id: 'slow', ongoing: false }] }, { speed: 5 });
    expect(effectiveSpeed(slowed, CATALOG)).toBe(3);
    expect(takesSlowTurn(slowed, CATALOG)).toBe(true);
    expect(actionsPerTurn(pc('b', { statuses: [{ id: 'dazed', ongoing: false }] }), CATALOG)).toBe(1);
  });

  it('a GM-added status works like the built-in ones', () => {
    const marked = StatusSchema.parse({
      id: 'marked',
      name: 'Marked',
      description: 'Singled out.',
      rolls: [{ roll: 'attacked', kind: 'boon', count: 2 }],
    });
    const catalog = [...CATALOG, marked];
    const target = applyStatus(foe('x'), 'marked', catalog);
    if (!target.ok) throw new Error(target.reason);
    expect(netBoons(statusAttackModifiers(pc('a'), target.combatant, catalog))).toBe(2);
  });
});

describe('blights', () => {
  it('deal 1 damage per kind at turn start, ignoring armor', () => {
    const result = startOfTurnBlights(
      pc('a', { hp: 10, blights: ['burning', 'poisoned', 'frostbite'] }, { armor: 5 }),
      S,
    );
    expect(result).toMatchObject({ hpLost: 3, hpAfter: 7 });
  });

  it('are soaked by vigor first', () => {
    const result = startOfTurnBlights(
      pc('a', { hp: 10, vigor: 2, blights: ['burning', 'poisoned', 'frostbite'] }),
      S,
    );
    expect(result).toMatchObject({ vigorLost: 2, hpLost: 1, hpAfter: 9 });
  });

  it('never take a character below 1 HP', () => {
    expect(
      startOfTurnBlights(pc('a', { hp: 2, blights: ['burning', 'poisoned', 'frostbite'] }), S),
    ).toMatchObject({
      hpAfter: 1,
      defeated: false,
    });
    expect(startOfTurnBlights(pc('a', { hp: 1, blights: ['burning'] }), S)).toMatchObject({
      hpAfter: 1,
      hpLost: 0,
    });
  });

  it('each kind counts once, four at most; no blights deal nothing', () => {
    const once = applyBlight(pc('a', { blights: ['burning'] }), 'burning');
    expect(once).toMatchObject({ ok: true, combatant: { blights: ['burning'] } });
    expect(startOfTurnBlights(pc('a'), S)).toBeNull();
  });

  it('are not saved off at end of turn', () => {
    const { combatant } = endOfTurnSaves(pc('a', { blights: ['burning'] }), CATALOG, fixedDice([]));
    expect(combatant.blights).toEqual(['burning']);
  });
});
