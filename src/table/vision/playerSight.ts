import type * as Y from 'yjs';
import type { SightCache } from '../../grid/vision';
import type { Token } from '../../schema/token';
import type { TableDocs } from '../docLayout';
import { channelRootsOf, secretRootsOf } from '../docLayout';
import { readActiveScene } from '../scenes/readScenes';
import { hpShownExactly, shownStateOf } from '../shownState';
import type { TableState } from '../snapshot';
import { readTableState } from '../snapshot';
import { cacheOf } from './partySight';
import { addSquares, decodeSquares, encodeSquares } from './squareSet';
import { looks } from './tableSight';

/** One player: their channel (invite id) and the characters they command (the invite's). */
export interface SightPlayer {
  readonly channel: string;
  readonly characterIds: readonly string[];
}

/** What one player's channel carries of the table: the server's copies, by token id. */
interface Copies {
  readonly tokens: Map<string, unknown>;
  readonly statBlocks: Map<string, unknown>;
  readonly combatants: Map<string, unknown>;
  readonly shownStates: Map<string, unknown>;
}

const commands = (t: Pick<Token, 'ownerIds'>, player: SightPlayer) =>
  t.ownerIds.some((id) => player.characterIds.includes(id));

/**
 * What one player is sent beyond the public doc under per-player fog: every revealed character
 * fog keeps from the public doc (marked `outOfSight`) that their own characters see — or that they
 * command — as the public doc would carry it (the stat block unless the GM keeps it, the state or
 * the face `foeHp` allows). Also answers the squares they see.
 */
export function copiesFor(state: TableState, secrets: Y.Doc, player: SightPlayer, cache: SightCache): Copies {
  const copies: Copies = {
    tokens: new Map(),
    statBlocks: new Map(),
    combatants: new Map(),
    shownStates: new Map(),
  };
  const map = state.map;
  if (!map || state.settings.vision !== 'per-player') return copies;
  const viewers = viewersOf(state, player);
  // A few pair tests per character kept from the public doc (or its kept sight), not a sweep.
  const seen = (t: TableState['tokens'][number]) =>
    viewers.some((v) => cache.sees(map, v.id, v, { cell: t.cell, size: t.size }, state.settings));
  const sec = secretRootsOf(secrets);
  for (const t of state.tokens) {
    if (!t.outOfSight) continue;
    if (!commands(t, player) && !seen(t)) continue;
    const { outOfSight: mark, hidden: _h, ...rest } = t;
    const token = sec.tokens.get(t.id) as Record<string, unknown> | undefined;
    if (!token) continue;
    const { outOfSight: _mark, ...plain } = token;
    copies.tokens.set(t.id, plain);
    const statsShown = mark === 'stats-shown';
    if (statsShown && t.statBlock) copies.statBlocks.set(t.id, sec.statBlocks.get(t.id));
    const raw = sec.combatants.get(t.id);
    if (raw === undefined || !rest.state) continue;
    const hp = hpShownExactly(t, state.settings);
    if (hp && statsShown) copies.combatants.set(t.id, raw);
    else
      copies.shownStates.set(
        t.id,
        shownStateOf(rest.state, t.statBlock, state.settings.foeHp, { hp, abilities: statsShown }),
      );
  }
  return copies;
}

/** The characters a player looks with: those they command that are not defeated. */
function viewersOf(state: TableState, player: SightPlayer) {
  return state.tokens
    .filter((t) => looks(t) && commands(t, player))
    .map((t) => ({ id: t.id, cell: t.cell, size: t.size }));
}

/**
 * What each player's characters see now, added to what they explored of the active scene (the
 * GM's `playerExplored`, per-player fog), in one transaction of the secrets doc. The whole map's
 * sight of each character: the server runs it after a change is answered, never on its path.
 */
export function explorePlayers(docs: TableDocs & { secrets: Y.Doc }, players: readonly SightPlayer[]): void {
  const state = readTableState(docs.public, docs.secrets);
  const map = state.map;
  if (!map || state.settings.vision !== 'per-player') return;
  const scene = readActiveScene(docs.public)?.id ?? 'room';
  const explored = secretRootsOf(docs.secrets).playerExplored;
  const cache = cacheOf(docs.public);
  docs.secrets.transact(() => {
    for (const player of players) {
      const viewers = viewersOf(state, player);
      if (viewers.length === 0) continue;
      const seen = cache.union(map, viewers, state.settings);
      const key = `${player.channel}:${scene}`;
      const old = explored.get(key);
      const bits =
        (typeof old === 'string' ? decodeSquares(old, map.width, map.height) : null) ??
        new Uint8Array(map.width * map.height);
      if (addSquares(bits, seen) || old === undefined) explored.set(key, encodeSquares(bits));
    }
  }, PLAYER_SIGHT_ORIGIN);
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Makes `root` hold exactly `want` (writes only what differs). */
function mirror(root: Y.Map<unknown>, want: Map<string, unknown>): void {
  for (const key of [...root.keys()]) if (!want.has(key)) root.delete(key);
  for (const [key, value] of want) if (!same(root.get(key), value)) root.set(key, value);
}

/** The origin of the server's per-player sight writes. */
export const PLAYER_SIGHT_ORIGIN = 'player-sight';

/**
 * Brings each player's channel in step with what they see (per-player fog, docs/table/fog-of-war.md):
 * the copies of the characters only they see, and a copy of what they have explored (the GM's
 * `playerExplored`, grown by `explorePlayers` and painted by the GM's brush). With fog off or
 * shared, the copies are emptied. Writes only what changed, each channel in its own transaction
 * with origin PLAYER_SIGHT_ORIGIN. `channelDoc` answers the loaded channel docs.
 */
export function syncPlayerSight(
  docs: TableDocs & { secrets: Y.Doc },
  players: readonly SightPlayer[],
  channelDoc: (channel: string) => Y.Doc | undefined,
): void {
  const loaded = players.flatMap((player) => {
    const doc = channelDoc(player.channel);
    return doc ? [{ player, doc }] : [];
  });
  if (loaded.length === 0) return;
  const state = readTableState(docs.public, docs.secrets);
  const explored = secretRootsOf(docs.secrets).playerExplored;
  const cache = cacheOf(docs.public);
  for (const { player, doc } of loaded) {
    const copies = copiesFor(state, docs.secrets, player, cache);
    const roots = channelRootsOf(doc);
    const prefix = `${player.channel}:`;
    const mine = new Map<string, unknown>();
    if (state.settings.vision === 'per-player')
      explored.forEach((v, k) => k.startsWith(prefix) && mine.set(k.slice(prefix.length), v));
    doc.transact(() => {
      mirror(roots.tokens, copies.tokens);
      mirror(roots.statBlocks, copies.statBlocks);
      mirror(roots.combatants, copies.combatants);
      mirror(roots.shownStates, copies.shownStates);
      mirror(roots.explored, mine);
    }, PLAYER_SIGHT_ORIGIN);
  }
}
