import { MAX_MAP_SIDE } from '../../schema/limits';
import { MAX_PIXELS_PER_SQUARE, MIN_PIXELS_PER_SQUARE } from '../../schema/map';

/** The alignment fields a GM changes (MapBackgroundSchema's). */
export interface Alignment {
  readonly imageWidth: number;
  readonly imageHeight: number;
  readonly pixelsPerSquare: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

/** Pixels per square bounds (MapBackgroundSchema's). */
export const MIN_PPS = MIN_PIXELS_PER_SQUARE;
export const MAX_PPS = MAX_PIXELS_PER_SQUARE;

/**
 * "Fit to the map's squares": the image scaled to cover the whole map from its top-left corner
 * (one scale for both sides, so a picture of another shape overhangs on one side, never leaves a
 * gap).
 */
export function fitToMap(imageWidth: number, imageHeight: number, mapWidth: number, mapHeight: number) {
  const pps = Math.min(imageWidth / mapWidth, imageHeight / mapHeight);
  return { pixelsPerSquare: clampPps(pps), offsetX: 0, offsetY: 0 };
}

/** "Size the map to the image": the squares the picture spans from the map's corner, bounded by MAX_MAP_SIDE. */
export function mapSizeForImage(a: Alignment): { width: number; height: number } {
  const side = (pixels: number, offset: number) =>
    Math.max(1, Math.min(MAX_MAP_SIDE, Math.round(pixels / a.pixelsPerSquare + offset)));
  return { width: side(a.imageWidth, a.offsetX), height: side(a.imageHeight, a.offsetY) };
}

export function clampPps(pps: number): number {
  return Math.max(MIN_PPS, Math.min(MAX_PPS, Math.round(pps * 100) / 100));
}
