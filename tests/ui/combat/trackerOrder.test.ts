import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/lib/dice';
import { applyIntent } from '../../../src/table/applyIntent';
import type { Actor } from '../../../src/table/applyIntent';
import type { TableDocs } from '../../../src/table/docLayout';
import { setTokenHidden, updateToken } from '../../../src/table/writers/tokenWriters';
import { hiddenFoes, trackerView } from '../../../src/ui/combat/turnTracker';
import { combatRoom, snapshotOf } from './combatRoom';

const GM: Actor = { role: 'gm' };
const RANGER: Actor = { role: 'player', characterIds: ['ranger'] };
const SAGE: Actor = { role: 'player', characterIds: ['sage'] };

function send(docs: TableDocs, actor: Actor, intent: unknown) {
  const result = applyIntent(docs, actor, intent, fixedDice([]), { now: 1_700_000_000_000 });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
}

const order = (docs: TableDocs) => trackerView(snapshotOf(docs)).rows.map((r) => r.id);
const sideLines = (docs: TableDocs) => trackerView(snapshotOf(docs)).sides.map((s) => s.line);

describe('turn tracker order (issue 12, dead end 10)', () => {
  it('keeps the party above the foes in one order through a round, whoever acts or is done', () => {
    const docs = combatRoom();
    const expected = ['ranger', 'sage', 'brute', 'goblin'];
    expect(order(docs)).toEqual(expected);
    send(docs, GM, { kind: 'start-combat' });
    expect(order(docs)).toEqual(expected);
    for (const [actor, id] of [
      [RANGER, 'ranger'],
      [GM, 'goblin'],
      [SAGE, 'sage'],
      [GM, 'brute'],
    ] as const) {
      send(docs, actor, { kind: 'start-turn', tokenId: id });
      expect(order(docs)).toEqual(expected);
      send(docs, actor, { kind: 'end-turn', tokenId: id });
      expect(order(docs)).toEqual(expected);
    }
    // Round 2 (the foes went last, so the party starts it): the order still holds.
    send(docs, RANGER, { kind: 'start-turn', tokenId: 'ranger' });
    expect(trackerView(snapshotOf(docs)).round).toBe(2);
    expect(order(docs)).toEqual(expected);
  });

  it('sorts names within a side as people count: Husk 2 before Husk 10', () => {
    const docs = combatRoom();
    // The token's name is what every view shows (src/table/snapshot.ts).
    updateToken(docs, 'brute', { name: 'Husk 10' });
    updateToken(docs, 'goblin', { name: 'Husk 2' });
    expect(order(docs)).toEqual(['ranger', 'sage', 'goblin', 'brute']);
  });

  it('says for each side whether it is up, who is acting and who may still act this round', () => {
    const docs = combatRoom();
    expect(sideLines(docs)).toEqual(['Party', 'Foes']);
    send(docs, GM, { kind: 'start-combat' });
    expect(sideLines(docs)).toEqual([
      'Party · up now · still to act: Ranger, Sage',
      'Foes · still to act: Brute, Goblin',
    ]);
    send(docs, RANGER, { kind: 'start-turn', tokenId: 'ranger' });
    expect(sideLines(docs)).toEqual([
      'Party · up now · Ranger is acting · still to act: Sage',
      'Foes · still to act: Brute, Goblin',
    ]);
    send(docs, RANGER, { kind: 'end-turn', tokenId: 'ranger' });
    expect(sideLines(docs)).toEqual([
      'Party · still to act: Sage',
      'Foes · up now · still to act: Brute, Goblin',
    ]);
    send(docs, GM, { kind: 'start-turn', tokenId: 'brute' });
    send(docs, GM, { kind: 'end-turn', tokenId: 'brute' });
    send(docs, SAGE, { kind: 'start-turn', tokenId: 'sage' });
    send(docs, SAGE, { kind: 'end-turn', tokenId: 'sage' });
    expect(sideLines(docs)).toEqual(['Party · all done this round', 'Foes · up now · still to act: Goblin']);
    // Out of the fight is not "still to act".
    send(docs, SAGE, { kind: 'surrender', tokenId: 'sage' });
    expect(sideLines(docs)[0]).toBe('Party · all done this round');
  });
});

describe('hidden foes (issue 12, dead end 12)', () => {
  it('lists the hidden foes with combatant state for the GM; players never see them', () => {
    const docs = combatRoom();
    expect(hiddenFoes(snapshotOf(docs))).toEqual([]);
    setTokenHidden(docs, 'goblin', true);
    setTokenHidden(docs, 'brute', true);
    expect(hiddenFoes(snapshotOf(docs)).map((t) => t.name)).toEqual(['Brute', 'Goblin']);
    expect(order(docs)).toEqual(['ranger', 'sage']);
  });
});
