import { canCommand } from '../Scene';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';

/** Tokens this viewer may act with: the GM all combatants, a player the characters of their invite. */
export function commandable(
  snapshot: RoomSnapshot,
  role: 'gm' | 'player',
  characterIds: readonly string[],
): TokenView[] {
  return snapshot.tokens.filter(
    (t) => t.combatant && t.state && t.statBlock && canCommand({ role, characterIds }, t),
  );
}
