import type * as Y from 'yjs';
import { DOC_ROOTS, rootNamesIn, type RoomDoc } from './docRoots';

/** An image's id: the SHA-256 of its bytes in lowercase hex (src/schema/asset.ts). */
const IMAGE_ID = /^[0-9a-f]{64}$/;
/** How deep a stored value is searched (a stat block nests its portrait one level down). */
const MAX_DEPTH = 8;

const named = new WeakMap<Y.Doc, ReadonlySet<string>>();
const watched = new WeakSet<Y.Doc>();

/**
 * Every image (content hash) the values of `doc`'s image roots name (DOC_ROOTS `images`: the
 * battlemap, stat blocks' portraits, handouts), as `which` doc holds them. The server lets a
 * player fetch only these of their docs' images (src/server/assets/assetRoutes.ts). Cached per
 * doc until one of those roots changes: image tiles are asked for by the hundred, the roots
 * change seldom (a move or a roll changes none of them).
 */
export function imagesNamedBy(doc: Y.Doc, which: RoomDoc): ReadonlySet<string> {
  const cached = named.get(doc);
  if (cached) return cached;
  const roots = rootNamesIn(which)
    .filter((name) => 'images' in DOC_ROOTS[name])
    .map((name) =>
      DOC_ROOTS[name].type === 'map' ? doc.getMap<unknown>(name) : doc.getArray<unknown>(name),
    );
  if (!watched.has(doc)) {
    watched.add(doc);
    for (const root of roots) root.observeDeep(() => named.delete(doc));
  }
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      if (IMAGE_ID.test(value)) found.add(value);
    } else if (value && typeof value === 'object' && depth < MAX_DEPTH)
      for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  for (const root of roots) root.forEach((value: unknown) => walk(value, 0));
  named.set(doc, found);
  return found;
}
