import type * as Y from 'yjs';
import type { Combatant } from '../schema/combatant';
import type { CombatantState } from '../schema/room';
import { CombatantStateSchema } from '../schema/room';

/**
 * The Yjs document layout of a room. Two docs per room: the PUBLIC doc every connection receives
 * and the SECRETS doc only GM connections open (hidden tokens, unrevealed foes, GM notes, hidden
 * stat blocks, GM-only log). Hiding is done by not sending. See docs/table.md for the picture.
 */
export const TABLE_SCHEMA_VERSION = 1;

/** Origins on transactions: the GM's local edits (undoable), the server's intent resolutions. */
export const GM_ORIGIN = 'gm';
export const SERVER_ORIGIN = 'server';
/** Seeding, migrations and imports: never undoable. */
export const SYSTEM_ORIGIN = 'system';

/** The two docs of a room as one value. `secrets` is absent for players. */
export interface TableDocs {
  readonly public: Y.Doc;
  readonly secrets?: Y.Doc | undefined;
}

export { CombatantStateSchema } from '../schema/room';
export type { CombatantState } from '../schema/room';

/** The stored part of a combatant: its state, validated, without the stat block. */
export function combatantStateOf(combatant: Combatant | CombatantState): CombatantState {
  const { statBlock: _omit, ...rest } = combatant as Combatant;
  return CombatantStateSchema.parse(rest);
}

/** Root types shared by both docs. Values in these maps are plain JSON, validated on read. */
export function rootsOf(doc: Y.Doc) {
  return {
    /** schemaVersion, room name. */
    meta: doc.getMap<unknown>('meta'),
    /** id → Token. */
    tokens: doc.getMap<unknown>('tokens'),
    /** token id → StatBlock (public doc: visible stats; secrets doc: hidden stats). */
    statBlocks: doc.getMap<unknown>('statBlocks'),
    /** token id → CombatantState. */
    combatants: doc.getMap<unknown>('combatants'),
    /** LogEntry, oldest first (secrets doc: GM-only entries). */
    log: doc.getArray<unknown>('log'),
    /**
     * token id → InterruptOffer[]: interrupts offered to their owner (public doc: characters
     * players command; secrets doc: everyone else's, so a foe's abilities never reach players).
     */
    offers: doc.getMap<unknown>('offers'),
    /**
     * id → Drawing (src/schema/drawing.ts): public doc the table layer, secrets doc the GM's
     * layer. Never read by rules.
     */
    drawings: doc.getMap<unknown>('drawings'),
  };
}

/** Root types only the public doc uses. */
export function publicRootsOf(doc: Y.Doc) {
  return {
    ...rootsOf(doc),
    /** name, width, height (numbers), chapter, background (MapBackground, when the map has art). */
    map: doc.getMap<unknown>('map'),
    /** row index (string) → MapRow: the map as seeded/resized. */
    mapRows: doc.getMap<unknown>('mapRows'),
    /** "x,y" → MapCellPaint: cells painted since, one small entry per painted cell. */
    mapPaint: doc.getMap<unknown>('mapPaint'),
    /** "x,y" → remaining HP of destructible terrain (10 per height level when full). */
    destructible: doc.getMap<unknown>('destructible'),
    /** "x,y" → true when the door on that square is closed (the map's doors, opened in play). */
    doors: doc.getMap<unknown>('doors'),
    /** 'order' → TurnOrder | null (null = not in combat). */
    turn: doc.getMap<unknown>('turn'),
    chat: doc.getArray<unknown>('chat'),
    /** 'room' → RoomSettings (includes the status catalog). */
    settings: doc.getMap<unknown>('settings'),
    /**
     * token id → ShownState: what players see of a visible foe whose HP the room keeps from them
     * (setting `foeHp`; its whole state is then in the secrets doc, src/table/foeHealth.ts).
     */
    shownStates: doc.getMap<unknown>('shownStates'),
  };
}

/** Root types only the secrets doc uses. */
export function secretRootsOf(doc: Y.Doc) {
  return {
    ...rootsOf(doc),
    /** token id (or 'room') → GM note text. */
    notes: doc.getMap<unknown>('notes'),
    /** ChatMessage, oldest first: the GM's copy of every whisper and private roll. */
    chat: doc.getArray<unknown>('chat'),
    /**
     * log entry id → ReplayRecord (src/schema/replay.ts): what the entry's outcome was computed
     * from (docs/table/replay.md). Written by the server only (docWriteRules: `serverOnly`).
     */
    replay: doc.getMap<unknown>('replay'),
    /** content hash → a fact a replay record names (a token, a stat block, the map…): stored once. */
    replayInputs: doc.getMap<unknown>('replayInputs'),
  };
}

/**
 * A player's channel doc (`<roomId>~to~<channel>`, docs/table.md "Channels"): what only that
 * player and the GM may read. Only the server writes it; the player's connection opens it read-only.
 */
export function channelRootsOf(doc: Y.Doc) {
  return {
    /** ChatMessage, oldest first: the player's copy of whispers to and from the GM. */
    chat: doc.getArray<unknown>('chat'),
  };
}

/** Thrown when a doc is newer than this code or a migration is missing. */
export class TableSchemaError extends Error {}

/**
 * Migration hook: brings a doc up to TABLE_SCHEMA_VERSION in one system transaction. Version 1 is
 * the first; a future version adds `if (version === 1) { ...; version = 2 }` steps, oldest first.
 */
export function migrateDoc(doc: Y.Doc): void {
  const meta = doc.getMap<unknown>('meta');
  const stored = meta.get('schemaVersion');
  if (stored === undefined) return; // not seeded yet (or still syncing)
  if (typeof stored !== 'number' || stored > TABLE_SCHEMA_VERSION) {
    throw new TableSchemaError(
      `room document meta.schemaVersion is ${String(stored)}; this build reads up to ${TABLE_SCHEMA_VERSION}`,
    );
  }
  if (stored === TABLE_SCHEMA_VERSION) return;
  // No older versions exist yet.
  throw new TableSchemaError(`no migration from room document version ${stored}`);
}

/**
 * Marker of the transactBoth call in progress, so the GM undo manager can group the two docs'
 * changes of one edit into one undo step.
 */
export let activeStep: object | null = null;

/** Runs `fn` in ONE transaction on each doc it touches, with `origin`. */
export function transactBoth(docs: TableDocs, origin: string, fn: () => void): void {
  const run = docs.secrets ? () => docs.secrets!.transact(fn, origin) : fn;
  const outer = activeStep;
  activeStep = outer ?? {};
  try {
    docs.public.transact(run, origin);
  } finally {
    activeStep = outer;
  }
}

/** "x,y" key of a cell in the paint and destructible maps. */
export function cellKey(x: number, y: number): string {
  return `${x},${y}`;
}

/** Short random ids for log entries and chat lines (not secrets: uniqueness only). */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
