import type { SightCache } from '../../grid/vision';
import { seesFootprint } from '../../grid/vision';
import type { RoomSnapshot } from '../../table/snapshot';

/**
 * Whose sight: the whole party's, one character's, or a player's characters' (per-player fog; the
 * GM's choice names the player's invite, `channel`, whose explored squares are drawn).
 */
export type FogOf =
  | 'party'
  | { readonly id: string }
  | { readonly ids: readonly string[]; readonly channel?: string; readonly name?: string };

const looksFor = (of: FogOf, t: { id: string; side: string }) =>
  of === 'party' ? t.side === 'party' : 'id' in of ? t.id === of.id : of.ids.includes(t.id);

/** What the chosen character(s) see right now, and which foes stand in it. */
export interface FogPreview {
  readonly width: number;
  readonly height: number;
  readonly seen: Uint8Array;
  readonly squaresSeen: number;
  /** Names of the foes in sight, hidden ones included (the GM's preview). */
  readonly foesSeen: readonly string[];
  readonly viewers: readonly string[];
}

/**
 * The GM's preview of a character's sight (docs/ui/vision.md): the squares the party, or one
 * character, sees by the attacks' own line of sight (`visibleSquares`), unlimited range; kept per
 * character in `cache` so a foe's move costs a look-up and a character's move one recompute.
 */
export function fogPreview(snapshot: RoomSnapshot, of: FogOf, cache: SightCache): FogPreview | null {
  const map = snapshot.map;
  if (!map) return null;
  const characters = snapshot.tokens.filter((t) => t.combatant && t.state && !t.state.incapacitated);
  const viewers = characters.filter((t) => looksFor(of, t));
  const seen = cache.union(
    map,
    viewers.map((t) => ({ id: t.id, cell: t.cell, size: t.size })),
    snapshot.settings,
  );
  let squaresSeen = 0;
  for (const v of seen) squaresSeen += v;
  const foesSeen = characters
    .filter((t) => t.side === 'foes' && seesFootprint(seen, map.width, { cell: t.cell, size: t.size }))
    .map((t) => t.state!.name);
  return {
    width: map.width,
    height: map.height,
    seen,
    squaresSeen,
    foesSeen,
    viewers: viewers.map((t) => t.state!.name),
  };
}
