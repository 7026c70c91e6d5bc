import type { SightCache } from '../../grid/vision';
import { seesFootprint } from '../../grid/vision';
import type { TableState } from '../snapshot';

/** Whose sight counts for a player (issue 34): only their own characters', or the whole party's. */
export type SightSharing = 'per-player' | 'party';

/** One player: their channel (invite id) and the characters they command. */
export interface SightPlayer {
  readonly channel: string;
  readonly characterIds: readonly string[];
}

/** What one player sees: the squares, and the characters standing in them they may be shown. */
export interface PlayerSight {
  readonly channel: string;
  readonly seen: Uint8Array;
  /** Foes in sight; under per-player sight also other players' characters in sight. */
  readonly tokenIds: readonly string[];
}

/**
 * Every player's sight in a room (from the GM's full state): the union of what their viewers see
 * (`SightCache`: the attacks' own line of sight, unlimited range), and who stands in it. Viewers
 * are their own characters, or under shared sight every party character; a defeated
 * (incapacitated) character sees nothing. A character is in sight when any square of it is.
 * Hidden tokens (not revealed by the GM) are never listed: being in sight does not reveal them.
 */
export function visionOf(
  state: TableState,
  players: readonly SightPlayer[],
  sharing: SightSharing,
  cache: SightCache,
): PlayerSight[] {
  const map = state.map;
  if (!map) return [];
  const characters = state.tokens.filter((t) => t.combatant && t.state);
  const looking = characters.filter((t) => t.side === 'party' && !t.state!.incapacitated);
  return players.map((player) => {
    const own = new Set(player.characterIds);
    const viewers = looking.filter((t) => sharing === 'party' || own.has(t.id));
    const seen = cache.union(
      map,
      viewers.map((t) => ({ id: t.id, cell: t.cell, size: t.size })),
      state.settings,
    );
    const tokenIds = characters
      .filter(
        (t) =>
          !t.hidden &&
          !own.has(t.id) &&
          (t.side === 'foes' || sharing === 'per-player') &&
          seesFootprint(seen, map.width, { cell: t.cell, size: t.size }),
      )
      .map((t) => t.id);
    return { channel: player.channel, seen, tokenIds };
  });
}
