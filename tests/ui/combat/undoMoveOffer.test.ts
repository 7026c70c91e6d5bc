import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/lib/dice';
import { applyIntent } from '../../../src/table/applyIntent';
import type { Actor } from '../../../src/table/applyIntent';
import { undoMoveOffer } from '../../../src/ui/combat/undoMoveOffer';
import { combatRoom, snapshotOf } from './combatRoom';

const GM: Actor = { role: 'gm' };
const SAGE: Actor = { role: 'player', characterIds: ['sage'] };
const send = (docs: ReturnType<typeof combatRoom>, actor: Actor, intent: unknown) =>
  expect(applyIntent(docs, actor, intent, fixedDice([])).ok).toBe(true);

describe('the Act panel offers to take back a move', () => {
  it('after the Sage moves on her turn, until she takes it back', () => {
    const docs = combatRoom();
    send(docs, GM, { kind: 'start-combat' });
    send(docs, SAGE, { kind: 'start-turn', tokenId: 'sage' });
    expect(undoMoveOffer(snapshotOf(docs), 'sage')).toBeNull();
    send(docs, SAGE, { kind: 'move', tokenId: 'sage', path: [{ x: 3, y: 4 }] });
    expect(undoMoveOffer(snapshotOf(docs), 'sage')).toEqual({
      label: 'Take back move to (3,4)',
      intent: { kind: 'undo-move', tokenId: 'sage' },
    });
    send(docs, SAGE, { kind: 'undo-move', tokenId: 'sage' });
    expect(snapshotOf(docs).tokensById['sage']!.cell).toEqual({ x: 3, y: 5 });
    expect(undoMoveOffer(snapshotOf(docs), 'sage')).toBeNull();
  });
});
