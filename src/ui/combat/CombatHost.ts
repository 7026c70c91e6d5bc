import type { Intent } from '../../schema/intent';
import type { TableConnection } from '../../table/client';
import { connectTable } from '../../table/client';
import type { GmUndoManager } from '../../table/createGmUndoManager';
import { createGmUndoManager } from '../../table/createGmUndoManager';
import type { TableDocs } from '../../table/docLayout';
import type { RoomSnapshot } from '../../table/snapshot';
import type { TableSession } from '../TableSession';

/** The answer to an intent: ok (with the server's outcome when known) or the refusal's reason. */
export type IntentAnswer = { ok: true; outcome?: unknown } | { ok: false; reason: string };

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
type ConnectionLike = Pick<TableConnection, 'snapshot' | 'docs' | 'sendIntent' | 'onSnapshot' | 'onReset'>;

function isConnection(value: unknown): value is ConnectionLike {
  const v = value as Partial<ConnectionLike> | null | undefined;
  return (
    !!v &&
    typeof v.snapshot === 'function' &&
    typeof v.sendIntent === 'function' &&
    typeof v.onSnapshot === 'function'
  );
}

function hostOver(conn: ConnectionLike, role: 'gm' | 'player', characterIds: readonly string[]): CombatHost {
  let undo: GmUndoManager | null = role === 'gm' ? createGmUndoManager(conn.docs) : null;
  if (undo) {
    // The connection swaps in fresh docs after a refused write: follow them.
    conn.onReset(() => {
      undo?.destroy();
      undo = createGmUndoManager(conn.docs);
    });
  }
  return {
    role,
    characterIds,
    snapshot: () => conn.snapshot(),
    onChange: (cb) => void conn.onSnapshot(() => cb()),
    intent: (intent) => conn.sendIntent(intent),
    ...(role === 'gm'
      ? {
          gm: { docs: () => conn.docs, undo: () => undo?.undo() ?? false, redo: () => undo?.redo() ?? false },
        }
      : {}),
  };
}

/**
 * The combat host for a table session. `TableSession` does not expose its room connection, so
 * this uses one when a live session carries it (`connection`, `conn` or `client`); otherwise, for
 * a live room (`?room=&token=` in the address), it opens its own connection with the same
 * token. Returns null without a live room (the offline demo): the combat panels stay hidden.
 */
export async function connectCombatHost(session: TableSession): Promise<CombatHost | null> {
  const s = session as TableSession & Record<string, unknown>;
  const role = session.viewer.role;
  const found = [s['connection'], s['conn'], s['client']].find(isConnection);
  if (found) return hostOver(found, role, session.viewer.characterIds);
  const params = new URLSearchParams(window.location.search);
  const roomId = params.get('room');
  const token = params.get('token');
  if (!roomId || !token) return null;
  const conn = await connectTable({ serverUrl: window.location.origin, roomId, token });
  await conn.whenSynced;
  return hostOver(conn, role, session.viewer.characterIds);
}
