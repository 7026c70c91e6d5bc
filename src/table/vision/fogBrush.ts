import type { CellData } from '../../schema/cell';
import type { TableDocs } from '../docLayout';
import { GM_ORIGIN, publicRootsOf, secretRootsOf } from '../docLayout';
import { readActiveScene } from '../scenes/readScenes';
import { partySightNow, playerSightNow } from './partySight';
import type { SightPlayer } from './playerSight';
import { decodeSquares, encodeSquares } from './squareSet';

/**
 * The GM's fog brush (docs/table/fog-of-war.md): one stroke of squares added to what the party
 * (or under per-player fog, `player`) has explored of the active scene (`reveal`), or taken from
 * it ("Hide again") — except the squares a party character (of that player) sees right now: seeing a square explores it, sight wins. One GM
 * transaction of the public doc (one undo step); squares off the map are ignored, and the set is
 * sized by the map it is painted on (one of another size starts over, as fog does). Writes
 * nothing when no square changes; answers how many did.
 */
export function paintExplored(
  docs: TableDocs,
  squares: readonly CellData[],
  reveal: boolean,
  player?: SightPlayer,
): number {
  let changed = 0;
  // The party's squares (public doc), or under per-player fog one player's (the GM's
  // `playerExplored`, which the server copies into that player's channel).
  const doc = player ? docs.secrets : docs.public;
  if (!doc) throw new Error('painting a player’s fog needs the secrets document');
  doc.transact(() => {
    const roots = publicRootsOf(docs.public);
    const width = roots.map.get('width');
    const height = roots.map.get('height');
    if (typeof width !== 'number' || typeof height !== 'number') return;
    const explored = player ? secretRootsOf(doc).playerExplored : roots.explored;
    const scene = readActiveScene(docs.public)?.id ?? 'room';
    const key = player ? `${player.channel}:${scene}` : scene;
    const old = explored.get(key);
    const bits =
      (typeof old === 'string' ? decodeSquares(old, width, height) : null) ?? new Uint8Array(width * height);
    const seen = reveal ? null : player ? playerSightNow(docs, player) : (partySightNow(docs)?.seen ?? null);
    for (const { x, y } of squares) {
      if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height)
        continue;
      const k = y * width + x;
      const next = reveal || seen?.[k] ? 1 : 0;
      // Hiding never adds: a seen square not yet explored is fog's to add, not the brush's.
      if (bits[k] === next || (!reveal && !bits[k])) continue;
      bits[k] = next;
      changed++;
    }
    if (changed > 0) explored.set(key, encodeSquares(bits));
  }, GM_ORIGIN);
  return changed;
}
