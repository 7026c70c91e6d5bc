import type * as Y from 'yjs';
import type { LogEntry } from '../../schema/logEntry';
import { ChatMessageSchema, LogEntrySchema } from '../../schema/logEntry';
import type { Outcome } from '../../schema/outcome';
import { OutcomeSchema } from '../../schema/outcome';
import type { TableDiff } from '../../schema/tableDiff';
import type { TableDocs } from '../docLayout';
import { newId, publicRootsOf, rootsOf } from '../docLayout';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import { logPosition } from '../findLogEntry';
import { diffFor } from '../tableDiff';
import { prepareDiffWrite } from '../writers/writeDiff';
import { publicTwin } from './redactLog';

/**
 * A log line as an intent handler states it; id, time and dice are added when written.
 * `about`: the other tokens it concerns (targets), besides `actor`. Where they go is decided when
 * written: a line about a hidden token is GM-only; a line about a visible token whose stat block
 * is hidden gets a public twin saying `redacted` (default: the same summary, no details), and the
 * full line is kept for the GM (docs/table.md "Foes with hidden stats"). A public line's diff
 * never names a hidden token: the GM's full copy (same id) in the secrets doc keeps those parts.
 */
export type LogInput = Pick<LogEntry, 'kind' | 'actor' | 'summary'> &
  Partial<Pick<LogEntry, 'details' | 'gmOnly' | 'pending' | 'diff'>> & {
    outcome?: Outcome;
    about?: readonly string[];
    redacted?: { summary: string; details?: string[] };
  };

/** Writes an intent may make; called inside the one server transaction (per doc). */
export interface IntentWrites {
  /** Writes the diff's `after` values (validated now, written by `apply`). */
  applyDiff(diff: TableDiff): void;
  log(entry: LogInput): void;
  /** Replaces a stored log entry (same id, same doc, same place), e.g. to settle a pending result. */
  updateLog(entry: LogEntry): void;
  chat(from: string, text: string): void;
  /** `keepStatsHidden`: on a reveal, the stat block stays in the secrets doc. */
  setHidden(tokenId: string, hidden: boolean, keepStatsHidden?: boolean): void;
}

/**
 * Appends at the end by index, not `push`: Y.Array's push walks the list from the start when no
 * search marker is cached (every intent's transaction on a freshly loaded room: ≈ 0.25 ms at
 * 40,000 lines and growing), while an indexed insert places a marker at the end and reuses it.
 */
function appendTo(array: Y.Array<unknown>, value: unknown): void {
  array.insert(array.length, [value]);
}

/**
 * The writer over a room's docs. Calls are validated and BUFFERED; `apply()` then performs them
 * all inside the caller's transaction, so a bad value throws before anything is written.
 */
