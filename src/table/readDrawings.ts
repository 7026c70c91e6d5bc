import type * as Y from 'yjs';
import type { Drawing } from '../schema/drawing';
import { DrawingSchema } from '../schema/drawing';
import { rootsOf } from './docLayout';

/**
 * The drawings of one doc's `drawings` root (public doc: the table layer; secrets doc: the GM's),
 * oldest first so later ones draw on top. Read leniently like every reader: a value that fails
 * the schema, or whose layer does not belong in this doc, is skipped.
 */
export function readDrawings(doc: Y.Doc, layer?: Drawing['layer']): Drawing[] {
  const out: Drawing[] = [];
  rootsOf(doc).drawings.forEach((raw, key) => {
    const drawing = parsedDrawing(raw);
    if (drawing && drawing.id === key && (!layer || drawing.layer === layer)) out.push(drawing);
  });
  return out.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
}

/**
 * Parsed once per stored value: a stored drawing never changes (erasing replaces nothing, it
 * deletes), and a stroke may hold a thousand points, so a layer is not re-parsed on each change.
 */
const parsed = new WeakMap<object, Drawing | null>();
function parsedDrawing(raw: unknown): Drawing | null {
  if (typeof raw !== 'object' || raw === null) return null;
  let hit = parsed.get(raw);
  if (hit === undefined) {
    const result = DrawingSchema.safeParse(raw);
    hit = result.success ? result.data : null;
    parsed.set(raw, hit);
  }
  return hit;
}
