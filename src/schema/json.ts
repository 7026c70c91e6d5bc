import { z } from 'zod';

/**
 * Free-form JSON that is stored (log outcomes read leniently): ONE bounded schema
 * for every such place. Yjs encodes values with lib0, which writes deeper nesting than it can read
 * back (its reader recurses once per level and runs out of stack near 5,000): a value stored past
 * that would make its room unloadable. So depth, size and string length are bounded here, and
 * only plain JSON types pass (no binary, bigint or undefined inside arrays).
 */

/** Levels of nesting (an object or array inside another counts one more). */
export const MAX_JSON_DEPTH = 32;
/** Values (objects, arrays, strings, numbers…) in one value, counted over the whole tree. */
export const MAX_JSON_NODES = 20_000;
/** Characters in any one string or object key. */
export const MAX_JSON_STRING_CHARS = 20_000;

// Each entry knows its parent and key; the path is built only for the value that fails (this
// runs on every GM write: no array per value on the way).
interface Entry {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Entry | null;
  readonly key: string | number;
}

/**
 * Module level, not a closure: the server runs under tsx, which wraps every named closure in a
 * `__name` call each time it is created (measured on the GM-write path, docs/server.md).
 */
function pathOf(entry: Entry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let e: Entry | null = entry; e?.parent; e = e.parent) path.push(e.key);
  return path.reverse();
}

/**
 * Why `value` is not bounded plain JSON (a message naming the path and the bound), or null.
 * Iterative, so it cannot overflow the stack itself however deep the value is.
 */
export function jsonProblem(value: unknown): { path: (string | number)[]; message: string } | null {
  const stack: Entry[] = [{ value, depth: 0, parent: null, key: '' }];
  let nodes = 0;
  while (stack.length) {
    const item = stack.pop()!;
    nodes += 1;
    if (nodes > MAX_JSON_NODES)
      return { path: [], message: `too large: at most ${MAX_JSON_NODES.toLocaleString('en-US')} values` };
    const v = item.value;
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: pathOf(item), message: 'expected a finite number' };
      continue;
    }
    if (typeof v === 'string') {
      if (v.length > MAX_JSON_STRING_CHARS)
        return {
          path: pathOf(item),
          message: `text too long: at most ${MAX_JSON_STRING_CHARS.toLocaleString('en-US')} characters`,
        };
      continue;
    }
    if (typeof v !== 'object') return { path: pathOf(item), message: `expected JSON, found a ${typeof v}` };
    if (item.depth >= MAX_JSON_DEPTH)
      // Named at the value's own path: the path inside would be MAX_JSON_DEPTH steps long.
      return { path: [], message: `nested too deep: at most ${MAX_JSON_DEPTH} levels of nesting` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) {
        if (v[i] === undefined)
          return { path: [...pathOf(item), i], message: 'expected JSON, found undefined' };
        stack.push({ value: v[i], depth: item.depth + 1, parent: item, key: i });
      }
      continue;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null)
      return { path: pathOf(item), message: 'expected a plain JSON object' };
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (key.length > MAX_JSON_STRING_CHARS)
        return { path: pathOf(item), message: `key too long: at most ${MAX_JSON_STRING_CHARS} characters` };
      const inner = (v as Record<string, unknown>)[key];
      if (inner === undefined) continue; // dropped by JSON, harmless
      stack.push({ value: inner, depth: item.depth + 1, parent: item, key });
    }
  }
  return null;
}

/** A plain JSON value, as `jsonProblem` admits it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Any bounded plain JSON value: typed as JSON and checked by the iterative `jsonProblem` (depth,
 * node count, string length), not by a recursive schema that a deep value would overflow.
 */
export const JsonValueSchema = z.custom<JsonValue>().superRefine((value, ctx) => {
  const problem = jsonProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});
