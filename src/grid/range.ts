import type { Battlefield } from './battlefield';
import { elevationOf, footprintDistance, occupantById } from './battlefield';

/**
 * Horizontal distance in squares between the nearest squares of two characters, diagonals
 * counting 1 (rulebook: attack range "only considers horizontal distance").
 */
export function distanceBetween(bf: Battlefield, aId: string, bId: string): number {
  const a = occupantById(bf, aId);
  const b = occupantById(bf, bId);
  return footprintDistance(a.cell, a.size, b.cell, b.size);
}

/** Extra range of a ranged attack: +1 per level the attacker stands above the target (rulebook: Height advantage). */
export function heightRangeBonus(bf: Battlefield, attackerId: string, targetId: string): number {
  const a = occupantById(bf, attackerId);
  const b = occupantById(bf, targetId);
  return Math.max(0, elevationOf(bf, a) - elevationOf(bf, b));
}
