import type { IntentOf } from '../../schema/intent';
import { footprintsOverlap } from '../../grid/battlefield';
import { undoMove } from '../../rules/undoMove';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { checkTurn, combatantOfToken, commandedToken, intentBattlefield, refuse } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

/**
 * `undo-move`: the character's player takes back its last move this turn, before it acts
 * (docs/rules/movement.md#taking-back-a-move). The rules engine says whether the move may still be taken
 * back and what it gives back; the battlefield, that the token is still where the move put it
 * and that nobody stands on its start square now.
 */
export const undoMoveIntent: IntentHandler<IntentOf<'undo-move'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const order = ctx.snapshot.turn;
  if (!order) return refuse('no combat is running: move the token back instead');
  const notTurn = checkTurn(ctx, token);
  if (notTurn) return notTurn;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const undone = undoMove(self, order.turnSerial);
  if (!undone.ok) return undone;
  const { from, to } = undone.lastMove;
  const never = 'it can no longer be taken back';
  if (token.cell.x !== to.x || token.cell.y !== to.y)
    return refuse(`${token.name} has been moved since that move: ${never}`);
  const bf = intentBattlefield(ctx, token.id);
  const blocker = bf.occupants.find(
    (o) => o.id !== token.id && !o.incapacitated && footprintsOverlap(o.cell, o.size, from, token.size),
  );
  if (blocker)
    return refuse(
      `${ctx.snapshot.tokensById[blocker.id]?.name ?? blocker.id} now stands on (${from.x},${from.y}), where ${token.name} started: the move can no longer be taken back`,
    );
  const movementBack = self.turn.movementUsed - undone.combatant.turn.movementUsed;
  const actionsBack = self.turn.actionsUsed - undone.combatant.turn.actionsUsed;
  const outcome = {
    kind: 'undo-move' as const,
    tokenId: token.id,
    from: to,
    to: from,
    movementBack,
    actionsBack,
  };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, {
      cells: [{ tokenId: token.id, cell: { x: from.x, y: from.y } }],
      combatants: [undone.combatant],
    }),
    log: [
      {
        kind: 'move',
        actor: token.id,
        ...narrated(ctx, narrateUndoMove, outcome),
        outcome,
        gmOnly: token.hidden,
      },
    ],
  };
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Ana takes back the move to (4,2): back on (1,2), 3 squares of movement and 1 action returned". */
export const narrateUndoMove: Narrate<'undo-move'> = (o, words) => {
  // The outcome's `from` is where the move had put the token, `to` where it goes back.
  const returned = [
    ...(o.movementBack ? [`${plural(o.movementBack, 'square')} of movement`] : []),
    ...(o.actionsBack ? [plural(o.actionsBack, 'action')] : []),
  ];
  return plain(
    `${words.name(o.tokenId)} takes back the move to (${o.from.x},${o.from.y}): back on (${o.to.x},${o.to.y})` +
      (returned.length ? `, ${returned.join(' and ')} returned` : ''),
  );
};

export const undoMoveAction = defineAction({
  kind: 'undo-move',
  roles: 'any',
  resolve: undoMoveIntent,
  narrate: { 'undo-move': narrateUndoMove },
});
