import type { RoomSnapshot } from '../../table/snapshot';
import { decodeSquares } from '../../table/vision/squareSet';
import type { FogPreview } from './fogPreview';
import { knownSquares } from './knownSquares';

/**
 * Publishes what a player's page knows under fog of war (`knownSquares`): the party's sight the
 * player's fog just computed (`p`, null when fog is off) with what the party explored of this scene.
 */
export function publishKnown(snap: RoomSnapshot | null, p: FogPreview | null): void {
  if (!snap || !p) {
    knownSquares.value = null;
    return;
  }
  const text = snap.explored[snap.scene?.id ?? 'room'];
  const explored = text !== undefined ? decodeSquares(text, p.width, p.height) : null;
  const known = Uint8Array.from(p.seen, (s, k) => (s || explored?.[k] ? 1 : 0));
  const width = p.width;
  const has = (c: { x: number; y: number }) =>
    c.x >= 0 && c.y >= 0 && c.x < width && c.y < p.height && known[c.y * width + c.x] === 1;
  knownSquares.value = {
    width,
    known,
    has,
    towards(from, to) {
      const steps = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y));
      let last: { x: number; y: number } = from;
      for (let i = 1; i <= steps; i++) {
        const c = {
          x: Math.round(from.x + ((to.x - from.x) * i) / steps),
          y: Math.round(from.y + ((to.y - from.y) * i) / steps),
        };
        if (!has(c)) return last;
        last = c;
      }
      return to;
    },
  };
}
