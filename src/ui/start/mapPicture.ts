import { HEIGHT_COLOURS, SPACE_STYLES } from '../../render/heightRamp';
import type { MapData } from '../../schema/map';
import { spaceTypeOfCode, type SpaceType } from '../../schema/map';

/**
 * How strongly each space type's colour covers its height colour in a start-page picture. The
 * table's tints (`SPACE_STYLES.tintAlpha`) are light because the table adds patterns on top; a
 * picture of one pixel per square has only the colour, so it leans harder on it.
 */
const PICTURE_TINT: Readonly<Record<SpaceType, number>> = {
  ground: 0,
  difficult: 0.45,
  dangerous: 0.6,
  impassable: 0.9,
  edge: 0.75,
};

/**
 * One RGBA pixel per square (row by row, north first): the table's height colour, mixed with the
 * space type's colour. Same colours as the battlefield and its legend, so the picture reads the same.
 */
export function mapPicturePixels(
  map: Pick<MapData, 'width' | 'height' | 'cells' | 'heights'>,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(map.width * map.height * 4);
  for (let y = 0; y < map.height; y++) {
    const row = map.cells[y] ?? '';
    const hrow = map.heights[y] ?? '';
    for (let x = 0; x < map.width; x++) {
      const type = spaceTypeOfCode(row[x] ?? '.') ?? 'ground';
      const height = Math.min(HEIGHT_COLOURS.length - 1, Math.max(0, Number(hrow[x] ?? '0') || 0));
      const base = HEIGHT_COLOURS[height] ?? 0xe9e4d4;
      const alpha = PICTURE_TINT[type];
      const tint = SPACE_STYLES[type].colour;
      const i = (y * map.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const shift = 16 - c * 8;
        out[i + c] = Math.round(((base >> shift) & 0xff) * (1 - alpha) + ((tint >> shift) & 0xff) * alpha);
      }
      out[i + 3] = 255;
    }
  }
  return out;
}

/** Draw `map` into `canvas` at one pixel per square (CSS scales it up, pixelated). */
export function drawMapPicture(canvas: HTMLCanvasElement, map: MapData): void {
  canvas.width = map.width;
  canvas.height = map.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return; // no 2D canvas: the card still names the map and its size
  ctx.putImageData(new ImageData(mapPicturePixels(map), map.width, map.height), 0, 0);
}
