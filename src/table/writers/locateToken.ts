import type * as Y from 'yjs';
import type { TableDocs } from '../docLayout';
import { rootsOf } from '../docLayout';

/** Thrown by writers for a request that cannot be done; the message says why, for the GM's UI. */
export class TableWriteError extends Error {}

/** Which doc holds a token: the public doc (visible) or the secrets doc (hidden). */
export function locateToken(docs: TableDocs, tokenId: string): { doc: Y.Doc; hidden: boolean } {
  if (rootsOf(docs.public).tokens.has(tokenId)) return { doc: docs.public, hidden: false };
  if (docs.secrets && rootsOf(docs.secrets).tokens.has(tokenId)) return { doc: docs.secrets, hidden: true };
  throw new TableWriteError('that token is no longer on the table');
}

/** What a write error calls a token: its stored name, so the GM reads a name and never an id. */
export function tokenName(docs: TableDocs, tokenId: string): string {
  for (const doc of [docs.public, docs.secrets]) {
    const name = (doc && (rootsOf(doc).tokens.get(tokenId) as { name?: unknown } | undefined))?.name;
    if (typeof name === 'string' && name) return name;
  }
  return 'that token';
}

/** The GM writers need both docs. */
export function requireSecrets(docs: TableDocs, what: string): Y.Doc {
  if (!docs.secrets) throw new TableWriteError(`${what} needs the GM's secrets document`);
  return docs.secrets;
}
