import type { Intent, IntentAnswer } from '../../schema/intent';
import type { RoomSnapshot } from '../../table/snapshot';
import { trackerView } from './turnTracker';

/** The character an intent acts with, for the kinds that spend its turn. */
function actingId(intent: Intent): string | null {
  switch (intent.kind) {
    case 'move':
    case 'basic-action':
      return intent.tokenId;
    case 'attack':
      return intent.attackerId;
    case 'area':
      return intent.casterId;
    case 'effect':
      return intent.userId;
    default:
      return null;
  }
}

/**
 * A player's first move or action on their character's turn starts that turn (issue 32): in
 * combat, with nobody's turn under way, when the character may take the next turn by the turn
 * tracker (the rules engine's `turnState`, as the server's start-turn checks), the page sends
 * "start turn" for it first. Null when the intent needs no turn started. The GM acts out of turn
 * anyway, so this is for players' pages.
 */
export function turnToStart(snapshot: RoomSnapshot, intent: Intent): Intent | null {
  const id = actingId(intent);
  if (!id || !snapshot.turn || snapshot.turn.currentId !== null) return null;
  const state = trackerView(snapshot).state;
  const side = snapshot.tokensById[id]?.side;
  const may =
    (state?.kind === 'choose' && state.candidates.includes(id)) ||
    (state?.kind === 'round-over' && side === state.nextRoundStartSide);
  return may ? { kind: 'start-turn', tokenId: id, slow: false } : null;
}

/** What `sendActing` needs of a room connection. */
export interface ActingConnection {
  snapshot(): RoomSnapshot;
  sendIntent(intent: Intent): Promise<IntentAnswer>;
}

/**
 * Sends a player's intent, first starting their character's turn when it is the first thing
 * they do on it (`turnToStart`); a refused start answers its reason and sends nothing more.
 */
export async function sendActing(conn: ActingConnection, intent: Intent): Promise<IntentAnswer> {
  const start = turnToStart(conn.snapshot(), intent);
  if (start) {
    const started = await conn.sendIntent(start);
    if (!started.ok) return started;
  }
  return conn.sendIntent(intent);
}
