import type { Intent } from '../../schema/intent';
import type { RoomSnapshot } from '../../table/snapshot';

/**
 * The Act panel's "Take back move" offer: shown while the actor's last move of this turn is on
 * record (the server still checks that nothing has happened since, docs/rules/movement.md#taking-back-a-move).
 */
export function undoMoveOffer(
  snapshot: RoomSnapshot,
  actorId: string,
): { label: string; intent: Intent } | null {
  const token = snapshot.tokensById[actorId];
  const last = token?.state?.lastMove;
  const turn = snapshot.turn;
  if (!token || !last || !turn || turn.currentId !== actorId || last.turnSerial !== turn.turnSerial)
    return null;
  return {
    label: `Take back move to (${last.to.x},${last.to.y})`,
    intent: { kind: 'undo-move', tokenId: actorId },
  };
}
