import { AssetHashSchema } from '../../schema/asset';

/**
 * Strings shaped like an image id (a content hash) anywhere in a parsed value, at most `max`,
 * at most `maxDepth` levels deep: what a request could name, so the server can ask its storage
 * about each before the synchronous table code runs (room seeding, an intent's checks).
 */
export function imageIdsIn(value: unknown, max: number, maxDepth = 32): Set<string> {
  const found = new Set<string>();
  const walk = (item: unknown, depth: number): void => {
    if (found.size >= max || depth > maxDepth) return;
    if (typeof item === 'string') {
      if (AssetHashSchema.safeParse(item).success) found.add(item);
    } else if (Array.isArray(item)) item.forEach((each) => walk(each, depth + 1));
    else if (typeof item === 'object' && item !== null)
      Object.values(item).forEach((each) => walk(each, depth + 1));
  };
  walk(value, 0);
  return found;
}
