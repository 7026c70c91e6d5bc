import type { InterruptOffer } from '../schema/interruptOffer';
import { InterruptOffersSchema } from '../schema/interruptOffer';
import type * as Y from 'yjs';
import type { ActiveScene } from '../schema/scene';
import { ActiveSceneSchema } from '../schema/scene';
import type { z } from 'zod';
import type { ChatMessage, LogEntry } from '../schema/logEntry';
import { ChatMessageSchema, LogEntrySchema } from '../schema/logEntry';
import type { Handout } from '../schema/actions/handout';
import { HandoutSchema } from '../schema/actions/handout';
import type { RoomSettings } from '../schema/settings';
import { DEFAULT_ROOM_SETTINGS, RoomSettingsSchema } from '../schema/settings';
import type { StatBlock } from '../schema/statBlock';
import { StatBlockSchema } from '../schema/statBlock';
import type { Token } from '../schema/token';
import { TokenSchema } from '../schema/token';
import type { TurnOrder } from '../schema/turnOrder';
import { TurnOrderSchema } from '../schema/turnOrder';
import { emptyRecord } from '../lib/ownRecord';
import type { ShownState } from './shownState';
import { ShownStateSchema } from './shownState';
import type { CombatantState } from './docLayout';
import { channelRootsOf, CombatantStateSchema, publicRootsOf, rootsOf, secretRootsOf } from './docLayout';
import { plainIssue } from '../schema/issueSentence';

/**
 * Typed reads of doc values. Values are plain JSON validated on read; a value that fails is
 * skipped and reported in `problems` ("tokens.orc-1: cell.x: expected number") instead of
 * breaking the table. Parsed results are cached per stored object (Yjs hands back the same
 * object until the entry is replaced), so re-reading an unchanged room is cheap.
 */
const parseCache = new WeakMap<
  object,
  { schema: z.ZodType; value: unknown } | { schema: z.ZodType; error: string }
>();

function parseCached<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  where: string,
  problems: string[],
): T | undefined {
  if (typeof raw === 'object' && raw !== null) {
    const hit = parseCache.get(raw);
    if (hit && hit.schema === schema) {
      if ('error' in hit) {
        problems.push(`${where}: ${hit.error}`);
        return undefined;
      }
      return hit.value as T;
    }
  }
  const result = schema.safeParse(raw);
  if (result.success) {
    const value = deepFreeze(result.data);
    if (typeof raw === 'object' && raw !== null) parseCache.set(raw, { schema, value });
    return value;
  }
  const error = result.error.issues
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(value)'}: ${plainIssue(i)}`)
    .join('; ');
  if (typeof raw === 'object' && raw !== null) parseCache.set(raw, { schema, error });
  problems.push(`${where}: ${error}`);
  return undefined;
}

/** Freezes a plain-data value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function readRecord<T>(map: Y.Map<unknown>, schema: z.ZodType<T>, where: string, problems: string[]) {
  const out = new Map<string, T>();
  map.forEach((raw, key) => {
    const value = parseCached(schema, raw, `${where}.${key}`, problems);
    if (value !== undefined) out.set(key, value);
  });
  return out;
}

export function readTokens(doc: Y.Doc, where: string, problems: string[]): Map<string, Token> {
  return readRecord(rootsOf(doc).tokens, TokenSchema, `${where}.tokens`, problems);
}

export function readStatBlocks(doc: Y.Doc, where: string, problems: string[]): Map<string, StatBlock> {
  return readRecord(rootsOf(doc).statBlocks, StatBlockSchema, `${where}.statBlocks`, problems);
}

export function readCombatants(doc: Y.Doc, where: string, problems: string[]): Map<string, CombatantState> {
  return readRecord(rootsOf(doc).combatants, CombatantStateSchema, `${where}.combatants`, problems);
}

/** Faces of foes whose HP players do not receive (src/table/foeHealth.ts). */
export function readShownStates(doc: Y.Doc, problems: string[]): Map<string, ShownState> {
  return readRecord(publicRootsOf(doc).shownStates, ShownStateSchema, 'public.shownStates', problems);
}

