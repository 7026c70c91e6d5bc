import type * as Y from 'yjs';
import { RULES_VERSION } from '../../rules/rulesVersion';
import type { Intent } from '../../schema/intent';
import type { LogEntry } from '../../schema/logEntry';
import type { ReplayRecord } from '../../schema/replay';
import { secretRootsOf } from '../docLayout';
import type { TableDocs } from '../docLayout';
import type { Actor, IntentContext } from '../intents/IntentContext';
import type { TableParts } from '../tableParts';
import { factHash, factsOf } from './tableFacts';

/**
 * Every FULL_EVERY-th record names all facts; the ones between name only what changed since the
 * record before, so replaying one entry reads at most this many records.
 */
export const FULL_EVERY = 100;

/** The last record written to a secrets doc, kept by the server between intents. */
interface Last {
  readonly id: string;
  readonly seq: number;
  readonly sinceFull: number;
  readonly hashes: ReadonlyMap<string, string>;
}
const lastRecord = new WeakMap<Y.Doc, Last>();

/** The reads of an intent's context this recorder keeps (besides the table parts). */
export type WatchedReads = Pick<IntentContext, 'logEntry' | 'assetLinked'>;

/**
 * Records what one intent's resolution read, so its outcome can be computed again
 * (docs/table/replay.md): `watch` wraps the context's reads, `record` writes the record of the log
 * entry that carries the outcome into the secrets doc (call it inside the intent's transaction).
 * Without a secrets doc (a player's docs) nothing is recorded.
 */
export function replayRecorder(docs: TableDocs, parts: TableParts) {
  const log: Record<string, { entry: LogEntry; secret: boolean } | null> = {};
  const assets: Record<string, boolean> = {};
  return {
    watch<C extends WatchedReads>(ctx: C): C {
      const { logEntry, assetLinked } = ctx;
      return {
        ...ctx,
        logEntry: (id: string) => {
          const found = logEntry(id);
          log[id] = found ?? null;
          return found;
        },
        ...(assetLinked
          ? {
              assetLinked: (hash: string) => {
                const linked = assetLinked(hash);
                assets[hash] = linked;
                return linked;
              },
            }
          : {}),
      };
    },
    record(
      entryId: string,
      actor: Actor,
      intent: Intent,
      ctx: Pick<IntentContext, 'dice' | 'now' | 'senderName'>,
    ): void {
      if (!docs.secrets) return;
      const roots = secretRootsOf(docs.secrets);
      const stored = (value: unknown): string => {
        const hash = factHash(value);
        if (!roots.replayInputs.has(hash)) roots.replayInputs.set(hash, plain(value));
        return hash;
      };
      const hashes = new Map<string, string>();
      for (const [key, value] of factsOf(parts)) hashes.set(key, stored(value));
      const last = lastRecord.get(docs.secrets);
      // A record the doc no longer holds (a failed transaction, another room loaded) is no base.
      const base = last && roots.replay.has(last.id) && last.sinceFull + 1 < FULL_EVERY ? last : null;
      const set: Record<string, string> = {};
      const drop: string[] = [];
      for (const [key, hash] of hashes) if (base?.hashes.get(key) !== hash) set[key] = hash;
      if (base) for (const key of base.hashes.keys()) if (!hashes.has(key)) drop.push(key);
      const reads = {
        ...(Object.keys(log).length
          ? {
              log: Object.fromEntries(Object.entries(log).map(([id, found]) => [id, found && stored(found)])),
            }
          : {}),
        ...(Object.keys(assets).length ? { assets } : {}),
      };
      const record: ReplayRecord = {
        rules: RULES_VERSION,
        seq: (last?.seq ?? roots.replay.size) + 1,
        actor:
          actor.role === 'gm' ? { role: 'gm' } : { role: 'player', characterIds: [...actor.characterIds] },
        intent: plain(intent) as ReplayRecord['intent'],
        dice: ctx.dice.rolls.map(([sides, result]) => [sides, result] as [number, number]),
        now: ctx.now,
        senderName: ctx.senderName,
        reads,
        facts: { base: base?.id ?? null, set, drop },
      };
      roots.replay.set(entryId, record);
      lastRecord.set(docs.secrets, {
        id: entryId,
        seq: record.seq,
        sinceFull: base ? base.sinceFull + 1 : 0,
        hashes,
      });
    },
  };
}

/** A copy without frozen or shared objects (Yjs stores plain JSON). */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
