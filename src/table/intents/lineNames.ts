import type { TableDocs } from '../docLayout';
import { rootsOf } from '../docLayout';

/*
 * The names a log line keeps of the characters it concerns, as they were when it was written
 * (LogEntry `names`), so a character removed or renamed since still reads by name.
 */

/** Keys whose string values (or lists of them) may be token ids: `tokenId`, `targetIds`, an area's `id`. */
const ID_KEY = /^(id|.*Id|.*Ids)$/;

/** Every string an outcome holds under an id-like key (some are not tokens: `namesOf` skips those). */
export function idsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) idsIn(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (ID_KEY.test(key) && typeof inner === 'string') into.push(inner);
      else if (ID_KEY.test(key) && Array.isArray(inner))
        into.push(...inner.filter((v): v is string => typeof v === 'string'));
      else if (inner && typeof inner === 'object') idsIn(inner, into);
    }
  return into;
}

/** Token id → name for each of `ids` that is a token of the room now (undefined when none is). */
export function namesOf(docs: TableDocs, ids: readonly string[]): Record<string, string> | undefined {
  const names: Record<string, string> = {};
  let any = false;
  for (const id of new Set(ids)) {
    for (const doc of [docs.public, docs.secrets]) {
      const token = doc ? (rootsOf(doc).tokens.get(id) as { name?: unknown } | undefined) : undefined;
      if (typeof token?.name !== 'string' || Object.hasOwn(names, id)) continue;
      names[id] = token.name;
      any = true;
    }
  }
  return any ? names : undefined;
}
