import { SightCache } from '../../grid/vision';
import type { CellData } from '../../schema/cell';
import type { TableDiff } from '../../schema/tableDiff';
import type { Token } from '../../schema/token';
import { TokenSchema } from '../../schema/token';
import type { TableDocs } from '../docLayout';
import { publicRootsOf, rootsOf } from '../docLayout';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import type { TableState } from '../snapshot';
import { readTableState } from '../snapshot';
import { readActiveScene } from '../scenes/readScenes';
import { addSquares, decodeSquares, encodeSquares } from './squareSet';
import type { TableSight } from './tableSight';
import { fullTurnOrder, writeTurnOrder } from './turnSight';
import { fogModeOf, looks, tableSight } from './tableSight';

/** One sight cache per room (its public doc): a foe's move recomputes no one's sight. */
const caches = new WeakMap<object, SightCache>();
export function cacheOf(key: object): SightCache {
  let c = caches.get(key);
  if (!c) caches.set(key, (c = new SightCache()));
  return c;
}

/**
 * The revealed tokens a resolution moves where not every player may see them (fog of war): its
 * log lines must not reach those players, or they would tell where it went. (A token that stands
 * still and drops out of sight because the party moved tells nothing new: not listed.) Empty when
 * fog is off.
 */
export function leavingSight(state: TableState, diff: TableDiff, docsKey: object): Set<string> {
  const out = new Set<string>();
  if (fogModeOf(state.settings) === null || !state.map) return out;
  const moved = new Map<string, CellData>();
  for (const change of diff.tokens) if (change.cell) moved.set(change.tokenId, change.cell.after);
  if (moved.size === 0) return out;
  const sight = tableSight(state, cacheOf(docsKey), moved);
  if (!sight) return out;
  for (const t of state.tokens) {
    const cell = moved.get(t.id);
    if (!sight.subject(t) || t.hidden || !cell) continue;
    if (!sight.shows(t, cell)) out.add(t.id);
  }
  return out;
}

/** The mark of a foe fog took away: whether its stat block was the GM's while it was in sight. */
export const markOf = (statsHidden: boolean) =>
  statsHidden ? ('stats-hidden' as const) : ('stats-shown' as const);

/** Whether the GM keeps this token's stat block from players now. */
function statsKept(docs: TableDocs, tokenId: string): boolean {
  return !rootsOf(docs.public).statBlocks.has(tokenId) && rootsOf(docs.secrets!).statBlocks.has(tokenId);
}

/**
 * Takes a foe from players into the GM's tokens, marked for its return (inside the caller's
 * transaction), standing on `cell` (default: where it is). Players' docs only lose it.
 */
function takeOutOfSight(
  docs: TableDocs,
  token: Token,
  mark: 'stats-hidden' | 'stats-shown',
  cell?: CellData,
): void {
  setTokenHiddenInTransaction(docs, token.id, true);
  const { outOfSight: _old, ...plain } = token;
  rootsOf(docs.secrets!).tokens.set(token.id, {
    ...plain,
    ...(cell ? { cell: { x: cell.x, y: cell.y } } : {}),
    outOfSight: mark,
  });
}

/**
 * Fog of war, inside an open transaction of both docs: every revealed token fog decides on
 * (`TableSight.subject`) that not every player may see goes to the secrets doc (players' docs
 * drop it, as a hidden token), marked `outOfSight`; every such token shown again comes back, its
 * stat block where the GM kept it. A token the GM has not revealed is never touched. With fog off,
 * every token it took away comes back. Answers whether anything moved.
 */
export function applyPartySight(docs: TableDocs, opts: { explore?: boolean } = {}): boolean {
  if (!docs.secrets || !fogToFollow(docs)) return false;
  const state = readTableState(docs.public, docs.secrets);
  const sec = rootsOf(docs.secrets);
  const pub = rootsOf(docs.public);
  const sight = tableSight(state, cacheOf(docs.public));
  if (opts.explore !== false && sight?.mode === 'party' && state.map)
    exploreSquares(docs, sight.union, state.map.width, state.map.height);
  let changed = false;
  for (const t of state.tokens) {
    const fogged = sight !== null && sight.subject(t);
    if (!fogged && !t.outOfSight) continue;
    const inSight = !fogged || sight.shows(t, t.cell);
    if (!t.hidden && !inSight) {
      const token = TokenSchema.safeParse(pub.tokens.get(t.id));
      if (token.success) takeOutOfSight(docs, token.data, markOf(statsKept(docs, t.id)));
      changed = true;
    } else if (t.hidden && t.outOfSight && inSight) {
      const { outOfSight, ...token } = t;
      const raw = TokenSchema.safeParse(sec.tokens.get(t.id));
      if (raw.success) {
        const { outOfSight: _gone, ...plain } = raw.data;
        sec.tokens.set(t.id, plain);
      }
      setTokenHiddenInTransaction(docs, token.id, false, outOfSight === 'stats-hidden');
      changed = true;
    }
  }
  // Whose turn it is, and who acted, only as far as players may see them.
  const order = fullTurnOrder(docs);
  if (order !== undefined) writeTurnOrder(docs, order);
  return changed;
}

/**
 * What the party sees now added to what it has explored (`party` fog), inside the caller's
 * transaction: the whole map's sight of each party character, so the server does it after an
 * intent is answered (src/table/vision/followPartySight.ts), never on its path.
 */
export function exploreParty(docs: TableDocs): void {
  const state = readTableState(docs.public, docs.secrets);
  const sight = tableSight(state, cacheOf(docs.public));
  if (sight?.mode === 'party' && state.map)
    exploreSquares(docs, sight.union, state.map.width, state.map.height);
}

