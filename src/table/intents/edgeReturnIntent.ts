import type { IntentOf } from '../../schema/intent';
import { closestNonEdgePosition } from '../../grid/edges';
import { checkEdgeReturn, returnToPlay } from '../../rules/edgeReturn';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, intentBattlefield, refuse } from './IntentContext';
import { diffOf } from '../tableDiff';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

/**
 * "Edges": a character an edge removed comes back as close to where it left as possible (the
 * closest free non-edge position to that square, src/grid `closestNonEdgePosition`), when the
 * rules engine's `checkEdgeReturn` allows: a PC at the start of its own next turn, a foe (not a
 * mob) when the GM says so at the start of its turn, anyone out of combat.
 */
export const edgeReturnIntent: IntentHandler<IntentOf<'return-to-play'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  const order = ctx.snapshot.turn;
  const refusal = checkEdgeReturn(self, {
    byGm: ctx.actor.role === 'gm',
    inCombat: order !== null,
    onOwnTurn: order?.currentId === token.id,
    turnUsed: self.turn.actionsUsed > 0 || self.turn.movementUsed > 0 || self.turn.moveSpent,
  });
  if (refusal) return refuse(refusal);
  const left = self.removedFromPlay!.cell;
  const bf = intentBattlefield(ctx, token.id);
  // Judged from where it left the battlefield, wherever the token was put since.
  const from = { ...bf, occupants: bf.occupants.map((o) => (o.id === token.id ? { ...o, cell: left } : o)) };
  if (!from.occupants.some((o) => o.id === token.id)) return refuse(`${token.name} is not on the map`);
  const to = closestNonEdgePosition(from, token.id);
  if (!to)
    return refuse(`there is no free square near (${left.x},${left.y}) for ${token.name} to come back to`);
  const cell = { x: to.x, y: to.y };
  const back = returnToPlay(self);
  const outcome = { kind: 'return-to-play' as const, tokenId: token.id, from: left, cell };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, { combatants: [back], cells: [{ tokenId: token.id, cell }] }),
    log: [
      {
        kind: 'turn',
        actor: token.id,
        ...narrated(ctx, narrateReturnToPlay, outcome),
        gmOnly: token.hidden,
        outcome,
      },
    ],
  };
};

/** "Ana comes back into play at (3,4)". */
export const narrateReturnToPlay: Narrate<'return-to-play'> = (o, words) =>
  plain(`${words.name(o.tokenId)} comes back into play at (${o.cell.x},${o.cell.y})`);

export const returnToPlayAction = defineAction({
  kind: 'return-to-play',
  roles: 'any',
  resolve: edgeReturnIntent,
  narrate: { 'return-to-play': narrateReturnToPlay },
});
