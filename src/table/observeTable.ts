import type * as Y from 'yjs';
import type { TableDocs } from './docLayout';
import type { RootName } from './docRoots';
import { DOC_ROOTS } from './docRoots';

/** What changed since the last call, so the renderer redraws only that. */
export interface TableChanges {
  /** Map size/name/rows changed: redraw all terrain. */
  mapAll: boolean;
  /** Squares ("x,y") painted or whose destructible HP changed. */
  cells: Set<string>;
  /** Token ids whose token, stat block or combatant state changed (in either doc). */
  tokens: Set<string>;
  turn: boolean;
  log: boolean;
  chat: boolean;
  settings: boolean;
  notes: boolean;
  meta: boolean;
  /** The GM's list of scenes (the secrets doc's `scenes`). */
  scenes: boolean;
  /** Handouts shown or taken back (any doc's `handouts`). */
  handouts: boolean;
}

const emptyChanges = (): TableChanges => ({
  mapAll: false,
  cells: new Set(),
  tokens: new Set(),
  turn: false,
  log: false,
  chat: false,
  settings: false,
  notes: false,
  meta: false,
  scenes: false,
  handouts: false,
});

/**
 * Calls `cb` once per burst of transactions (batched on a microtask) with which parts changed,
 * read from each transaction's changed root types and keys (what each root's change means is its
 * `observed` in ./docRoots.ts). Returns the unsubscribe function.
 */
export function observeTable(docs: TableDocs, cb: (changes: TableChanges) => void): () => void {
  let pending: TableChanges | null = null;
  const onTransaction = (tr: Y.Transaction) => {
    if (tr.changed.size === 0) return;
    const changes = pending ?? (pending = emptyChanges());
    if (!pendingScheduled) {
      pendingScheduled = true;
      queueMicrotask(flush);
    }
    tr.changed.forEach((keys, type) => {
      // Root types have no parent item; their name is the key in doc.share.
      const name = rootName(tr.doc, type);
      const keyList = [...keys].filter((k): k is string => k !== null);
      const observed =
        name !== null && Object.hasOwn(DOC_ROOTS, name) ? DOC_ROOTS[name as RootName].observed : null;
      switch (observed) {
        case null:
          break;
        case 'mapAll':
          changes.mapAll = true;
          break;
        case 'cells':
          keyList.forEach((k) => changes.cells.add(k));
          break;
        case 'tokens':
          keyList.forEach((k) => changes.tokens.add(k));
          break;
        default:
          changes[observed] = true;
      }
    });
  };
  let pendingScheduled = false;
  let stopped = false;
  const flush = () => {
    pendingScheduled = false;
    const changes = pending;
    pending = null;
    if (changes && !stopped) cb(changes);
  };
  const list = [docs.public, docs.secrets].filter((d): d is Y.Doc => !!d);
  list.forEach((doc) => doc.on('afterTransaction', onTransaction));
  return () => {
    stopped = true;
    list.forEach((doc) => doc.off('afterTransaction', onTransaction));
  };
}

const nameCache = new WeakMap<object, string>();
function rootName(doc: Y.Doc, type: object): string | null {
  const hit = nameCache.get(type);
  if (hit) return hit;
  for (const [name, shared] of doc.share) {
    if (shared === type) {
      nameCache.set(type, name);
      return name;
    }
  }
  return null;
}
