import * as Y from 'yjs';
import { jsonProblem } from '../schema/json';
import { atMost } from '../schema/limits';
import type { WrittenDoc } from './docWriteRules';
import { ROOTS } from './docWriteRules';

export type { WrittenDoc };

/** An update as Y.decodeUpdate returns it: the server decodes a GM frame once for every check. */
export type DecodedUpdate = ReturnType<typeof Y.decodeUpdate>;

/**
 * The check a GM's direct write passes before the server applies and broadcasts it. GMs write
 * the docs over the websocket (docs/server.md), so every value their update would put into the
 * room's roots (src/table/docLayout.ts) is validated with the same schemas the readers use, plus
 * doc-level bounds. Unknown roots, nested Yjs types and text are refused: the docs hold plain JSON.
 *
 * How: the update is decoded (Y.decodeUpdate) and each new item's root and key are resolved the
 * way Yjs integrates it (an item names its parent only when it has no neighbours; otherwise it
 * inherits its left, else right, neighbour's). That costs one decode, no second doc; deletions
 * need no check (every reader treats a missing value as absent).
 */

/** Where an item lands: a root and (for maps) a key; or why it needs no check or cannot be placed. */
type Place = { readonly root: string; readonly key: string | null } | 'collected' | 'nested' | 'missing';

/**
 * Why the GM's `update` may not be applied to `doc` (one sentence naming the root, key and
 * bound), or null when every value it writes is valid. Throws when the update cannot be decoded.
 */
export function checkDocWrite(
  doc: Y.Doc,
  kind: WrittenDoc,
  update: Uint8Array | DecodedUpdate,
): string | null {
  const rules = ROOTS[kind];
  const decoded = update instanceof Uint8Array ? Y.decodeUpdate(update) : update;
  const { structs } = decoded;
  const store = doc.store;
  const local = new Map<number, (Y.Item | Y.GC | Y.Skip)[]>();
  for (const struct of structs) {
    const list = local.get(struct.id.client);
    if (list) list.push(struct);
    else local.set(struct.id.client, [struct]);
  }
  for (const [client, list] of local) {
    // A gap (or a Skip the doc lacks) means the update depends on changes the server does not have:
    // Yjs would hold it back and integrate it later, unchecked.
    const known = Y.getState(store, client);
    if (list[0]!.id.clock > known) return MISSING;
    for (const struct of list)
      if (struct instanceof Y.Skip && struct.id.clock + struct.length > known) return MISSING;
  }

  const context: Context = { store, local, places: new Map() };
  const newKeys = new Map<string, Set<string>>();
  const newItems = new Map<string, number>();
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    if (struct.id.clock + struct.length <= Y.getState(store, struct.id.client)) continue; // already here
    if (struct.content instanceof Y.ContentDeleted) continue;
    const place = placeOf(context, struct);
    if (place === 'collected') continue;
    if (place === 'missing') return MISSING;
    if (place === 'nested')
      return 'only plain values may be written: nested Yjs types are not part of a room';
    const rule = Object.hasOwn(rules, place.root) ? rules[place.root] : undefined;
    if (!rule) return `'${place.root}' is not part of a room's ${kind} document`;
    const where = place.key === null ? place.root : `${place.root}.${place.key}`;
    if (rule.type === 'map' && place.key === null) return `'${place.root}' holds keyed values, not a list`;
    if (rule.type === 'array' && place.key !== null) return `'${place.root}' is a list, not keyed values`;
    if (!(struct.content instanceof Y.ContentAny || struct.content instanceof Y.ContentJSON))
      return `${where}: only plain JSON values may be written (no text, binary, embedded docs or nested types)`;
    for (const value of struct.content.getContent()) {
      const json = jsonProblem(value);
      if (json) return `${where}${json.path.length ? `.${json.path.join('.')}` : ''}: ${json.message}`;
      const problem = rule.check(place.key, value);
      if (problem) return `${where}: ${problem}`;
    }
    if (rule.maxItems && place.key === null)
      newItems.set(place.root, (newItems.get(place.root) ?? 0) + struct.length);
    if (rule.maxKeys && place.key !== null) {
      const keys = newKeys.get(place.root) ?? new Set<string>();
      newKeys.set(place.root, keys);
      keys.add(place.key);
    }
  }
  const deleted = serverOnlyDeletion(context, rules, decoded);
  if (deleted) return deleted;
  for (const [root, added] of newItems) {
    const { count, what } = rules[root]!.maxItems!;
    const type = doc.share.get(root);
    // `_length` counts the list's live items (a root read before anyone typed it has it too).
    if ((type?._length ?? 0) + added > count) return `${root}: ${atMost(count, what)}`;
  }
  for (const [root, keys] of newKeys) {
    const { count, what } = rules[root]!.maxKeys!;
    const map = doc.share.get(root)?._map;
    // A write to keys that are all present already (every move: its token) adds none: no count.
    let adds = false;
    for (const key of keys) if (!(map?.get(key) && !map.get(key)!.deleted)) adds = true;
    if (!adds) continue;
    let size = 0;
    map?.forEach((item, key) => {
      if (item.deleted) return;
      size += 1;
      keys.delete(key); // present already: not a new key
    });
    if (size + keys.size > count) return `${root}: ${atMost(count, what)}`;
  }
  return null;
}