/** Adds `seen` to what the party has explored of the active scene (a changed map size starts over). */
function exploreSquares(docs: TableDocs, seen: Uint8Array, width: number, height: number): void {
  const explored = publicRootsOf(docs.public).explored;
  const key = readActiveScene(docs.public)?.id ?? 'room';
  const old = explored.get(key);
  const squares =
    (typeof old === 'string' ? decodeSquares(old, width, height) : null) ?? new Uint8Array(width * height);
  if (addSquares(squares, seen) || old === undefined) explored.set(key, encodeSquares(squares));
}

/**
 * Whether fog of war has anything to do, read cheaply (every move of every room asks): it is on,
 * or a foe it took away still waits to come back.
 */
export function fogToFollow(docs: TableDocs): boolean {
  if (fogOn(docs)) return true;
  for (const t of rootsOf(docs.secrets!).tokens.values())
    if ((t as { outOfSight?: unknown } | null)?.outOfSight !== undefined) return true;
  return false;
}

/** Fog of war is on in this room (and the docs can hide: the GM's, or the server's). */
export function fogOn(docs: TableDocs): boolean {
  // Read raw (every GM move asks): the settings are validated where they are written.
  const raw = publicRootsOf(docs.public).settings.get('room') as { vision?: unknown } | undefined;
  return docs.secrets !== undefined && (raw?.vision === 'party' || raw?.vision === 'per-player');
}

/**
 * Moves a token under fog of war, inside an open transaction of both docs. A revealed foe whose
 * new square the party cannot see is taken from players first and moved among the GM's tokens,
 * so players' docs only lose it where they last saw it (never learn where it went); then
 * everyone's visibility follows the move (a party character's step may show or hide foes).
 * Answers whether the token ended in the secrets doc.
 */
export function moveUnderFog(docs: TableDocs, tokenId: string, cell: CellData): boolean {
  const sec = rootsOf(docs.secrets!);
  const pub = rootsOf(docs.public);
  const token = TokenSchema.parse(pub.tokens.get(tokenId) ?? sec.tokens.get(tokenId));
  const sight = sightNow(docs);
  if (pub.tokens.has(tokenId) && sight?.subject(token) && !sight.shows(token, cell)) {
    takeOutOfSight(docs, token, markOf(statsKept(docs, tokenId)), cell);
    applyPartySight(docs);
    return true;
  }
  const roots = pub.tokens.has(tokenId) ? pub : sec;
  roots.tokens.set(tokenId, { ...token, cell: { x: cell.x, y: cell.y } });
  applyPartySight(docs);
  return sec.tokens.has(tokenId);
}

/**
 * The GM reveals (or hides) a token under fog of war, inside an open transaction of both docs: a
 * revealed foe the party cannot see stays among the GM's tokens, marked to come back when seen,
 * so players are never sent it; hiding clears the mark (the GM's hidden stays hidden when seen).
 */
export function setHiddenUnderFog(
  docs: TableDocs,
  tokenId: string,
  hidden: boolean,
  keepStatsHidden: boolean,
): void {
  const sec = rootsOf(docs.secrets!);
  const raw = TokenSchema.safeParse(sec.tokens.get(tokenId) ?? rootsOf(docs.public).tokens.get(tokenId));
  if (!raw.success) return setTokenHiddenInTransaction(docs, tokenId, hidden, keepStatsHidden);
  const { outOfSight: _mark, ...token } = raw.data;
  const sight = sightNow(docs);
  if (hidden || !sight?.subject(token)) {
    setTokenHiddenInTransaction(docs, tokenId, hidden, keepStatsHidden);
    if (sec.tokens.has(tokenId)) sec.tokens.set(tokenId, token);
    return;
  }
  if (!sight.shows(token, token.cell)) {
    // Out of sight: stays with the GM (stat block too), marked for its return.
    return takeOutOfSight(docs, token, markOf(keepStatsHidden));
  }
  if (sec.tokens.has(tokenId)) sec.tokens.set(tokenId, token);
  setTokenHiddenInTransaction(docs, tokenId, false, keepStatsHidden);
}

/** Whether every player may be sent `token` standing on `cell` now (fog of war on; the GM's or the server's docs). */
export function shownNow(
  docs: TableDocs,
  token: Pick<Token, 'id' | 'side' | 'size'>,
  cell: CellData,
): boolean {
  const sight = sightNow(docs);
  return sight === null || !sight.subject(token) || sight.shows(token, cell);
}

/** The table's sight now, read from the docs (for writers placing many tokens at once). */
export function sightNow(docs: TableDocs): TableSight | null {
  return tableSight(readTableState(docs.public, docs.secrets), cacheOf(docs.public));
}

/** What the party sees together now (the GM's fog brush keeps it explored). */
export function partySightNow(docs: TableDocs): { seen: Uint8Array; width: number } | null {
  const sight = sightNow(docs);
  return sight ? { seen: sight.union, width: sight.width } : null;
}

/** What one player's characters see together now (per-player fog; the GM's fog brush keeps it explored). */
export function playerSightNow(
  docs: TableDocs,
  player: { readonly characterIds: readonly string[] },
): Uint8Array | null {
  const state = readTableState(docs.public, docs.secrets);
  if (!state.map) return null;
  const viewers = state.tokens
    .filter((t) => looks(t) && t.ownerIds.some((o) => player.characterIds.includes(o)))
    .map((t) => ({ id: t.id, cell: t.cell, size: t.size }));
  return cacheOf(docs.public).union(state.map, viewers, state.settings);
}
