import type { Intent, IntentAnswer } from '../../schema/intent';
import type { TableDocs } from '../../table/docLayout';
import type { TableSession } from '../TableSession';
import { sendActing } from './turnToStart';

export type { IntentAnswer } from '../../schema/intent';

/**
 * The combat tools' writes in a live room (what they read is the room model's snapshot):
 * intents resolved by the server, and for the GM the docs (to override and revert with GM
 * writers) with the GM's undo history over them.
 */
export interface CombatHost {
  intent(intent: Intent): Promise<IntentAnswer>;
  /** GM only. */
  readonly gm?: {
    docs(): TableDocs;
    /** Undo/redo of the GM's combat writes (revert, override): one write = one step. */
    undo(): boolean;
    redo(): boolean;
  };
}

/**
 * The combat host for a table session: it uses the session's own room connection (one
 * websocket per page, already synced when the table opens) and, for the GM, the session's undo
 * history, so a combat revert or override is one step of the same history the editor's Ctrl+Z
 * walks. Null without a live room (the offline demo): the combat panels stay hidden.
 */
export function combatHostOf(session: TableSession): CombatHost | null {
  const conn = session.connection;
  if (!conn) return null;
  const undo = session.gm;
  return {
    // A player's first move or action on their turn starts it (./turnToStart.ts).
    intent: (intent) => (session.viewer.role === 'gm' ? conn.sendIntent(intent) : sendActing(conn, intent)),
    ...(session.viewer.role === 'gm' && undo
      ? { gm: { docs: () => conn.docs, undo: () => undo.undo(), redo: () => undo.redo() } }
      : {}),
  };
}