/**
 * Why the update may not delete what it deletes: a root only the server writes (replay records)
 * keeps everything in it. Null when it deletes nothing there. Only items the doc holds are looked
 * at (an item the update itself adds was checked above).
 */
function serverOnlyDeletion(
  context: Context,
  rules: (typeof ROOTS)[WrittenDoc],
  update: DecodedUpdate,
): string | null {
  if (!Object.values(rules).some((rule) => rule.serverOnly)) return null;
  const { store } = context;
  for (const [client, ranges] of update.ds.clients) {
    const known = Y.getState(store, client);
    for (const { clock, len } of ranges) {
      for (let at = clock; at < Math.min(clock + len, known);) {
        const struct = Y.getItem(store, Y.createID(client, at)) as Y.Item | Y.GC;
        at = struct.id.clock + struct.length;
        if (!(struct instanceof Y.Item) || struct.deleted) continue;
        const place = integrated(struct);
        if (typeof place !== 'object') continue;
        const rule = Object.hasOwn(rules, place.root) ? rules[place.root] : undefined;
        if (rule?.serverOnly) return `${place.root}: ${rule.serverOnly}`;
      }
    }
  }
  return null;
}

/**
 * What placing the items of one update needs. The helpers below are module functions taking it,
 * not closures: the server runs under tsx, which wraps every named closure in a `__name` call
 * each time it is created, and this runs on every GM write (docs/server.md).
 */
interface Context {
  readonly store: Y.Doc['store'];
  /** The update's structs per client, clock-sorted. */
  readonly local: ReadonlyMap<number, (Y.Item | Y.GC | Y.Skip)[]>;
  /** Places found so far (a chain of neighbours is walked once). */
  readonly places: Map<Y.Item, Place>;
}

function find({ store, local }: Context, id: Y.ID): Y.Item | Y.GC | 'missing' {
  if (id.clock < Y.getState(store, id.client)) return Y.getItem(store, id) as Y.Item | Y.GC;
  const struct = containing(local.get(id.client) ?? [], id.clock);
  return !struct || struct instanceof Y.Skip ? 'missing' : struct;
}

function integrated(item: Y.Item): Place {
  const parent = item.parent as Y.AbstractType<unknown> | null;
  if (!parent) return 'collected';
  if (parent._item !== null) return 'nested';
  return { root: Y.findRootTypeKey(parent), key: item.parentSub };
}

/** Iterative: a long chain of neighbours inside one update must not recurse. */
function placeOf(context: Context, start: Y.Item): Place {
  const { store, places } = context;
  const chain: Y.Item[] = [];
  const seen = new Set<Y.Item>();
  let current = start;
  let place: Place;
  for (;;) {
    const cached = places.get(current);
    if (cached) {
      place = cached;
      break;
    }
    if (seen.has(current)) {
      place = 'missing'; // a cycle of neighbours: Yjs could never integrate it
      break;
    }
    seen.add(current);
    chain.push(current);
    const parent = current.parent as unknown;
    if (typeof parent === 'string') {
      place = { root: parent, key: current.parentSub };
      break;
    }
    if (parent !== null) {
      place = 'nested'; // parent given by id: an item inside a nested type
      break;
    }
    const left = current.origin ? find(context, current.origin) : null;
    const right = current.rightOrigin ? find(context, current.rightOrigin) : null;
    if (left === 'missing' || right === 'missing' || (!left && !right)) {
      place = 'missing';
      break;
    }
    if (left instanceof Y.GC || right instanceof Y.GC) {
      place = 'collected'; // Yjs garbage-collects such an item on arrival
      break;
    }
    const neighbour = (left ?? right) as Y.Item;
    if (Y.getState(store, neighbour.id.client) > neighbour.id.clock) {
      place = integrated(neighbour);
      break;
    }
    current = neighbour;
  }
  for (const item of chain) places.set(item, place);
  return place;
}

/** The struct of a client's clock-sorted, contiguous list that holds `clock` (binary search). */
function containing<T extends { id: Y.ID; length: number }>(
  list: readonly T[],
  clock: number,
): T | undefined {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const struct = list[mid]!;
    if (clock < struct.id.clock) high = mid - 1;
    else if (clock >= struct.id.clock + struct.length) low = mid + 1;
    else return struct;
  }
  return undefined;
}

/**
 * The answer for an update that builds on changes the server does not have yet (Yjs would hold it
 * back and integrate it later, unchecked). A stock provider can send one legitimately: a local
 * edit made right after reconnecting travels before the sync step 2 carrying earlier offline
 * edits. The caller holds such an update and checks it again merged with what follows.
 */
export const MISSING_DEPENDENCIES = 'this write depends on changes the server does not have; reload the room';
const MISSING = MISSING_DEPENDENCIES;
