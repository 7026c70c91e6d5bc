import { footprintDistance } from '../../grid/battlefield';
import { lineOfSight } from '../../grid/lineOfSight';
import type { Ability } from '../../schema/ability';
import type { Side } from '../../schema/cell';
import { battlefieldOf } from '../../table/battlefieldOf';
import type { RoomSnapshot } from '../../table/snapshot';
import { rangeSquares } from './targeting';

/** One character a plain-effect ability could be used on. */
export interface EffectTargetOption {
  id: string;
  name: string;
  side: Side;
  /** The user itself (always allowed: no range, no sight needed). */
  self: boolean;
  /** Squares between the footprints. */
  distance: number;
  inSight: boolean;
  legal: boolean;
  /** Why it cannot be picked, in the server's words. */
  reason: string | null;
}

export interface EffectTargeting {
  userId: string;
  ability: Ability;
  /** The ability's range; no listed range = adjacent (1). */
  range: number;
  rangeSquares: { x: number; y: number }[];
  targets: EffectTargetOption[];
}

/**
 * Who a non-attack, non-area ability can be used on (rulebook: "Attack vs. ability vs. effect" —
 * the effect simply happens). The same checks as the server's `effect` intent
 * (src/table/intents/effectIntent.ts, our reading in docs/table.md): the user itself always; any
 * other combatant within the ability's range (none listed = adjacent) and in line of sight, judged
 * on the room's battlefield with its settings. The user is listed first, then the nearest.
 */
export function effectTargetsFor(
  snapshot: RoomSnapshot,
  userId: string,
  ability: Ability,
): EffectTargeting | null {
  const user = snapshot.tokensById[userId];
  if (!user || !user.state || !ability.effect || ability.attack || ability.area) return null;
  const range = ability.range ?? 1;
  const candidates = snapshot.tokens.filter((t) => t.combatant && t.state);
  const bf = battlefieldOf(snapshot, [userId, ...candidates.filter((t) => t.hidden).map((t) => t.id)]);
  if (!bf) return null;
  const targets: EffectTargetOption[] = candidates.map((t) => {
    const name = t.state!.name;
    if (t.id === userId)
      return {
        id: t.id,
        name,
        side: t.side,
        self: true,
        distance: 0,
        inSight: true,
        legal: true,
        reason: null,
      };
    const distance = footprintDistance(user.cell, user.size, t.cell, t.size);
    const inSight = lineOfSight(bf, userId, t.id).visible;
    const reason =
      distance > range
        ? `${t.name} is ${distance} squares away; ${ability.name} reaches ${range}`
        : !inSight
          ? `${user.name} cannot see ${t.name}`
          : null;
    return { id: t.id, name, side: t.side, self: false, distance, inSight, legal: !reason, reason };
  });
  const order = (t: EffectTargetOption): number => (t.self ? 0 : t.legal ? 1 : 2);
  targets.sort((a, b) => order(a) - order(b) || a.distance - b.distance || (a.name < b.name ? -1 : 1));
  return { userId, ability, range, rangeSquares: rangeSquares(snapshot, user, range, false), targets };
}
