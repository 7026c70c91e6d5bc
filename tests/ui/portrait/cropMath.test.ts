import { describe, expect, it } from 'vitest';
import { centredCrop, clampCrop, moveCrop, outputRect, zoomCrop } from '../../../src/ui/portrait/cropMath';

const WIDE = { width: 600, height: 400 };

describe('portrait crop', () => {
  it('starts centred, the shorter side filling the circle', () => {
    expect(centredCrop(WIDE, 240)).toEqual({ zoom: 1, x: -60, y: 0 });
    expect(outputRect(WIDE, centredCrop(WIDE, 240), 256, 240)).toEqual({
      x: -64,
      y: 0,
      width: 384,
      height: 256,
    });
  });

  it('never leaves a gap in the circle, however far it is moved or zoomed out', () => {
    const c = moveCrop(WIDE, centredCrop(WIDE, 240), 500, -500, 240);
    expect(c).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop(WIDE, { zoom: 0.2, x: -1000, y: 5 }, 240)).toEqual({ zoom: 1, x: -120, y: 0 });
  });

  it('zooms about the point under the pointer', () => {
    const c = zoomCrop(WIDE, centredCrop(WIDE, 240), 2, { x: 120, y: 120 }, 240);
    // The image point under the centre stays there: (120 - x) / scale is unchanged.
    expect(c.zoom).toBe(2);
    expect((120 - c.x) / (0.6 * 2)).toBeCloseTo((120 + 60) / 0.6);
    expect((120 - c.y) / (0.6 * 2)).toBeCloseTo(120 / 0.6);
    expect(zoomCrop(WIDE, c, 99, undefined, 240).zoom).toBe(4);
  });
});
