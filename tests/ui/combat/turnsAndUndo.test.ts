import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/lib/dice';
import { applyIntent } from '../../../src/table/applyIntent';
import type { Actor } from '../../../src/table/applyIntent';
import { createGmUndoManager } from '../../../src/table/createGmUndoManager';
import type { TableDocs } from '../../../src/table/docLayout';
import { outcomeOf } from '../../../src/schema/outcome';
import { addStatus } from '../../../src/table/writers/roomWriters';
import { applicationOf, changedSince } from '../../../src/ui/combat/applicationHistory';
import { overrideNumbers, revertApplication } from '../../../src/ui/combat/gmCombatWrites';
import { latestResolution } from '../../../src/ui/combat/latestResolution';
import { attackResultView } from '../../../src/ui/combat/resultView';
import { pendingSaves } from '../../../src/ui/combat/TurnTrackerPanel';
import { actionsLeftOf, trackerView } from '../../../src/ui/combat/turnTracker';
import { combatRoom, snapshotOf } from './combatRoom';

const GM: Actor = { role: 'gm' };
const RANGER: Actor = { role: 'player', characterIds: ['ranger'] };
const SAGE: Actor = { role: 'player', characterIds: ['sage'] };

function send(docs: TableDocs, actor: Actor, intent: unknown, dice: number[] = []) {
  const result = applyIntent(docs, actor, intent, fixedDice(dice), { now: 1_700_000_000_000 });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

const statusOf = (docs: TableDocs) =>
  Object.fromEntries(
    trackerView(snapshotOf(docs)).rows.map((r) => [r.id, `${r.status}${r.slow ? '+slow' : ''}`]),
  );

describe('turn tracker across a round with a slow turn', () => {
  it('alternates sides, puts the slow turn last, and starts round 2 with the other side', () => {
    const docs = combatRoom();
    expect(trackerView(snapshotOf(docs)).headline).toBe('Not in combat');
    send(docs, GM, { kind: 'start-combat' });
    expect(trackerView(snapshotOf(docs)).headline).toBe('Party side is up: players choose who acts');
    send(docs, SAGE, { kind: 'start-turn', tokenId: 'sage', slow: true });
    expect(statusOf(docs)).toEqual({
      ranger: 'may-act',
      sage: 'waiting+slow',
      brute: 'waiting',
      goblin: 'waiting',
    });

    send(docs, RANGER, { kind: 'start-turn', tokenId: 'ranger' });
    const view = trackerView(snapshotOf(docs));
    expect(view.headline).toBe('Ranger is acting (Party)');
    expect(actionsLeftOf(snapshotOf(docs), 'ranger')).toMatchObject({
      actions: 2,
      movementLeft: 4,
      attackUsedThisRound: false,
    });
    send(
      docs,
      RANGER,
      { kind: 'attack', attackerId: 'ranger', targetId: 'brute', abilityId: 'basic-ranged' },
      [12, 2, 5, 4],
    );
    expect(actionsLeftOf(snapshotOf(docs), 'ranger')).toMatchObject({
      actions: 0,
      attackUsedThisRound: true,
    });
    send(docs, RANGER, { kind: 'end-turn', tokenId: 'ranger' });

    expect(trackerView(snapshotOf(docs)).headline).toBe('Foes side is up: the GM chooses who acts');
    send(docs, GM, { kind: 'start-turn', tokenId: 'brute' });
    send(docs, GM, { kind: 'end-turn', tokenId: 'brute' });
    // The party's only one left is slow, so the foes go on.
    expect(trackerView(snapshotOf(docs)).headline).toBe('Foes side is up: the GM chooses who acts');
    send(docs, GM, { kind: 'start-turn', tokenId: 'goblin' });
    send(docs, GM, { kind: 'end-turn', tokenId: 'goblin' });
    expect(trackerView(snapshotOf(docs)).headline).toBe(
      'Party side is up (slow turns): players choose who acts',
    );
    expect(statusOf(docs)).toEqual({
      ranger: 'acted',
      sage: 'may-act+slow',
      brute: 'acted',
      goblin: 'acted',
    });
    send(docs, SAGE, { kind: 'start-turn', tokenId: 'sage' });
    send(docs, SAGE, { kind: 'end-turn', tokenId: 'sage' });
    const next = trackerView(snapshotOf(docs));
    expect(next.round).toBe(2);
    // The party went last in round 1, so the foes start round 2.
    expect(next.headline).toBe('Foes side is up: the GM chooses who acts');
  });
});

describe('result, application history and the GM revert', () => {
  it('shows every die and number of the attack, and one revert restores the Brute in one undo step', () => {
    const docs = combatRoom();
    send(docs, GM, { kind: 'start-combat' });
    send(docs, RANGER, { kind: 'start-turn', tokenId: 'ranger' });
    const before = snapshotOf(docs);
    expect(before.tokensById['brute']!.state!.hp).toBe(32);
    send(
      docs,
      RANGER,
      { kind: 'attack', attackerId: 'ranger', targetId: 'brute', abilityId: 'basic-ranged' },
      [12, 2, 5, 4],
    );
    const after = snapshotOf(docs);
    // d20 12 + 3 + best boon d6 2 = 17 vs 10: hit. Heavy: 5 + 4 + 3 fray = 12; armor 1 → 11; cover → 6.
    expect(after.tokensById['brute']!.state!.hp).toBe(26);

    const entry = latestResolution(after.log)!;
    const attack = outcomeOf(entry.outcome, 'attack')!;
    expect(attack.kind).toBe('attack');
    const names = (id: string) => after.tokensById[id]!.state!.name;
    const view = attackResultView(attack, names);
    const byId = Object.fromEntries(
      [...view.roll, ...view.effects.flatMap((e) => e.lines)]
        .filter((l) => l.testid)
        .map((l) => [l.testid!, l.value]),
    );
    expect(byId).toEqual({
      'result-d20': '12',
      'result-boons': 'd6 [2] → +2',
      'result-total': '17 vs Defense 10',
      'result-outcome': 'HIT',
      'result-damage-roll': 'heavy: dice [5, 4] + 3 fray = 12 physical',
      'result-damage-total': '12',
      'result-damage-taken': '6 HP',
    });
    expect(view.effects[0]!.lines.map((l) => l.value)).toContain('armor 1: 12 → 11');
    expect(view.effects[0]!.lines.map((l) => l.value)).toContain(
      'resistance (cover against ranged attack), halved 1×: 11 → 6',
    );
    expect(view.effects[0]!.lines.map((l) => l.value)).toContain('Brute: HP 32 → 26');

    const app = applicationOf(entry);
    expect(app!.entryId).toBe(entry.id);
    expect(app!.diff.tokens.map((t) => t.tokenId).sort()).toEqual(['brute', 'ranger']);
    expect(changedSince(app!, after)).toEqual([]);

    const undo = createGmUndoManager(docs);
    revertApplication(docs, app!);
    const reverted = snapshotOf(docs);
    expect(reverted.tokensById['brute']!.state!.hp).toBe(32);
    expect(reverted.tokensById['ranger']!.state!.attackedThisRound).toBe(false);
    expect(reverted.log.at(-1)!.summary).toBe('GM reverts: Ranger uses basic-attack on Brute: hit');
    // One revert = one undo step: undoing it puts the damage back, and nothing else is left.
    expect(undo.undo()).toBe(true);
    expect(snapshotOf(docs).tokensById['brute']!.state!.hp).toBe(26);
    expect(undo.canUndo()).toBe(false);
    expect(snapshotOf(docs).log.at(-1)!.summary).not.toMatch(/reverts/);

    // An override is one step too, logged with the numbers it changed.
    overrideNumbers(docs, 'brute', { hp: 20, vigor: 0, wounds: 0 });
    expect(snapshotOf(docs).tokensById['brute']!.state!.hp).toBe(20);
    expect(snapshotOf(docs).log.at(-1)!.summary).toBe('GM sets Brute: HP 26 → 20');
    undo.undo();
    expect(snapshotOf(docs).tokensById['brute']!.state!.hp).toBe(26);
  });

  it("GM undo walks only the GM's own writes: blights and statuses sent as intents are the server's and stay", () => {
    const docs = combatRoom();
    const undo = createGmUndoManager(docs);
    overrideNumbers(docs, 'brute', { hp: 20 });
    send(docs, GM, { kind: 'add-blight', tokenId: 'goblin', blightId: 'poisoned' });
    send(docs, RANGER, { kind: 'add-status', tokenId: 'ranger', statusId: 'dazed' });
    expect(undo.undo()).toBe(true);
    const after = snapshotOf(docs);
    expect(after.tokensById['brute']!.state!.hp).toBe(32);
    expect(after.tokensById['goblin']!.state!.blights).toEqual(['poisoned']);
    expect(after.tokensById['ranger']!.state!.statuses.map((st) => st.id)).toEqual(['dazed']);
    expect(after.log.map((e) => e.summary)).toContain('Goblin gains the poisoned blight');
    expect(after.log.map((e) => e.summary)).not.toContain('GM sets Brute: HP 32 → 20');
    expect(undo.canUndo()).toBe(false);
    send(docs, GM, { kind: 'remove-blight', tokenId: 'goblin', blightId: 'poisoned' });
    expect(snapshotOf(docs).tokensById['goblin']!.state!.blights).toEqual([]);
    expect(undo.redo()).toBe(true);
    expect(snapshotOf(docs).tokensById['brute']!.state!.hp).toBe(20);
  });
});

describe('reverting an application', () => {
  it('takes back only the fields the application changed; later changes stay', () => {
    const docs = combatRoom();
    send(
      docs,
      RANGER,
      { kind: 'attack', attackerId: 'ranger', targetId: 'brute', abilityId: 'basic-ranged' },
      [12, 2, 5, 4],
    );
    const app = applicationOf(latestResolution(snapshotOf(docs).log)!)!;
    addStatus(docs, 'brute', 'dazed');
    expect(changedSince(app, snapshotOf(docs))).toEqual([]);
    revertApplication(docs, app);
    const brute = snapshotOf(docs).tokensById['brute']!.state!;
    expect(brute.hp).toBe(32);
    expect(brute.statuses.map((s) => s.id)).toEqual(['dazed']);
  });
});

describe('end-of-turn saves and blights', () => {
  it('lists one save per status with its chance, then the server rolls them; blights hit at turn start', () => {
    const docs = combatRoom();
    send(docs, GM, { kind: 'start-combat' });
    send(docs, GM, { kind: 'add-status', tokenId: 'ranger', statusId: 'dazed' });
    send(docs, GM, { kind: 'add-status', tokenId: 'ranger', statusId: 'weakened' });
    send(docs, GM, { kind: 'add-blight', tokenId: 'ranger', blightId: 'burning' });
    expect(snapshotOf(docs).log.at(-1)!.summary).toBe('Ranger gains the burning blight');
    send(docs, RANGER, { kind: 'start-turn', tokenId: 'ranger' });
    // Burning: 1 damage at the start of the turn, no roll.
    expect(snapshotOf(docs).tokensById['ranger']!.state!.hp).toBe(31);
    // Dazed: one action this turn.
    expect(actionsLeftOf(snapshotOf(docs), 'ranger')).toMatchObject({ actions: 1, actionsPerTurn: 1 });
    // d20 ≥ 10 with no boons or curses: 11 of 20.
    expect(pendingSaves(snapshotOf(docs), 'ranger')).toEqual([
      'dazed: save 10+ on d20, 55.0% to end it',
      'weakened: save 10+ on d20, 55.0% to end it',
    ]);
    send(docs, RANGER, { kind: 'end-turn', tokenId: 'ranger' }, [9, 10]);
    const after = snapshotOf(docs);
    expect(after.tokensById['ranger']!.state!.statuses.map((s) => s.id)).toEqual(['dazed']);
    expect(after.log.find((e) => e.summary === 'Ranger ends their turn')!.details).toEqual([
      'save vs dazed: 9 — stays',
      'save vs weakened: 10 — ends',
    ]);
  });
});
