import type { CellData } from '../../schema/cell';
import type { StatBlock } from '../../schema/statBlock';
import { StatBlockSchema } from '../../schema/statBlock';
import type { Token } from '../../schema/token';
import { TokenSchema } from '../../schema/token';
import { formatIssues } from '../../schema/formatIssues';
import { createCombatant } from '../../rules/createCombatant';
import type { CombatantState, TableDocs } from '../docLayout';
import { combatantStateOf, GM_ORIGIN, publicRootsOf, rootsOf, transactBoth } from '../docLayout';
import { placeHealth, stateDocFor } from '../foeHealth';
import { readSettings } from '../readDoc';
import { readMapContent } from '../mapContent';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import { locateToken, requireSecrets, TableWriteError } from './locateToken';

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
  if (!parsed.success) throw new TableWriteError(formatIssues(parsed.error, 'token'));
  const token = parsed.data;
  if (
    rootsOf(docs.public).tokens.has(token.id) ||
    (docs.secrets && rootsOf(docs.secrets).tokens.has(token.id))
  ) {
    throw new TableWriteError(`a token with id '${token.id}' already exists`);
  }
  checkInside(docs, token.cell, token.size, `token '${token.id}'`);
  const statBlock = opts.statBlock ? StatBlockSchema.parse(opts.statBlock) : undefined;
  const tokenDoc = opts.hidden ? requireSecrets(docs, 'placing a hidden token') : docs.public;
  const statsDoc = opts.hidden || opts.statsHidden ? requireSecrets(docs, 'hiding stats') : docs.public;
  const state =
    opts.state ?? (statBlock && token.combatant ? newCombatantState(token, statBlock) : undefined);
  // A foe's HP goes to the secrets doc when the room keeps it from players (`foeHp`).
  const stateDoc = stateDocFor(docs, token, opts.hidden === true, readSettings(docs.public, []));
  transactBoth(docs, GM_ORIGIN, () => {
    rootsOf(tokenDoc).tokens.set(token.id, token);
    if (statBlock) rootsOf(statsDoc).statBlocks.set(token.id, statBlock);
    if (state) rootsOf(stateDoc).combatants.set(token.id, state);
    placeHealth(docs, token.id);
  });
}

/** GM drag: puts a token's footprint at `cell` (no movement rules; players move by intent). */
export function moveToken(docs: TableDocs, tokenId: string, cell: CellData): void {
  const { doc } = locateToken(docs, tokenId);
  const tokens = rootsOf(doc).tokens;
  const token = TokenSchema.parse(tokens.get(tokenId));
  checkInside(docs, cell, token.size, `token '${tokenId}'`);
  doc.transact(() => tokens.set(tokenId, { ...token, cell: { x: cell.x, y: cell.y } }), GM_ORIGIN);
}

/** Edits a token's own fields (name, size, side, owners); id and position stay. */
export function updateToken(docs: TableDocs, tokenId: string, patch: Partial<Omit<Token, 'id'>>): void {
  const { doc } = locateToken(docs, tokenId);
  const tokens = rootsOf(doc).tokens;
  const next = TokenSchema.safeParse({ ...(tokens.get(tokenId) as object), ...patch, id: tokenId });
  if (!next.success) throw new TableWriteError(formatIssues(next.error, `token '${tokenId}'`));
  checkInside(docs, next.data.cell, next.data.size, `token '${tokenId}'`);
  transactBoth(docs, GM_ORIGIN, () => {
    tokens.set(tokenId, next.data);
    placeHealth(docs, tokenId); // a side change changes whether players get its HP
  });
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
    publicRootsOf(docs.public).shownStates.delete(tokenId);
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
  if (!parsed.success) throw new TableWriteError(formatIssues(parsed.error, `stat block of '${tokenId}'`));
  const pub = rootsOf(docs.public);
  const secretNow =
    !pub.statBlocks.has(tokenId) && !!docs.secrets && rootsOf(docs.secrets).statBlocks.has(tokenId);
  const toSecrets = where.hidden || (hidden ?? secretNow);
  const target = toSecrets ? rootsOf(requireSecrets(docs, 'hidden stats')) : pub;
  transactBoth(docs, GM_ORIGIN, () => {
    pub.statBlocks.delete(tokenId);
    if (docs.secrets) rootsOf(docs.secrets).statBlocks.delete(tokenId);
    target.statBlocks.set(tokenId, parsed.data);
    placeHealth(docs, tokenId); // bloodied is measured against the new Health
  });
}
