import type { LogEntry } from '../../schema/logEntry';
import type { TableDiff } from '../../schema/tableDiff';
import { isEmptyDiff } from '../../schema/tableDiff';
import type { RoomSnapshot } from '../../table/snapshot';
import { reverseDiff, staleParts } from '../../table/tableDiff';

/**
 * A resolution the GM may take back: its log entry and the diff it applied, as stored on the
 * entry (docs/table.md "Outcomes and diffs"). Read from the log, so it survives a reload and
 * covers everything the diff holds: combatant fields, token squares, terrain, the turn order.
 */
export interface Application {
  entryId: string;
  summary: string;
  diff: TableDiff;
}

/** The application an entry recorded; null when it changed nothing (or waits for Apply). */
export function applicationOf(entry: LogEntry): Application | null {
  if (!entry.diff || isEmptyDiff(entry.diff)) return null;
  return { entryId: entry.id, summary: entry.summary, diff: entry.diff };
}

/** Every application in the log, oldest first (the GM's application history). */
export function applicationsOf(log: readonly LogEntry[]): Application[] {
  return log.flatMap((e) => applicationOf(e) ?? []);
}

/**
 * Has anything the application wrote changed since (so taking it back also discards that)?
 * Lists what: a token's name, 'terrain (x,y)' or 'turn order'. Empty = it reverts cleanly.
 */
export function changedSince(app: Application, snapshot: RoomSnapshot): string[] {
  const names = staleParts(reverseDiff(app.diff), snapshot).map((p) =>
    p.tokenId ? (snapshot.tokensById[p.tokenId]?.name ?? p.tokenId) : (p.what ?? ''),
  );
  return [...new Set(names)];
}