/**
 * The characters only this player sees under per-player fog: the server's copies in their
 * channel doc (docs/table/fog-of-war.md), read like the public doc's.
 */
export function readSightCopies(doc: Y.Doc, problems: string[]) {
  const roots = channelRootsOf(doc);
  return {
    tokens: readRecord(roots.tokens, TokenSchema, 'channel.tokens', problems),
    statBlocks: readRecord(roots.statBlocks, StatBlockSchema, 'channel.statBlocks', problems),
    combatants: readRecord(roots.combatants, CombatantStateSchema, 'channel.combatants', problems),
    faces: readRecord(roots.shownStates, ShownStateSchema, 'channel.shownStates', problems),
  };
}

/** Pending interrupt offers per token id (docs/table.md "Interrupt offers"). */
export function readOffers(doc: Y.Doc, where: string, problems: string[]): Map<string, InterruptOffer[]> {
  return readRecord(rootsOf(doc).offers, InterruptOffersSchema, `${where}.offers`, problems);
}

export function readLog(doc: Y.Doc, where: string, problems: string[]): LogEntry[] {
  const out: LogEntry[] = [];
  rootsOf(doc).log.forEach((raw, i) => {
    const entry = parseCached(LogEntrySchema, raw, `${where}.log.${i}`, problems);
    if (entry) out.push(entry);
  });
  return out;
}

/**
 * The `chat` list of a doc: the public doc's (everyone's), the secrets doc's (the GM's copy of
 * whispers) or a channel doc's (one player's copy); `where` names the doc in problems.
 */
export function readChat(
  doc: Y.Doc,
  problems: string[],
  where: 'public' | 'secrets' | 'channel' = 'public',
): ChatMessage[] {
  const out: ChatMessage[] = [];
  // The same root name in all three docs (src/table/docLayout.ts).
  publicRootsOf(doc).chat.forEach((raw, i) => {
    const line = parseCached(ChatMessageSchema, raw, `${where}.chat.${i}`, problems);
    if (line) out.push(line);
  });
  return out;
}

/**
 * The `handouts` of a doc (docs/table/handouts.md): everyone's (public), the GM's copies of
 * one-player handouts (secrets) or one player's (channel); oldest first.
 */
export function readHandouts(
  doc: Y.Doc,
  problems: string[],
  where: 'public' | 'secrets' | 'channel' = 'public',
): Handout[] {
  const out = [
    ...readRecord(publicRootsOf(doc).handouts, HandoutSchema, `${where}.handouts`, problems).values(),
  ];
  return out.sort((a, b) => a.at - b.at);
}

/** Turn order, or null when no combat is running. */
export function readTurnOrder(doc: Y.Doc, problems: string[]): TurnOrder | null {
  const raw = rootsOf(doc).turn.get('order');
  if (raw === undefined || raw === null) return null;
  return parseCached(TurnOrderSchema, raw, 'turn.order', problems) ?? null;
}

export function readSettings(doc: Y.Doc, problems: string[]): RoomSettings {
  const raw = publicRootsOf(doc).settings.get('room');
  if (raw === undefined) return DEFAULT_ROOM_SETTINGS;
  return parseCached(RoomSettingsSchema, raw, 'public.settings.room', problems) ?? DEFAULT_ROOM_SETTINGS;
}

export function readNotes(doc: Y.Doc): Record<string, string> {
  const out = emptyRecord<string>(); // keyed by token ids: nothing inherited
  secretRootsOf(doc).notes.forEach((text, key) => {
    if (typeof text === 'string') out[key] = text;
  });
  return out;
}

/** The room's meta: its schema version, name and (public doc) the scene the party is in. */
export function readMeta(doc: Y.Doc): {
  schemaVersion: number | null;
  name: string;
  scene: ActiveScene | null;
} {
  const meta = rootsOf(doc).meta;
  const version = meta.get('schemaVersion');
  const name = meta.get('name');
  return {
    schemaVersion: typeof version === 'number' ? version : null,
    name: typeof name === 'string' ? name : '',
    scene: ActiveSceneSchema.safeParse(meta.get('scene')).data ?? null,
  };
}
