import type * as Y from 'yjs';
import { MAX_JSON_DEPTH } from '../schema/json';

/**
 * Stored values nested deeper than any write accepts (MAX_JSON_DEPTH) can only come from an older
 * build or a hand-edited database. The server may still decode them (Node's stack is deep), but a
 * browser's lib0 reader runs out of stack on the way in: sending such a room would break every
 * page that opens it. So a room is checked once when it loads, and refused if any root value nests
 * deeper than the bound. Generic over root types (a root is read before anyone typed it).
 */
export function storedNestingProblem(doc: Y.Doc): string | null {
  for (const [root, type] of doc.share) {
    const values: unknown[] = [];
    type._map.forEach((item) => {
      if (!item.deleted) values.push(...item.content.getContent());
    });
    for (let item = type._start; item !== null; item = item.right)
      if (!item.deleted) values.push(...item.content.getContent());
    for (const value of values)
      if (nestingOf(value) > MAX_JSON_DEPTH)
        return `'${root}' holds a value nested deeper than ${MAX_JSON_DEPTH} levels`;
  }
  return null;
}

/** Levels of nesting of a plain value, counted without recursion (it may be thousands deep). */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest; // enough to refuse
    for (const inner of Array.isArray(v) ? v : Object.values(v)) stack.push([inner, depth + 1]);
  }
  return deepest;
}
