import type { ForcedMove } from '../grid/forcedMove';
import type { MovementEvent } from '../grid/movementEvents';
import type { RoomSettings } from '../schema/settings';
import type { IncomingDamage } from './applyDamage';
import { movementEventDamage } from './movementDamage';

/**
 * The damage a forced move deals on its way, in the order it happens (rulebook: Falling, for a
 * shove down more than one level; Dangerous, for each dangerous square entered). Ending on an
 * edge deals none: it calls for the edge save (`edgeSave`) at the end of the turn.
 */
export function forcedMoveDamage(
  move: Extract<ForcedMove, { ok: true }>,
  settings: Pick<RoomSettings, 'fallDamageIgnoresArmor'>,
): { event: MovementEvent; damage: IncomingDamage }[] {
  const hurts: { event: MovementEvent; damage: IncomingDamage }[] = [];
  for (const event of move.events) {
    const damage = movementEventDamage(event, settings);
    if (damage) hurts.push({ event, damage });
  }
  return hurts;
}
