import type { ThreatPictureData } from '../../render/ThreatLayer';
import type { KnownSquares } from '../vision/knownSquares';

/**
 * The picture with nothing drawn on squares this player's party never saw (fog of war): foes'
 * reach is not painted over terrain the player does not know. Unchanged without fog.
 */
export function knownOnly<T extends ThreatPictureData>(d: T | null, known: KnownSquares | null): T | null {
  if (!d || !known) return d;
  const keep = (k: number) => known.known[k] === 1;
  return {
    ...d,
    count: d.count.map((v, k) => (keep(k) ? v : 0)),
    attackCount: d.attackCount.map((v, k) => (keep(k) ? v : 0)),
    danger: d.danger && d.danger.map((v, k) => (keep(k) ? v : -1)),
    safest: d.safest.filter((c) => keep(c.y * d.width + c.x)),
  };
}
