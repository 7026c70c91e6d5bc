import { describe, expect, it } from 'vitest';
import { knownOnly } from '../../../src/ui/threat/knownOnly';
import { knownSquares } from '../../../src/ui/vision/knownSquares';
import { publishKnown } from '../../../src/ui/vision/publishKnown';
import type { FogPreview } from '../../../src/ui/vision/fogPreview';
import type { RoomSnapshot } from '../../../src/table/snapshot';

/** 4×2: row 0 seen now; (0,1) explored before; the rest never seen. */
const seen = Uint8Array.from([1, 1, 1, 1, 0, 0, 0, 0]);
const snap = { explored: { room: null }, scene: null } as unknown as RoomSnapshot;
const p = { seen, width: 4, height: 2 } as unknown as FogPreview;

describe('what a player’s page knows under fog of war (docs/ui/vision.md)', () => {
  it('the ruler’s end stops at the last known square on the way; nothing to publish without fog', () => {
    publishKnown(snap, p);
    const k = knownSquares.value!;
    expect([k.has({ x: 3, y: 0 }), k.has({ x: 3, y: 1 }), k.has({ x: 9, y: 0 })]).toEqual([
      true,
      false,
      false,
    ]);
    const to = { x: 3, y: 0 };
    expect(k.towards({ x: 0, y: 0 }, to)).toBe(to);
    expect(k.towards({ x: 0, y: 0 }, { x: 3, y: 1 })).toEqual({ x: 1, y: 0 });
    publishKnown(snap, null);
    expect(knownSquares.value).toBeNull();
  });

  it('the threat map draws nothing over squares never seen', () => {
    publishKnown(snap, p);
    const d = {
      width: 4,
      height: 2,
      count: Uint8Array.from([1, 2, 0, 0, 3, 3, 0, 0]),
      attackCount: Uint8Array.from([1, 1, 0, 0, 1, 1, 0, 0]),
      danger: Float64Array.from([1, 2, 0, 0, 4, 4, 0, 0]),
      safest: [
        { x: 2, y: 0 },
        { x: 2, y: 1 },
      ],
    };
    const shown = knownOnly(d, knownSquares.value)!;
    expect([...shown.count]).toEqual([1, 2, 0, 0, 0, 0, 0, 0]);
    expect([...shown.attackCount]).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect([...shown.danger!]).toEqual([1, 2, 0, 0, -1, -1, -1, -1]);
    expect(shown.safest).toEqual([{ x: 2, y: 0 }]);
    expect(knownOnly(d, null)).toBe(d);
    knownSquares.value = null;
  });
});
