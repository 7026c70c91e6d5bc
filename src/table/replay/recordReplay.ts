import type * as Y from 'yjs';
import { emptyRecord } from '../../lib/ownRecord';
import { RULES_VERSION } from '../../rules/rulesVersion';
import type { Intent } from '../../schema/intent';
import type { LogEntry } from '../../schema/logEntry';
import type { ReplayRecord } from '../../schema/replay';
import { secretRootsOf } from '../docLayout';
import type { TableDocs } from '../docLayout';
import type { Actor, IntentContext } from '../intents/IntentContext';
import type { TableParts } from '../tableParts';
import { factHash, factsOf } from './tableFacts';
import type { FactPatch } from './factPatch';
import { changeOf } from './factPatch';

/**
 * Every FULL_EVERY-th record names all facts; the ones between name only what changed since the
 * record before, so replaying one entry reads at most this many records.
 */
export const FULL_EVERY = 500;
/** A fact stored as a change to the one before is at most this many changes from a whole value. */
export const MAX_PATCH_DEPTH = 20;

/** The last record written to a secrets doc, kept by the server between intents. */
interface Last {
  readonly id: string;
  readonly seq: number;
  readonly sinceFull: number;
  /** Its facts: key → hash and value. */
  readonly facts: ReadonlyMap<string, { readonly hash: string; readonly value: unknown }>;
  /** How many changes each fact this server stored is from a whole value (0: stored whole). */
  readonly depths: Map<string, number>;
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
  // Keyed by ids from the intent: no prototype, so '__proto__' is an ordinary key.
  const log = emptyRecord<{ entry: LogEntry; secret: boolean } | null>();
  const assets = emptyRecord<boolean>();
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
      const known = lastRecord.get(docs.secrets);
      // A record the doc no longer holds (a failed transaction, another room loaded) is no base.
      const last = known && roots.replay.has(known.id) ? known : null;
      // Bounded memory: past the bound, facts are stored whole again until new chains grow.
      const depths = last && last.depths.size < 50_000 ? last.depths : new Map<string, number>();
      /** Stores a fact once, as a change to the same key's fact before when that is smaller. */
      const stored = (value: unknown, key?: string): string => {
        const hash = factHash(value);
        if (roots.replayInputs.has(hash)) return hash;
        const whole = plain(value);
        const before = key === undefined ? undefined : last?.facts.get(key);
        const depth = before ? (depths.get(before.hash) ?? MAX_PATCH_DEPTH) : MAX_PATCH_DEPTH;
        const change = before && depth < MAX_PATCH_DEPTH ? changeOf(before.value, whole) : null;
        const patch: FactPatch | null = change && before ? { '~p': before.hash, '~c': change } : null;
        if (patch && JSON.stringify(patch).length < JSON.stringify(whole).length * 0.8) {
          roots.replayInputs.set(hash, patch);
          depths.set(hash, depth + 1);
        } else {
          roots.replayInputs.set(hash, whole);
          depths.set(hash, 0);
        }
        return hash;
      };
      const facts = new Map<string, { hash: string; value: unknown }>();
      for (const [key, value] of factsOf(parts)) facts.set(key, { hash: stored(value, key), value });
      const base = last && last.sinceFull + 1 < FULL_EVERY ? last : null;
      const set: Record<string, string> = {};
      const drop: string[] = [];
      for (const [key, { hash }] of facts) if (base?.facts.get(key)?.hash !== hash) set[key] = hash;
      if (base) for (const key of base.facts.keys()) if (!facts.has(key)) drop.push(key);
      const reads = {
        ...(Object.keys(log).length
          ? {
              log: Object.fromEntries(Object.entries(log).map(([id, found]) => [id, found && stored(found)])),
            }
          : {}),
        ...(Object.keys(assets).length ? { assets: { ...assets } } : {}),
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
        facts,
        depths,
      });
    },
  };
}

/** A copy without frozen or shared objects (Yjs stores plain JSON). */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
