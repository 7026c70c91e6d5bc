import * as Y from 'yjs';
import type { Storage } from './Storage';

/**
 * Compaction on the calling thread: read a doc's rows, merge them with Yjs's update merge (no
 * Y.Doc is built) and replace them, up to the last row read, with the result. Rows appended
 * after the read stay after the merged one. Used by PostgreSQL, and by SQLite when it has no
 * storage worker.
 */
export async function mergeStoredLog(storage: Storage, doc: string): Promise<number> {
  const { updates, lastSeq } = await storage.readUpdates(doc);
  if (updates.length <= 1) return 0;
  await storage.compact(doc, lastSeq, Y.mergeUpdates(updates));
  return updates.length;
}
