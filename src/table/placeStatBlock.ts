import type { StatBlock } from '../schema/statBlock';
import type { TableDocs } from './docLayout';
import { rootsOf } from './docLayout';
import { placeHealth } from './foeHealth';

/**
 * Whether a token's stat block belongs in the GM's secrets doc: a hidden token's always, a shown
 * token's when its stats are kept hidden (held in secrets and not in public).
 */
export function statsBelongInSecrets(docs: TableDocs, tokenId: string): boolean {
  if (!docs.secrets) return false;
  const pub = rootsOf(docs.public);
  const secrets = rootsOf(docs.secrets);
  if (!pub.tokens.has(tokenId) && secrets.tokens.has(tokenId)) return true;
  return !pub.statBlocks.has(tokenId) && secrets.statBlocks.has(tokenId);
}

/**
 * Store a checked stat block in one doc only (the secrets doc when `secret`), and place the
 * token's health again: bloodied is measured against the new Health. The one way both the GM's
 * stat editor and an intent (a character sheet change) write stats. Call inside a transaction
 * over both docs.
 */
export function placeStatBlock(docs: TableDocs, tokenId: string, block: StatBlock, secret: boolean): void {
  if (secret && !docs.secrets) throw new Error("hidden stats need the GM's secrets document");
  const pub = rootsOf(docs.public);
  const secrets = docs.secrets ? rootsOf(docs.secrets) : undefined;
  (secret ? pub : secrets)?.statBlocks.delete(tokenId);
  (secret ? secrets! : pub).statBlocks.set(tokenId, block);
  placeHealth(docs, tokenId);
}
