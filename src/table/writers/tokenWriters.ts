import type { CellData } from '../../schema/cell';
import type { StatBlock } from '../../schema/statBlock';
import { StatBlockSchema } from '../../schema/statBlock';
import type { Token } from '../../schema/token';
import { TokenSchema } from '../../schema/token';
import { issueSentences } from '../../schema/issueSentence';
import { createCombatant } from '../../rules/createCombatant';
import type { Side } from '../../schema/cell';
import type { CombatantState, TableDocs } from '../docLayout';
import {
  combatantStateOf,
  CombatantStateSchema,
  GM_ORIGIN,
  newId,
  publicRootsOf,
  rootsOf,
  transactBoth,
} from '../docLayout';
import { LogEntrySchema } from '../../schema/logEntry';
import { placeHealth, stateDocFor, stateDocOf } from '../foeHealth';
import { readSettings } from '../readDoc';
import { readMapContent } from '../mapContent';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import { fogOn, markOf, moveUnderFog, setHiddenUnderFog, shownNow } from '../vision/partySight';
import { nameForNewToken } from '../tokenNames';
import { placeStatBlock, statsBelongInSecrets } from '../placeStatBlock';
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
  // Fog of war: a token placed where not every player may see it is placed with the GM's
  // tokens, marked to come to players when seen (never sent to them before).
  const unseen = !opts.hidden && fogOn(docs) && !shownNow(docs, parsed.data, parsed.data.cell);
  const token = {
    ...parsed.data,
    name: named.name,
    ...(unseen ? { outOfSight: markOf(opts.statsHidden === true) } : {}),
  };
  opts = unseen ? { ...opts, hidden: true } : opts;
  checkInside(docs, token.cell, token.size, token.name);
  const statBlock = opts.statBlock ? StatBlockSchema.parse(opts.statBlock) : undefined;
  const tokenDoc = opts.hidden ? requireSecrets(docs, 'placing a hidden token') : docs.public;
  const statsDoc = opts.hidden || opts.statsHidden ? requireSecrets(docs, 'hiding stats') : docs.public;
  const state =
    opts.state ?? (statBlock && token.combatant ? newCombatantState(token, statBlock) : undefined);
  // A foe's HP goes to the secrets doc when the room keeps it from players (`foeHp`).
  const stateDoc = stateDocFor(docs, token, opts.hidden === true, readSettings(docs.public, []));
  transactBoth(docs, GM_ORIGIN, () => {
    for (const { id, name } of named.renames) renameInTransaction(docs, id, name);
    rootsOf(tokenDoc).tokens.set(token.id, token);
    if (statBlock) rootsOf(statsDoc).statBlocks.set(token.id, statBlock);
    if (state) rootsOf(stateDoc).combatants.set(token.id, state);
    placeHealth(docs, token.id);
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
  // Fog of war: a foe moved out of the party's sight leaves players' docs where they saw it.
  if (fogOn(docs)) return void transactBoth(docs, GM_ORIGIN, () => moveUnderFog(docs, tokenId, cell));
  doc.transact(() => tokens.set(tokenId, { ...token, cell: { x: cell.x, y: cell.y } }), GM_ORIGIN);
}

/**
 * GM free placement in combat (Shift-drag, docs/ui.md "The GM moves tokens"): the token goes to
 * `cell` with no movement spent and no rules checked, and the log says so in the SAME
 * transaction, so players know why a foe jumped and one Ctrl+Z takes back both. A hidden token's
 * line stays in the secrets doc with it.
 */
export function placeTokenFreely(docs: TableDocs, tokenId: string, cell: CellData): void {
  const { doc, hidden } = locateToken(docs, tokenId);
  const roots = rootsOf(doc);
  const token = TokenSchema.parse(roots.tokens.get(tokenId));
  checkInside(docs, cell, token.size, token.name);
  // The fight knows a character by its combat name (it may differ from the token's label).
  const state = roots.combatants.get(tokenId) as { name?: unknown } | undefined;
  const name = typeof state?.name === 'string' && state.name ? state.name : token.name;
  const line = LogEntrySchema.parse({
    id: newId('l'),
    at: Date.now(),
    kind: 'move',
    actor: 'gm',
    summary: `${name} placed by the GM at (${cell.x},${cell.y}): a free placement, no movement spent`,
    details: [`from (${token.cell.x},${token.cell.y})`],
    gmOnly: hidden,
  });
  if (fogOn(docs)) {
    // Fog of war: the line stays with the GM when the foe ends where the party cannot see it.
    return void transactBoth(docs, GM_ORIGIN, () => {
      const gone = moveUnderFog(docs, tokenId, cell);
      const log = rootsOf(gone ? docs.secrets! : docs.public).log;
      log.insert(log.length, [{ ...line, gmOnly: gone }]);
    });
  }
  doc.transact(() => {
    roots.tokens.set(tokenId, { ...token, cell: { x: cell.x, y: cell.y } });
    roots.log.insert(roots.log.length, [line]); // by index: push walks the list
  }, GM_ORIGIN);
}

/**
 * Edits a token's own fields (name, size, side, owners); id and position stay. A new name or
 * side also goes into the combatant state, where the table reads a combatant's name and side
 * (issue 12, dead end 2: a rename of the token alone showed nowhere), in the same transaction.
 */
export function updateToken(docs: TableDocs, tokenId: string, patch: Partial<Omit<Token, 'id'>>): void {
  const { doc } = locateToken(docs, tokenId);
  const roots = rootsOf(doc);
  const next = TokenSchema.safeParse({ ...(roots.tokens.get(tokenId) as object), ...patch, id: tokenId });
  if (!next.success) throw new TableWriteError(`${tokenName(docs, tokenId)} — ${issueSentences(next.error)}`);
  checkInside(docs, next.data.cell, next.data.size, next.data.name);
  // The combatant state may live in the other doc (a foe whose HP players do not get: `foeHp`).
  const stateRoots = rootsOf(stateDocOf(docs, tokenId));
  const current = CombatantStateSchema.safeParse(stateRoots.combatants.get(tokenId));
  const state =
    current.success && (patch.name !== undefined || patch.side !== undefined)
      ? { ...current.data, name: next.data.name, side: next.data.side }
      : undefined;
  transactBoth(docs, GM_ORIGIN, () => {
    roots.tokens.set(tokenId, next.data);
    if (state) stateRoots.combatants.set(tokenId, state);
    placeHealth(docs, tokenId); // a side change changes whether players get its HP
  });
}

/** What the "Place a token" form asks for a new combatant (issue 12, dead end 2). */
export interface QuickStats {
  readonly name: string;
  readonly side: Side;
  readonly size: number;
  /** Maximum HP; ICON counts HP in fours (4 × Health), so this is rounded up to a multiple of 4. */
  readonly hp: number;
  readonly defense: number;
  readonly speed: number;
}

/**
 * A minimal stat block from the place form, enough to take turns and be attacked: a party
 * member of Size 1 is built like a player character (basic melee and ranged attacks), anything
 * else as a normal foe (acts through abilities the GM adds later). No armor, attack bonus 0.
 */
export function quickStatBlock(q: QuickStats): StatBlock {
  const shared = {
    name: q.name,
    health: Math.max(1, Math.ceil(q.hp / 4)),
    defense: Math.max(0, Math.floor(q.defense)),
    armor: 0,
    speed: Math.max(0, Math.floor(q.speed)),
    attackBonus: 0,
    frayDamage: 1,
    damageDie: 6 as const,
  };
  const block =
    q.side === 'party' && q.size === 1
      ? { kind: 'pc', ...shared, basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } } }
      : { kind: 'foe', ...shared, size: q.size };
  const parsed = StatBlockSchema.safeParse(block);
  if (!parsed.success) throw new TableWriteError(`${q.name} — ${issueSentences(parsed.error)}`);
  return parsed.data;
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
  const fog = fogOn(docs);
  transactBoth(docs, GM_ORIGIN, () =>
    (fog ? setHiddenUnderFog : setTokenHiddenInTransaction)(
      docs,
      tokenId,
      hidden,
      opts.keepStatsHidden === true,
    ),
  );
}

/** `setTokenHidden` for several tokens in one transaction: one step of the GM's undo history. */
export function setTokensHidden(docs: TableDocs, tokenIds: readonly string[], hidden: boolean): void {
  requireSecrets(docs, hidden ? 'hiding tokens' : 'revealing tokens');
  for (const id of tokenIds) locateToken(docs, id);
  const fog = fogOn(docs);
  transactBoth(docs, GM_ORIGIN, () => {
    for (const id of tokenIds)
      (fog ? setHiddenUnderFog : setTokenHiddenInTransaction)(docs, id, hidden, false);
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
  const toSecrets = where.hidden || (hidden ?? statsBelongInSecrets(docs, tokenId));
  if (toSecrets) requireSecrets(docs, 'hidden stats');
  transactBoth(docs, GM_ORIGIN, () => placeStatBlock(docs, tokenId, parsed.data, toSecrets));
}
