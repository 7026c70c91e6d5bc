import type { Intent } from '../../schema/intent';
import type { TableDocs } from '../../table/docLayout';
import type { RoomSnapshot } from '../../table/snapshot';
import type { TableSession } from '../TableSession';

/** The answer to an intent: ok (with the server's outcome when known) or the refusal's reason. */
export type IntentAnswer = { ok: true; outcome?: unknown } | { ok: false; reason: string };

/**
 * What the combat panels need from a live room: the full snapshot (stat blocks, log, turn order),
 * intents resolved by the server, and for the GM the docs (to override and revert with GM writers,
 * which the GM undo manager tracks) and undo/redo.
 */
export interface CombatHost {
  readonly role: 'gm' | 'player';
  readonly characterIds: readonly string[];
  readonly roomName: () => string;
  snapshot(): RoomSnapshot | null;
  intent(intent: Intent): Promise<IntentAnswer>;
  /** GM only: the room's docs for GM writers, and the GM undo manager. */
  readonly gm?: {
    docs(): TableDocs;
    undo(): void;
    redo(): void;
  };
}

/** The parts of a table connection (src/table/client.ts) the adapter looks for. */
interface ConnectionLike {
  snapshot(): RoomSnapshot;
  readonly docs: TableDocs;
  sendIntent(intent: unknown): Promise<IntentAnswer>;
}

function isConnection(value: unknown): value is ConnectionLike {
  const v = value as Partial<ConnectionLike> | null | undefined;
  return !!v && typeof v.snapshot === 'function' && typeof v.sendIntent === 'function' && 'docs' in v;
}

/**
 * Builds the combat host from the table session. `TableSession` does not (yet) expose the room
 * snapshot, so this looks for the table connection on the session under the names a live session
 * may use (`connection`, `client`, `table`, `conn`) or a `roomSnapshot()` method. Returns null for
 * sessions without a live room (the offline demo), where the combat panels stay hidden.
 */
export function combatHostFor(session: TableSession): CombatHost | null {
  const s = session as TableSession & Record<string, unknown>;
  const conn = [s['connection'], s['client'], s['table'], s['conn']].find(isConnection);
  const roomSnapshot =
    typeof s['roomSnapshot'] === 'function'
      ? () => (s['roomSnapshot'] as () => RoomSnapshot | null).call(session)
      : conn
        ? () => conn.snapshot()
        : null;
  if (!roomSnapshot) return null;
  const docs = conn ? () => conn.docs : typeof s['docs'] === 'function' ? (s['docs'] as () => TableDocs) : null;
  const gm = session.gm;
  return {
    role: session.viewer.role,
    characterIds: session.viewer.characterIds,
    roomName: () => roomSnapshot()?.roomName ?? session.roomId,
    snapshot: roomSnapshot,
    intent: async (intent) => (conn ? conn.sendIntent(intent) : session.intent(intent)),
    ...(session.viewer.role === 'gm' && gm && docs
      ? { gm: { docs, undo: () => gm.undo(), redo: () => gm.redo() } }
      : {}),
  };
}
