import { describe, expect, it } from 'vitest';
import { fitToMap, mapSizeForImage } from '../../../src/ui/backdrop/alignment';

describe('battlemap alignment', () => {
  it('fit covers the whole map from its corner with one scale', () => {
    expect(fitToMap(1000, 800, 10, 8)).toEqual({ pixelsPerSquare: 100, offsetX: 0, offsetY: 0 });
    // a wider picture: the height decides, the sides overhang
    expect(fitToMap(2000, 800, 10, 8).pixelsPerSquare).toBe(100);
    // never below the schema's 4 pixels per square
    expect(fitToMap(100, 100, 200, 200).pixelsPerSquare).toBe(4);
  });

  it('sizes the map to the squares the picture spans, bounded', () => {
    const a = { imageWidth: 1000, imageHeight: 820, pixelsPerSquare: 40, offsetX: -0.5, offsetY: 0 };
    expect(mapSizeForImage(a)).toEqual({ width: 25, height: 21 });
    expect(mapSizeForImage({ ...a, imageWidth: 10_000, pixelsPerSquare: 4 })).toMatchObject({ width: 200 });
  });
});