export function intentWrites(
  docs: TableDocs,
  now: number,
  dice: readonly [number, number][],
): IntentWrites & { apply(): void; readonly redactedForPlayers: boolean } {
  const ops: (() => void)[] = [];
  let redactedForPlayers = false;
  /** Visible, but its stat block is only in the secrets doc. */
  const statsHidden = (id: string): boolean => {
    const pub = rootsOf(docs.public);
    return (
      pub.tokens.has(id) &&
      !pub.statBlocks.has(id) &&
      !!docs.secrets &&
      rootsOf(docs.secrets).statBlocks.has(id)
    );
  };
  /** Replace the entry with `value`'s id in `log`; false when it is not there. */
  const replaceIn = (log: Y.Array<unknown>, value: LogEntry): boolean => {
    const index = logPosition(log, value.id);
    if (index < 0) return false;
    log.delete(index, 1);
    log.insert(index, [value]);
    return true;
  };
  return {
    get redactedForPlayers() {
      return redactedForPlayers;
    },
    applyDiff(diff) {
      ops.push(prepareDiffWrite(docs, diff));
    },
    log(input) {
      const { about = [], redacted, outcome, ...fields } = input;
      // Strict here (the read is lenient): a handler's outcome outside the union is a bug.
      const parsedOutcome = outcome === undefined ? undefined : OutcomeSchema.parse(outcome);
      const stored = LogEntrySchema.parse({
        id: newId('l'),
        at: now,
        dice: [...dice],
        details: [],
        ...fields,
        ...(parsedOutcome ? { outcome: parsedOutcome } : {}),
      });
      const involved = [stored.actor, ...about];
      const shown = { summary: redacted?.summary ?? stored.summary, details: redacted?.details ?? [] };
      if (involved.some(statsHidden)) redactedForPlayers = true;
      // Decided when applied: a reveal or hide earlier in the same intent counts.
      ops.push(() => {
        const secrets = docs.secrets;
        if (!secrets) return void appendTo(rootsOf(docs.public).log, stored);
        const hidden = involved.some((id) => rootsOf(secrets).tokens.has(id));
        if (stored.gmOnly || hidden) return void appendTo(rootsOf(secrets).log, { ...stored, gmOnly: true });
        const isHidden = (id: string) => rootsOf(secrets).tokens.has(id);
        if (involved.some(statsHidden)) {
          appendTo(rootsOf(secrets).log, LogEntrySchema.parse({ ...stored, redacted: shown }));
          appendTo(rootsOf(docs.public).log, withoutHidden(publicTwin(stored, shown), isHidden));
          return;
        }
        const shownEntry = withoutHidden(stored, isHidden);
        // The public line lost some hidden token's change: the GM's full line keeps it (same id).
        if (shownEntry !== stored) appendTo(rootsOf(secrets).log, stored);
        appendTo(rootsOf(docs.public).log, shownEntry);
      });
    },
    updateLog(entry) {
      const stored = LogEntrySchema.parse(entry);
      ops.push(() => {
        const pub = rootsOf(docs.public).log;
        if (docs.secrets && replaceIn(rootsOf(docs.secrets).log, stored)) {
          if (stored.redacted) replaceIn(pub, publicTwin(stored, stored.redacted));
          return;
        }
        if (
          !replaceIn(
            pub,
            docs.secrets ? withoutHidden(stored, (id) => rootsOf(docs.secrets!).tokens.has(id)) : stored,
          )
        )
          throw new Error(`log entry '${stored.id}' is not stored`);
      });
    },
    chat(from, text) {
      const line = ChatMessageSchema.parse({ id: newId('c'), at: now, from, text });
      ops.push(() => appendTo(publicRootsOf(docs.public).chat, line));
    },
    setHidden(tokenId, hidden, keepStatsHidden = false) {
      ops.push(() => setTokenHiddenInTransaction(docs, tokenId, hidden, keepStatsHidden));
    },
    apply() {
      for (const op of ops) op();
    },
  };
}

/**
 * The entry with every diff part about a hidden token left out (its own diff and its pending
 * result's), and every GM-only interrupt offer (a foe's abilities); the same object when there is
 * none, so callers can tell.
 */
function withoutHidden(entry: LogEntry, isHidden: (tokenId: string) => boolean): LogEntry {
  const touches = (diff: TableDiff | undefined) =>
    !!diff?.tokens.some((t) => isHidden(t.tokenId)) || !!diff?.offers?.some((o) => o.gmOnly);
  if (!touches(entry.diff) && !touches(entry.pending?.diff)) return entry;
  const shown = (diff: TableDiff): TableDiff => {
    const kept = diffFor(diff, (id) => !isHidden(id));
    const offers = kept.offers?.filter((o) => !o.gmOnly);
    const { offers: _all, ...rest } = kept;
    return offers?.length ? { ...rest, offers } : rest;
  };
  return {
    ...entry,
    ...(entry.diff ? { diff: shown(entry.diff) } : {}),
    ...(entry.pending ? { pending: { ...entry.pending, diff: shown(entry.pending.diff) } } : {}),
  };
}
