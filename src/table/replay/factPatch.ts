/**
 * A stored fact as a change to an earlier fact (docs/table/replay.md "Encoding"): a combatant
 * state after a move differs from the one before in a few fields, a turn order in one more id in
 * `acted`; storing the change instead of the whole value keeps a record in a 100-token room to a
 * few hundred bytes. Only plain JSON; the readers' parsed values never hold keys starting with
 * `~`, so a patch cannot be mistaken for a fact.
 *
 * A change is one of: `{ "~v": value }` (replaced), `{ "~o": { key: change }, "~d": [keys] }` (an
 * object's changed and removed keys), `{ "~a": [items] }` (items appended to an array).
 */
export type Change =
  | { readonly '~v': unknown }
  | { readonly '~o': Readonly<Record<string, Change>>; readonly '~d'?: readonly string[] }
  | { readonly '~a': readonly unknown[] };

/** A stored patch: the base fact's hash and the change that turns it into this one. */
export interface FactPatch {
  readonly '~p': string;
  readonly '~c': Change;
}

export function isPatch(value: unknown): value is FactPatch {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && '~p' in value && '~c' in value
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The change from `before` to `after`, or null when they are equal (JSON values). */
export function changeOf(before: unknown, after: unknown): Change | null {
  if (before === after) return null;
  if (isObject(before) && isObject(after)) {
    const fields: Record<string, Change> = {};
    for (const key of Object.keys(after)) {
      if (after[key] === undefined) continue;
      const inner = before[key] === undefined ? { '~v': after[key] } : changeOf(before[key], after[key]);
      if (inner) fields[key] = inner;
    }
    const removed = Object.keys(before).filter((k) => before[k] !== undefined && after[k] === undefined);
    if (!Object.keys(fields).length && !removed.length) return null;
    return removed.length ? { '~o': fields, '~d': removed } : { '~o': fields };
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length && before.every((b, i) => changeOf(b, after[i]) === null)) return null;
    if (after.length > before.length && before.every((b, i) => changeOf(b, after[i]) === null))
      return { '~a': after.slice(before.length) };
  }
  return JSON.stringify(before) === JSON.stringify(after) ? null : { '~v': after };
}

/** `before` with `change` applied (a new value; `before` is not modified). */
export function applyChange(before: unknown, change: Change): unknown {
  if ('~v' in change) return change['~v'];
  if ('~a' in change) {
    if (!Array.isArray(before)) throw new Error('an appended list needs a list');
    return [...before, ...change['~a']];
  }
  if (!isObject(before)) throw new Error('changed fields need an object');
  const out: Record<string, unknown> = {};
  // Defined, not assigned: a key '__proto__' from a file is an ordinary key.
  const put = (key: string, value: unknown) =>
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(before)) put(key, value);
  for (const [key, inner] of Object.entries(change['~o']))
    put(key, applyChange(Object.hasOwn(before, key) ? before[key] : undefined, inner));
  for (const key of change['~d'] ?? []) delete out[key];
  return out;
}
