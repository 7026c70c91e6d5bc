import type { LogEntry } from '../../schema/logEntry';
import type { RoomSnapshot } from '../../table/snapshot';

/**
 * How a log entry names a character: as it was named when the entry was written (the entry's
 * `names`), else as the table names it now; the GM's own lines say "GM". A character removed
 * or renamed since keeps its name in its old entries (issue 32), never an id.
 */
export function entryNames(
  snapshot: Pick<RoomSnapshot, 'tokensById'>,
  entry: Pick<LogEntry, 'names'> | null,
): (id: string) => string {
  return (id) => {
    if (id === 'gm') return 'GM';
    const written = entry?.names && Object.hasOwn(entry.names, id) ? entry.names[id] : undefined;
    const token = snapshot.tokensById[id];
    return written ?? token?.state?.name ?? token?.name ?? 'someone';
  };
}
