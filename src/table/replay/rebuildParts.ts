import { z } from 'zod';
import { emptyRecord } from '../../lib/ownRecord';
import { InterruptOffersSchema } from '../../schema/interruptOffer';
import { MapSchema } from '../../schema/map';
import type { ReplayRecord } from '../../schema/replay';
import { ReplayRecordSchema } from '../../schema/replay';
import { RoomSettingsSchema } from '../../schema/settings';
import { StatBlockSchema } from '../../schema/statBlock';
import { TokenSchema } from '../../schema/token';
import { TurnOrderSchema } from '../../schema/turnOrder';
import { CombatantStateSchema } from '../docLayout';
import { deepFreeze } from '../readDoc';
import type { DocParts, TableParts } from '../tableParts';
import type { ReplayStore } from './replayStore';
import type { DocPartLetter } from './tableFacts';
import { DOC_PARTS } from './tableFacts';
import type { FactPatch } from './factPatch';
import { applyChange, isPatch } from './factPatch';
import { contentHash } from '../../lib/contentHash';

/** Thrown when a record cannot be rebuilt: the sentence says what is missing or malformed. */
export class RebuildError extends Error {}

/** Records one replay may walk back through to its full record (FULL_EVERY is 500). */
const MAX_CHAIN = 2_000;

const MetaSchema = z.object({ schemaVersion: z.number().int().nullable(), name: z.string() });
const DestructibleSchema = z.record(z.string(), z.number().int());

/** The schema each fact's value is read with, by key (token facts by their part letter). */
const ROOM_FACTS: Readonly<Record<string, z.ZodType>> = {
  meta: MetaSchema,
  map: MapSchema.nullable(),
  chapter: z.number().int().min(1),
  destructible: DestructibleSchema,
  turn: TurnOrderSchema.nullable(),
  settings: RoomSettingsSchema,
};
const PART_SCHEMAS: Readonly<Record<DocPartLetter, z.ZodType>> = {
  t: TokenSchema,
  b: StatBlockSchema,
  c: CombatantStateSchema,
  o: InterruptOffersSchema,
};

/**
 * Rebuilds the table parts a record names (src/table/tableParts.ts), walking its chain of
 * changes back to a full record. One rebuilder per verification: it keeps every fact it parsed
 * (by hash) and the facts of the last record it rebuilt, so a log verified in order costs one
 * change per entry.
 */
export function partsRebuilder(store: ReplayStore) {
  const parsed = new Map<string, unknown>();
  let last: { id: string; hashes: Map<string, string> } | null = null;

  const recordOf = (id: string): ReplayRecord => {
    const raw = store.records.get(id);
    if (raw === undefined) throw new RebuildError('a record it builds on is missing');
    const result = ReplayRecordSchema.safeParse(raw);
    if (!result.success) throw new RebuildError('its replay record is malformed');
    return result.data;
  };

  const hashesOf = (id: string): Map<string, string> => {
    if (last?.id === id) return last.hashes;
    const chain: ReplayRecord[] = [];
    const seen = new Set<string>();
    let at: string | null = id;
    let start: Map<string, string> | null = null;
    while (at !== null) {
      if (last?.id === at) {
        start = new Map(last.hashes);
        break;
      }
      if (seen.has(at) || chain.length >= MAX_CHAIN)
        throw new RebuildError('its chain of replay records does not reach a full record');
      seen.add(at);
      const record = recordOf(at);
      chain.push(record);
      at = record.facts.base;
    }
    const hashes = start ?? new Map<string, string>();
    for (const record of chain.reverse()) {
      for (const key of record.facts.drop) hashes.delete(key);
      for (const [key, hash] of Object.entries(record.facts.set)) hashes.set(key, hash);
    }
    last = { id, hashes };
    return hashes;
  };

  /** A stored fact as a whole value: a patch applied to its base (bounded, memoised). */
  const whole = new Map<string, unknown>();
  const wholeOf = (hash: string): unknown => {
    if (whole.has(hash)) return whole.get(hash);
    const chain: FactPatch[] = [];
    let at = hash;
    let value: unknown;
    for (;;) {
      if (whole.has(at)) {
        value = whole.get(at);
        break;
      }
      const raw = store.inputs.get(at);
      if (raw === undefined) throw new RebuildError('a fact its record names is missing');
      if (!isPatch(raw)) {
        value = raw;
        break;
      }
      if (chain.length >= MAX_CHAIN) throw new RebuildError('a fact its record names is malformed');
      chain.push(raw);
      at = raw['~p'];
    }
    try {
      for (const patch of chain.reverse()) value = applyChange(value, patch['~c']);
    } catch {
      throw new RebuildError('a fact its record names is malformed');
    }
    // The name is the content's: a fact edited after it was stored no longer matches it.
    if (contentHash(value) !== hash)
      throw new RebuildError('a fact its record names was changed after it was stored');
    whole.set(hash, value);
    return value;
  };

  const fact = (hash: string, schema: z.ZodType): unknown => {
    if (parsed.has(hash)) return parsed.get(hash);
    const raw = wholeOf(hash);
    const result = schema.safeParse(raw);
    if (!result.success) throw new RebuildError('a fact its record names is malformed');
    const value = deepFreeze(result.data);
    parsed.set(hash, value);
    return value;
  };

  return {
    /** The record stored for a log entry, validated; undefined when there is none. */
    record(id: string): ReplayRecord | undefined {
      return store.records.has(id) ? recordOf(id) : undefined;
    },
    /** A stored fact other than the table's (a log entry read), parsed with `schema`. */
    input: fact,
    /** The table parts the record of log entry `id` names (the GM's view: both docs). */
    parts(id: string): TableParts {
      const hashes = hashesOf(id);
      const room = (key: string): unknown => {
        const hash = hashes.get(key);
        if (hash === undefined) throw new RebuildError('its record does not name every fact');
        return fact(hash, ROOM_FACTS[key]!);
      };
      const docs = { p: emptyDocParts(), s: emptyDocParts() };
      for (const [key, hash] of hashes) {
        const match = /^([ps])([tbco]):(.+)$/.exec(key);
        if (!match) continue;
        const letter = match[2] as DocPartLetter;
        docs[match[1] as 'p' | 's'][DOC_PARTS[letter]].set(match[3]!, fact(hash, PART_SCHEMAS[letter]));
      }
      const destructible = emptyRecord<number>();
      Object.assign(destructible, room('destructible'));
      return {
        meta: room('meta') as TableParts['meta'],
        map: room('map') as TableParts['map'],
        chapter: room('chapter') as number,
        destructibleHp: destructible,
        turn: room('turn') as TableParts['turn'],
        settings: room('settings') as TableParts['settings'],
        public: docs.p as DocParts,
        secrets: docs.s as DocParts,
        faces: new Map(),
        notes: {},
        problems: [],
      };
    },
  };
}

function emptyDocParts(): Record<keyof DocParts, Map<string, unknown>> {
  return { tokens: new Map(), statBlocks: new Map(), combatants: new Map(), offers: new Map() };
}
