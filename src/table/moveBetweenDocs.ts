import type { TableDocs } from './docLayout';
import { rootsOf } from './docLayout';

/**
 * Reveal/hide inside an open transaction: moves a token and its combatant state between the
 * secrets doc (hidden) and the public doc (visible). The stat block follows unless
 * `keepStatsHidden` (then it sits in the secrets doc while the token is visible). Call inside
 * `transactBoth` so each doc changes in one transaction.
 */
export function setTokenHiddenInTransaction(
  docs: TableDocs,
  tokenId: string,
  hidden: boolean,
  keepStatsHidden = false,
): void {
  if (!docs.secrets) throw new Error('hiding and revealing need the secrets document');
  const pub = rootsOf(docs.public);
  const sec = rootsOf(docs.secrets);
  const isHidden = sec.tokens.has(tokenId);
  if (!isHidden && !pub.tokens.has(tokenId)) throw new Error(`no token with id '${tokenId}' in this room`);
  const from = isHidden ? sec : pub;
  const to = hidden ? sec : pub;
  if (isHidden !== hidden) {
    const token = from.tokens.get(tokenId);
    const state = from.combatants.get(tokenId);
    from.tokens.delete(tokenId);
    from.combatants.delete(tokenId);
    to.tokens.set(tokenId, token);
    if (state !== undefined) to.combatants.set(tokenId, state);
  }
  const statBlock = pub.statBlocks.get(tokenId) ?? sec.statBlocks.get(tokenId);
  if (statBlock !== undefined) {
    pub.statBlocks.delete(tokenId);
    sec.statBlocks.delete(tokenId);
    (hidden || keepStatsHidden ? sec : pub).statBlocks.set(tokenId, statBlock);
  }
}
