import type { CellData } from '../schema/cell';
import type { Battlefield } from './battlefield';
import { footprintDistance, footprintElevation, occupantById } from './battlefield';

/** A footprint: its north-west square and Size (a character, or a Size 1 square). */
export interface FootprintAt {
  readonly cell: CellData;
  readonly size: number;
}

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
  return heightBonusBetween(bf, occupantById(bf, attackerId), occupantById(bf, targetId));
}

/** heightRangeBonus for any two footprints (the ruler measures to squares as well as characters). */
export function heightBonusBetween(bf: Battlefield, attacker: FootprintAt, target: FootprintAt): number {
  const up = footprintElevation(bf.map, attacker.cell, attacker.size);
  return Math.max(0, up - footprintElevation(bf.map, target.cell, target.size));
}
