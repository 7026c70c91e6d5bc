import type { StoredOutcome } from '../../schema/outcome';
import type { Intent } from '../../schema/intent';
import type { TableConnection } from '../../table/client';
import type { TableDocs } from '../../table/docLayout';
import type { RoomSnapshot } from '../../table/snapshot';
import type { TableSession } from '../TableSession';

/** The answer to an intent: ok (with the server's outcome when known) or the refusal's reason. */
export type IntentAnswer = { ok: true; outcome?: StoredOutcome } | { ok: false; reason: string };

/**
 * What the combat panels need from a live room: the full snapshot (stat blocks, log, turn order)
 * and its changes, intents resolved by the server, and for the GM the docs (to override and
 * revert with GM writers) with an undo manager over them.
 */
export interface CombatHost {
  readonly role: 'gm' | 'player';
  readonly characterIds: readonly string[];
  snapshot(): RoomSnapshot | null;
  onChange(cb: () => void): void;
  intent(intent: Intent): Promise<IntentAnswer>;
  /** GM only. */
  readonly gm?: {
    docs(): TableDocs;
    /** Undo/redo of the GM's combat writes (revert, override): one write = one step. */
    undo(): boolean;
    redo(): boolean;
  };
}

/** The parts of a table connection (src/table/client.ts) the host uses. */
type ConnectionLike = Pick<TableConnection, 'snapshot' | 'docs' | 'sendIntent' | 'onSnapshot'>;

/** The GM's undo history, shared with the editor's Ctrl+Z (the session's `gm.undo`/`gm.redo`). */
interface SharedUndo {
  undo(): boolean;
  redo(): boolean;
}

function hostOver(
  conn: ConnectionLike,
  role: 'gm' | 'player',
  characterIds: readonly string[],
  undo: SharedUndo | undefined,
): CombatHost {
  return {
    role,
    characterIds,
    snapshot: () => conn.snapshot(),
    onChange: (cb) => void conn.onSnapshot(() => cb()),
    intent: (intent) => conn.sendIntent(intent),
    ...(role === 'gm' && undo
      ? { gm: { docs: () => conn.docs, undo: () => undo.undo(), redo: () => undo.redo() } }
      : {}),
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
  return hostOver(conn, session.viewer.role, session.viewer.characterIds, session.gm);
}
