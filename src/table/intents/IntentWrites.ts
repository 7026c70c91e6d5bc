import type * as Y from 'yjs';
import type { Combatant } from '../../schema/combatant';
import type { LogEntry } from '../../schema/logEntry';
import { ChatMessageSchema, LogEntrySchema } from '../../schema/logEntry';
import type { Token } from '../../schema/token';
import type { TurnOrder } from '../../schema/turnOrder';
import type { CombatantState, TableDocs } from '../docLayout';
import { combatantStateOf, newId, publicRootsOf, rootsOf } from '../docLayout';
import { TokenSchema } from '../../schema/token';
import { TurnOrderSchema } from '../../schema/turnOrder';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import { logPosition } from '../findLogEntry';

/**
 * An outcome as stored and sent: plain JSON, with every embedded `statBlock` left out — the rules
 * engine returns whole combatants, and a foe's hidden stats must not reach players through the
 * log or the HTTP answer (its state is already in the doc).
 */
export function plainOutcome(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(
    JSON.stringify(value, (key, inner: unknown) => (key === 'statBlock' ? undefined : inner)),
  );
}

/** A log line as an intent handler states it; id, time and dice are added when written. */
export type LogInput = Pick<LogEntry, 'kind' | 'actor' | 'summary'> &
  Partial<Pick<LogEntry, 'details' | 'outcome' | 'gmOnly' | 'pending'>>;

/** Writes an intent may make; called inside the one server transaction (per doc). */
export interface IntentWrites {
  setToken(token: Token): void;
  /** Stores a combatant's state (the stat block is not part of it and is never rewritten here). */
  setCombatant(combatant: Combatant | CombatantState): void;
  setTurn(order: TurnOrder | null): void;
  log(entry: LogInput): void;
  /** Replaces a stored log entry (same id, same doc, same place), e.g. to settle a pending result. */
  updateLog(entry: LogEntry): void;
  chat(from: string, text: string): void;
  setHidden(tokenId: string, hidden: boolean): void;
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
): IntentWrites & { apply(): void } {
  const ops: (() => void)[] = [];
  const holder = (id: string) =>
    docs.secrets && rootsOf(docs.secrets).tokens.has(id) ? docs.secrets : docs.public;
  return {
    setToken(token) {
      const parsed = TokenSchema.parse(token);
      ops.push(() => rootsOf(holder(parsed.id)).tokens.set(parsed.id, parsed));
    },
    setCombatant(combatant) {
      const state = combatantStateOf(combatant);
      ops.push(() => rootsOf(holder(state.id)).combatants.set(state.id, state));
    },
    setTurn(order) {
      const parsed = order === null ? null : TurnOrderSchema.parse(order);
      ops.push(() => publicRootsOf(docs.public).turn.set('order', parsed));
    },
    log(input) {
      const entry = LogEntrySchema.parse({ id: newId('l'), at: now, dice: [...dice], details: [], ...input });
      const stored = plainOutcome(entry) as LogEntry;
      ops.push(() => {
        const doc = stored.gmOnly && docs.secrets ? docs.secrets : docs.public;
        appendTo(rootsOf(doc).log, stored);
      });
    },
    updateLog(entry) {
      const stored = plainOutcome(LogEntrySchema.parse(entry)) as LogEntry;
      ops.push(() => {
        for (const doc of [docs.public, docs.secrets]) {
          if (!doc) continue;
          const log = rootsOf(doc).log;
          const index = logPosition(log, stored.id);
          if (index < 0) continue;
          log.delete(index, 1);
          log.insert(index, [stored]);
          return;
        }
        throw new Error(`log entry '${stored.id}' is not stored`);
      });
    },
    chat(from, text) {
      const line = ChatMessageSchema.parse({ id: newId('c'), at: now, from, text });
      ops.push(() => appendTo(publicRootsOf(docs.public).chat, line));
    },
    setHidden(tokenId, hidden) {
      ops.push(() => setTokenHiddenInTransaction(docs, tokenId, hidden));
    },
    apply() {
      for (const op of ops) op();
    },
  };
}
