import { SightCache, seesFootprint } from '../../grid/vision';
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

/** One sight cache per room (its public doc): a foe's move recomputes no one's sight. */
const caches = new WeakMap<object, SightCache>();
function cacheOf(key: object): SightCache {
  let c = caches.get(key);
  if (!c) caches.set(key, (c = new SightCache()));
  return c;
}

/**
 * What the party sees (fog of war, setting `vision: 'party'`): the union of every party
 * character's sight that is not defeated, by the attacks' own line of sight, unlimited range.
 * `moved` overrides where characters stand (a resolution's moves, before they are written).
 */
export function partySeen(
  state: TableState,
  cache: SightCache,
  moved: ReadonlyMap<string, CellData> = new Map(),
): Uint8Array | null {
  const map = state.map;
  if (!map) return null;
  const viewers = state.tokens
    .filter((t) => t.side === 'party' && t.combatant && t.state && !t.state.incapacitated)
    .map((t) => ({ id: t.id, cell: moved.get(t.id) ?? t.cell, size: t.size }));
  return cache.union(map, viewers, state.settings);
}

/**
 * The revealed foes a resolution moves out of the party's sight (fog of war): its log lines
 * must not reach players, or they would tell where the foe went. (A foe that stands still and
 * drops out of sight because the party moved tells nothing new: not listed.) Empty when fog is off.
 */
export function leavingSight(state: TableState, diff: TableDiff, docsKey: object): Set<string> {
  const out = new Set<string>();
  if (state.settings.vision !== 'party' || !state.map) return out;
  const moved = new Map<string, CellData>();
  for (const change of diff.tokens) if (change.cell) moved.set(change.tokenId, change.cell.after);
  if (moved.size === 0) return out;
  const seen = partySeen(state, cacheOf(docsKey), moved);
  if (!seen) return out;
  for (const t of state.tokens) {
    const cell = moved.get(t.id);
    if (t.side !== 'foes' || t.hidden || !cell) continue;
    if (!seesFootprint(seen, state.map.width, { cell, size: t.size })) out.add(t.id);
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

/** Whether `sight` covers a footprint (no sight: no map, nothing seen). */
function sees(sight: { seen: Uint8Array; width: number } | null, cell: CellData, size: number): boolean {
  return sight !== null && seesFootprint(sight.seen, sight.width, { cell, size });
}

/**
 * Fog of war, inside an open transaction of both docs: every revealed foe the party cannot see
 * goes to the secrets doc (players' docs drop it, as a hidden token), marked `outOfSight`; every
 * such foe the party sees again comes back, its stat block where the GM kept it. A foe the GM has
 * not revealed is never touched. With fog off, every foe it took away comes back. Answers whether
 * anything moved.
 */
export function applyPartySight(docs: TableDocs): boolean {
  if (!docs.secrets || !fogToFollow(docs)) return false;
  const state = readTableState(docs.public, docs.secrets);
  const sec = rootsOf(docs.secrets);
  const pub = rootsOf(docs.public);
  const fog = state.settings.vision === 'party';
  const seen = fog ? partySeen(state, cacheOf(docs.public)) : null;
  const width = state.map?.width ?? 0;
  if (seen && state.map) exploreSquares(docs, seen, state.map.width, state.map.height);
  let changed = false;
  for (const t of state.tokens) {
    if (t.side !== 'foes') continue;
    const inSight = !fog || (seen !== null && seesFootprint(seen, width, { cell: t.cell, size: t.size }));
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
  return changed;
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
  const raw = publicRootsOf(docs.public).settings.get('room') as { vision?: unknown } | undefined;
  if (raw?.vision === 'party') return true;
  for (const t of rootsOf(docs.secrets!).tokens.values())
    if ((t as { outOfSight?: unknown } | null)?.outOfSight !== undefined) return true;
  return false;
}

/** Fog of war is on in this room (and the docs can hide: the GM's, or the server's). */
export function fogOn(docs: TableDocs): boolean {
  // Read raw (every GM move asks): the settings are validated where they are written.
  const raw = publicRootsOf(docs.public).settings.get('room') as { vision?: unknown } | undefined;
  return docs.secrets !== undefined && raw?.vision === 'party';
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
  if (pub.tokens.has(tokenId) && token.side === 'foes' && !sees(partySightNow(docs), cell, token.size)) {
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
  if (hidden || token.side !== 'foes') {
    setTokenHiddenInTransaction(docs, tokenId, hidden, keepStatsHidden);
    if (sec.tokens.has(tokenId)) sec.tokens.set(tokenId, token);
    return;
  }
  if (!sees(partySightNow(docs), token.cell, token.size)) {
    // Out of sight: stays with the GM (stat block too), marked for its return.
    return takeOutOfSight(docs, token, markOf(keepStatsHidden));
  }
  if (sec.tokens.has(tokenId)) sec.tokens.set(tokenId, token);
  setTokenHiddenInTransaction(docs, tokenId, false, keepStatsHidden);
}

/** Whether the party sees a footprint now (fog of war on; the GM's or the server's docs). */
export function partySees(docs: TableDocs, cell: CellData, size: number): boolean {
  return sees(partySightNow(docs), cell, size);
}

/** What the party sees now, read from the docs (for writers placing many foes at once). */
export function partySightNow(docs: TableDocs): { seen: Uint8Array; width: number } | null {
  const state = readTableState(docs.public, docs.secrets);
  const seen = partySeen(state, cacheOf(docs.public));
  return seen && state.map ? { seen, width: state.map.width } : null;
}
