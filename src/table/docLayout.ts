import type * as Y from 'yjs';
import type { Combatant } from '../schema/combatant';
import type { CombatantState } from '../schema/combatant';
import { CombatantStateSchema } from '../schema/combatant';
import type { RootName, RootsIn } from './docRoots';
import { DOC_ROOTS, rootNamesIn } from './docRoots';

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

export { CombatantStateSchema } from '../schema/combatant';
export type { CombatantState } from '../schema/combatant';

/** The stored part of a combatant: its state, validated, without the stat block. */
export function combatantStateOf(combatant: Combatant | CombatantState): CombatantState {
  const { statBlock: _omit, ...rest } = combatant as Combatant;
  return CombatantStateSchema.parse(rest);
}

const [PUBLIC, SECRETS, CHANNEL] = [rootNamesIn('public'), rootNamesIn('secrets'), rootNamesIn('channel')];
const SHARED = PUBLIC.filter((n) => SECRETS.includes(n));
type SharedRoots = Pick<RootsIn<'public'>, keyof RootsIn<'public'> & keyof RootsIn<'secrets'>>;

/** Each doc's root types, found once per doc and kind of reading (Yjs keeps them for the doc's life). */
const rootCache = new WeakMap<Y.Doc, Map<string, object>>();
function rootsNamed<T>(doc: Y.Doc, which: string, names: readonly RootName[]): T {
  let perDoc = rootCache.get(doc);
  if (!perDoc) rootCache.set(doc, (perDoc = new Map()));
  let roots = perDoc.get(which);
  if (!roots) {
    roots = Object.fromEntries(
      names.map((n) => [n, DOC_ROOTS[n].type === 'map' ? doc.getMap<unknown>(n) : doc.getArray<unknown>(n)]),
    );
    perDoc.set(which, roots);
  }
  return roots as T;
}

/**
 * Root types shared by both docs (./docRoots.ts says what each holds). Values in these maps are
 * plain JSON, validated on read.
 */
export function rootsOf(doc: Y.Doc): SharedRoots {
  return rootsNamed(doc, 'shared', SHARED);
}

/** Root types of the public doc. */
export function publicRootsOf(doc: Y.Doc): RootsIn<'public'> {
  return rootsNamed(doc, 'public', PUBLIC);
}

/** Root types of the secrets doc. */
export function secretRootsOf(doc: Y.Doc): RootsIn<'secrets'> {
  return rootsNamed(doc, 'secrets', SECRETS);
}

/**
 * A player's channel doc (`<roomId>~to~<channel>`, docs/table.md "Channels"): what only that
 * player and the GM may read. Only the server writes it; the player's connection opens it read-only.
 */
export function channelRootsOf(doc: Y.Doc): RootsIn<'channel'> {
  return rootsNamed(doc, 'channel', CHANNEL);
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
