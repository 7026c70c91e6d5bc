import { DESTRUCTIBLE_HP_PER_LEVEL } from '../grid/destructible';
import type { TerrainHit } from '../schema/outcome';

export type { TerrainHit };

/**
 * Damage to a destructible square (rulebook: Destructible terrain; attacks against it hit
 * automatically, 10 HP per level): HP drop by the damage (no armor, no vigor), and the height
 * follows the HP left, a level per full 10 lost (docs/rules.md "Destructible terrain": 25 damage
 * to a height-3 square leaves 5 HP, height 1). At 0 HP it is destroyed: level ground.
 */
export function damageTerrain(
  square: { x: number; y: number; hp: number; height: number },
  damage: number,
): TerrainHit {
  const dealt = Math.max(0, damage);
  const hpAfter = Math.max(0, square.hp - dealt);
  const heightAfter = Math.min(square.height, Math.ceil(hpAfter / DESTRUCTIBLE_HP_PER_LEVEL));
  return {
    x: square.x,
    y: square.y,
    damage: dealt,
    hpBefore: square.hp,
    hpAfter,
    heightBefore: square.height,
    heightAfter,
    destroyed: hpAfter === 0,
  };
}

/** "lowers it from height 3 to 1 (5 HP left)", "destroys it (height 3 to ground)", "leaves it at height 2 (15 HP left)". */
export function describeTerrainHit(hit: TerrainHit): string {
  if (hit.destroyed) return `${hit.damage} damage destroys it (height ${hit.heightBefore} to level ground)`;
  const left = `${hit.hpAfter} HP left`;
  return hit.heightAfter < hit.heightBefore
    ? `${hit.damage} damage lowers it from height ${hit.heightBefore} to ${hit.heightAfter} (${left})`
    : `${hit.damage} damage leaves it at height ${hit.heightAfter} (${left})`;
}
