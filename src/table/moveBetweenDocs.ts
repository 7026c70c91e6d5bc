import type { TableDocs } from './docLayout';
import { rootsOf } from './docLayout';
import { placeHealth, stateDocFor } from './foeHealth';
import { readSettings } from './readDoc';
import { TokenSchema } from '../schema/token';

/**
 * Reveal/hide inside an open transaction: moves a token and its combatant state between the
 * secrets doc (hidden) and the public doc (visible). The stat block follows unless
 * `keepStatsHidden` (then it sits in the secrets doc while the token is visible); the state stays
 * in the secrets doc when the room keeps the foe's HP from players (`foeHp`, src/table/foeHealth.ts).
 * Call inside `transactBoth` so each doc changes in one transaction.
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
    from.tokens.delete(tokenId);
    to.tokens.set(tokenId, token);
    // The state goes where it is kept for the token's new visibility (and the room's `foeHp`).
    const state = sec.combatants.get(tokenId) ?? pub.combatants.get(tokenId);
    const parsed = TokenSchema.safeParse(token);
    const homeDoc = parsed.success
      ? stateDocFor(docs, parsed.data, hidden, readSettings(docs.public, []))
      : hidden
        ? docs.secrets
        : docs.public;
    const [home, away] = homeDoc === docs.public ? [pub, sec] : [sec, pub];
    if (state !== undefined) {
      if (away.combatants.has(tokenId)) away.combatants.delete(tokenId);
      if (home.combatants.get(tokenId) !== state) home.combatants.set(tokenId, state);
    }
  }
  const statBlock = pub.statBlocks.get(tokenId) ?? sec.statBlocks.get(tokenId);
  if (statBlock !== undefined) {
    pub.statBlocks.delete(tokenId);
    sec.statBlocks.delete(tokenId);
    (hidden || keepStatsHidden ? sec : pub).statBlocks.set(tokenId, statBlock);
  }
  placeHealth(docs, tokenId);
}
