import type { CellData } from '../../schema/cell';
import type { StatBlock } from '../../schema/statBlock';
import { StatBlockSchema } from '../../schema/statBlock';
import type { Token } from '../../schema/token';
import { TokenSchema } from '../../schema/token';
import { issueSentences } from '../../schema/issueSentence';
import { createCombatant } from '../../rules/createCombatant';
import type { CombatantState, TableDocs } from '../docLayout';
import { combatantStateOf, GM_ORIGIN, rootsOf, transactBoth } from '../docLayout';
import { readMapContent } from '../mapContent';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import { nameForNewToken } from '../tokenNames';
import { locateToken, requireSecrets, TableWriteError, tokenName } from './locateToken';

/** Fresh combatant state for a token entering the fight: full HP, nothing spent. */
export function newCombatantState(
  token: Pick<Token, 'id' | 'name' | 'side'>,
  statBlock: StatBlock,
): CombatantState {
  return combatantStateOf(createCombatant(statBlock, { id: token.id, name: token.name, side: token.side }));
}

export interface PlaceTokenOptions {
  /** Put it in the secrets doc (unrevealed foe, hidden trap marker). */
  hidden?: boolean;
  statBlock?: StatBlock;
  /** Keep the stat block in the secrets doc even while the token is visible. */
  statsHidden?: boolean;
  /** Starting state; defaults to full HP from the stat block. */
  state?: CombatantState;
}

function checkInside(docs: TableDocs, cell: CellData, size: number, what: string): void {
  const map = readMapContent(docs.public);
  if (map && (cell.x + size > map.width || cell.y + size > map.height)) {
    throw new TableWriteError(
      `${what} at (${cell.x},${cell.y}) does not fit on the ${map.width}×${map.height} map`,
    );
  }
}

/** Adds a token (and its stat block and combatant state) in one transaction per doc. */
export function placeToken(docs: TableDocs, tokenInput: Token, opts: PlaceTokenOptions = {}): void {
  const parsed = TokenSchema.safeParse(tokenInput);
  if (!parsed.success) throw new TableWriteError(`New token — ${issueSentences(parsed.error)}`);
  if (
    rootsOf(docs.public).tokens.has(parsed.data.id) ||
    (docs.secrets && rootsOf(docs.secrets).tokens.has(parsed.data.id))
  ) {
    throw new TableWriteError(`${tokenName(docs, parsed.data.id)} is already on the table`);
  }
  // A second "Foe" is placed as "Foe 2" and the first becomes "Foe 1" (issue 12).
  const named = nameForNewToken(parsed.data.name, tokensIn(docs));
  const token = { ...parsed.data, name: named.name };
  checkInside(docs, token.cell, token.size, token.name);
  const statBlock = opts.statBlock ? StatBlockSchema.parse(opts.statBlock) : undefined;
  const tokenDoc = opts.hidden ? requireSecrets(docs, 'placing a hidden token') : docs.public;
  const statsDoc = opts.hidden || opts.statsHidden ? requireSecrets(docs, 'hiding stats') : docs.public;
  const state =
    opts.state ?? (statBlock && token.combatant ? newCombatantState(token, statBlock) : undefined);
  transactBoth(docs, GM_ORIGIN, () => {
    for (const { id, name } of named.renames) renameInTransaction(docs, id, name);
    rootsOf(tokenDoc).tokens.set(token.id, token);
    if (statBlock) rootsOf(statsDoc).statBlocks.set(token.id, statBlock);
    if (state) rootsOf(tokenDoc).combatants.set(token.id, state);
  });
}

/** Every token of the room the writer can see (both docs for the GM), as stored. */
function tokensIn(docs: TableDocs): Token[] {
  const out: Token[] = [];
  for (const doc of docs.secrets ? [docs.public, docs.secrets] : [docs.public]) {
    rootsOf(doc).tokens.forEach((raw) => {
      const t = TokenSchema.safeParse(raw);
      if (t.success) out.push(t.data);
    });
  }
  return out;
}

/** Renames a token and its combatant in whichever doc holds them (inside a transaction). */
function renameInTransaction(docs: TableDocs, tokenId: string, name: string): void {
  const { doc } = locateToken(docs, tokenId);
  const roots = rootsOf(doc);
  roots.tokens.set(tokenId, { ...(roots.tokens.get(tokenId) as Token), name });
  const state = roots.combatants.get(tokenId) as CombatantState | undefined;
  if (state) roots.combatants.set(tokenId, { ...state, name });
}

