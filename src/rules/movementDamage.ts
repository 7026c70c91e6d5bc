import type { MovementEvent } from '../grid/movementEvents';
import type { RoomSettings } from '../schema/settings';
import type { IncomingDamage } from './applyDamage';

/** A drop must be deeper than this many levels to hurt ("Falling": more than 1 space). */
export const SAFE_DROP_LEVELS = 1;

/**
 * Falling ("Other bits: Falling"): a shove or move that goes down more than one level deals
 * 1 physical damage per level fallen (so 2 or 3 from ICON's terrain heights). Armor reduces it
 * unless the room sets `fallDamageIgnoresArmor` (docs/rules/movement.md#damage-from-moving-and-edges). Null for a drop
 * of one level or less.
 */
export function fallDamage(
  levels: number,
  settings: Pick<RoomSettings, 'fallDamageIgnoresArmor'>,
): IncomingDamage | null {
  if (levels <= SAFE_DROP_LEVELS) return null;
  return {
    amount: levels,
    type: 'physical',
    ...(settings.fallDamageIgnoresArmor ? { ignoresArmor: true } : {}),
  };
}

/**
 * The damage a movement event reported by src/grid deals, or null (edges deal none; they call
 * for a save at the end of the turn, see `edgeSave`). Dangerous spaces: piercing damage equal to
 * the chapter number ("Dangerous"), which the grid already put in the event.
 */
export function movementEventDamage(
  event: MovementEvent,
  settings: Pick<RoomSettings, 'fallDamageIgnoresArmor'>,
): IncomingDamage | null {
  if (event.kind === 'dangerous') return { amount: event.damage, type: 'physical', pierce: true };
  if (event.kind === 'fall') return fallDamage(event.levels, settings);
  return null;
}
