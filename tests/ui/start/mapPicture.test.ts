import { describe, expect, it } from 'vitest';
import { HEIGHT_COLOURS } from '../../../src/render/heightRamp';
import { mapPicturePixels } from '../../../src/ui/start/mapPicture';

function rgb(pixels: Uint8ClampedArray, i: number): number {
  return (pixels[i * 4]! << 16) | (pixels[i * 4 + 1]! << 8) | pixels[i * 4 + 2]!;
}

describe('mapPicturePixels', () => {
  const map = { width: 3, height: 2, cells: ['.#~', '_!.'], heights: ['000', '003'] };
  const pixels = mapPicturePixels(map);

  it('has one opaque pixel per square, row by row', () => {
    expect(pixels).toHaveLength(3 * 2 * 4);
    for (let i = 0; i < 6; i++) expect(pixels[i * 4 + 3]).toBe(255);
  });

  it('colours ground by its height with the table ramp, other space types differently', () => {
    expect(rgb(pixels, 0)).toBe(HEIGHT_COLOURS[0]);
    expect(rgb(pixels, 5)).toBe(HEIGHT_COLOURS[3]);
    const colours = new Set([0, 1, 2, 3, 4].map((i) => rgb(pixels, i)));
    expect(colours.size).toBe(5); // ground, impassable, difficult, edge, dangerous all differ
  });
});
