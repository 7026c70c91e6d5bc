/**
 * The tile pyramid the server cuts from a stored image and the renderer loads from (issue 14):
 * shared, so the browser can ask for the preview (the last level) before the pyramid's
 * description arrives, one round trip sooner.
 */

/** Side of a square tile, pixels: the renderer loads only the tiles it shows. */
export const TILE_SIZE = 512;

/** One level of the tile pyramid: level 0 is full size, each next one half (rounded up). */
export interface TileLevel {
  readonly level: number;
  readonly width: number;
  readonly height: number;
  readonly columns: number;
  readonly rows: number;
}

/** The pyramid's levels for an image of `width`×`height`: halving until one tile holds it. */
export function tileLevels(width: number, height: number, tileSize = TILE_SIZE): TileLevel[] {
  const levels: TileLevel[] = [];
  let [w, h] = [width, height];
  for (let level = 0; ; level += 1) {
    levels.push({
      level,
      width: w,
      height: h,
      columns: Math.ceil(w / tileSize),
      rows: Math.ceil(h / tileSize),
    });
    if (w <= tileSize && h <= tileSize) return levels;
    [w, h] = [Math.ceil(w / 2), Math.ceil(h / 2)];
  }
}
