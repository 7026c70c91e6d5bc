import type * as Y from 'yjs';
import type { ReplayContent } from '../../schema/replay';
import { secretRootsOf } from '../docLayout';

/**
 * Replay records and the facts they name, as the verifier reads them: from the secrets doc the
 * GM holds, or from a room file. Values are raw: the verifier validates what it uses.
 */
export interface ReplayStore {
  /** log entry id → record (raw). */
  readonly records: ReadonlyMap<string, unknown>;
  /** content hash → fact (raw). */
  readonly inputs: ReadonlyMap<string, unknown>;
}

/** The replay roots of a secrets doc, read as they are (no copy of the values). */
export function replayStoreOf(secretsDoc: Y.Doc): ReplayStore {
  const roots = secretRootsOf(secretsDoc);
  return { records: asMap(roots.replay), inputs: asMap(roots.replayInputs) };
}

/** The replay part of a room file. */
export function replayStoreOfFile(replay: ReplayContent): ReplayStore {
  return { records: new Map(Object.entries(replay.records)), inputs: new Map(Object.entries(replay.inputs)) };
}

/** The map's content as a plain Map (Y.Map reads are fine, but the verifier wants one shape). */
function asMap(map: Y.Map<unknown>): ReadonlyMap<string, unknown> {
  const out = new Map<string, unknown>();
  map.forEach((value, key) => out.set(key, value));
  return out;
}

/** Both replay roots as the room file carries them (export). */
export function readReplayContent(secretsDoc: Y.Doc): ReplayContent {
  const roots = secretRootsOf(secretsDoc);
  return {
    records: roots.replay.toJSON() as ReplayContent['records'],
    inputs: roots.replayInputs.toJSON() as ReplayContent['inputs'],
  };
}