/** GM drag: puts a token's footprint at `cell` (no movement rules; players move by intent). */
export function moveToken(docs: TableDocs, tokenId: string, cell: CellData): void {
  const { doc } = locateToken(docs, tokenId);
  const tokens = rootsOf(doc).tokens;
  const token = TokenSchema.parse(tokens.get(tokenId));
  checkInside(docs, cell, token.size, token.name);
  doc.transact(() => tokens.set(tokenId, { ...token, cell: { x: cell.x, y: cell.y } }), GM_ORIGIN);
}

/** Edits a token's own fields (name, size, side, owners); id and position stay. */
export function updateToken(docs: TableDocs, tokenId: string, patch: Partial<Omit<Token, 'id'>>): void {
  const { doc } = locateToken(docs, tokenId);
  const tokens = rootsOf(doc).tokens;
  const next = TokenSchema.safeParse({ ...(tokens.get(tokenId) as object), ...patch, id: tokenId });
  if (!next.success) throw new TableWriteError(`${tokenName(docs, tokenId)} — ${issueSentences(next.error)}`);
  checkInside(docs, next.data.cell, next.data.size, next.data.name);
  doc.transact(() => tokens.set(tokenId, next.data), GM_ORIGIN);
}

/** Removes a token with its stat block, state and note from whichever docs hold them. */
export function removeToken(docs: TableDocs, tokenId: string): void {
  locateToken(docs, tokenId);
  transactBoth(docs, GM_ORIGIN, () => {
    for (const doc of [docs.public, docs.secrets]) {
      if (!doc) continue;
      const roots = rootsOf(doc);
      roots.tokens.delete(tokenId);
      roots.statBlocks.delete(tokenId);
      roots.combatants.delete(tokenId);
      doc.getMap('notes').delete(tokenId);
    }
  });
}

/**
 * Moves a token between docs: 'reveal' = secrets → public (players start receiving it),
 * 'hide' = public → secrets (players' docs drop it). Its combatant state goes with it; the stat
 * block goes too unless `keepStatsHidden` (then it stays in, or moves to, the secrets doc).
 */
export function setTokenHidden(
  docs: TableDocs,
  tokenId: string,
  hidden: boolean,
  opts: { keepStatsHidden?: boolean } = {},
): void {
  requireSecrets(docs, hidden ? 'hiding a token' : 'revealing a token');
  locateToken(docs, tokenId);
  transactBoth(docs, GM_ORIGIN, () =>
    setTokenHiddenInTransaction(docs, tokenId, hidden, opts.keepStatsHidden === true),
  );
}

/** `setTokenHidden` for several tokens in one transaction: one step of the GM's undo history. */
export function setTokensHidden(docs: TableDocs, tokenIds: readonly string[], hidden: boolean): void {
  requireSecrets(docs, hidden ? 'hiding tokens' : 'revealing tokens');
  for (const id of tokenIds) locateToken(docs, id);
  transactBoth(docs, GM_ORIGIN, () => {
    for (const id of tokenIds) setTokenHiddenInTransaction(docs, id, hidden, false);
  });
}

/** Replaces a token's stat block ("edit stats"); `hidden` keeps it in the secrets doc. */
export function setStatBlock(
  docs: TableDocs,
  tokenId: string,
  statBlockInput: StatBlock,
  hidden?: boolean,
): void {
  const where = locateToken(docs, tokenId);
  const parsed = StatBlockSchema.safeParse(statBlockInput);
  if (!parsed.success)
    throw new TableWriteError(`${tokenName(docs, tokenId)}'s stats — ${issueSentences(parsed.error)}`);
  const pub = rootsOf(docs.public);
  const secretNow =
    !pub.statBlocks.has(tokenId) && !!docs.secrets && rootsOf(docs.secrets).statBlocks.has(tokenId);
  const toSecrets = where.hidden || (hidden ?? secretNow);
  const target = toSecrets ? rootsOf(requireSecrets(docs, 'hidden stats')) : pub;
  transactBoth(docs, GM_ORIGIN, () => {
    pub.statBlocks.delete(tokenId);
    if (docs.secrets) rootsOf(docs.secrets).statBlocks.delete(tokenId);
    target.statBlocks.set(tokenId, parsed.data);
  });
}
