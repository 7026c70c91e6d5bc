/**
 * Which pieces of a battlemap image to draw (pure; the BackgroundLayer loads and shows them).
 * The server cuts an uploaded image into a pyramid: level 0 is full size, each next level halves
 * it (rounded up), the last fits in one tile (the low-resolution preview); every level is cut
 * into `tileSize` squares, the last column and row narrower. Units: "image pixels" are level-0
 * pixels, "world pixels" are the battlefield's (`cellPx` per square).
 */

import type { TileLevel } from '../schema/tilePyramid';

/** The pyramid as the asset API lists it (schema/tilePyramid.ts: the server cuts these levels). */
export interface AssetLevels {
  readonly tileSize: number;
  readonly levels: readonly TileLevel[];
}

/** Where the image lies on the map (the map background's alignment fields). */
export interface BackgroundPlacement {
  readonly imageWidth: number;
  readonly imageHeight: number;
  /** Image pixels per square. */
  readonly pixelsPerSquare: number;
  /** The image's top-left corner, in squares from the map's top-left. */
  readonly offsetX: number;
  readonly offsetY: number;
}

export interface TileId {
  readonly level: number;
  readonly column: number;
  readonly row: number;
}

export interface WantedTile extends TileId {
  /** On screen now (false: the one-tile margin, loaded ahead of panning). */
  readonly inView: boolean;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function tileKey(level: number, column: number, row: number): string {
  return `${level}/${column}/${row}`;
}

/**
 * The level whose pixels are closest to one per device pixel, in halvings (so at most √2 off
 * either way): finer levels would only cost loading and memory for detail the screen cannot
 * show. `zoom` is screen pixels per world pixel, `resolution` device pixels per screen pixel.
 */
export function chooseLevel(
  placement: BackgroundPlacement,
  pyramid: AssetLevels,
  cellPx: number,
  zoom: number,
  resolution = 1,
): number {
  // Level-0 image pixels under one device pixel.
  const perDevicePx = placement.pixelsPerSquare / (cellPx * zoom * resolution);
  let best = 0;
  let bestOff = Infinity;
  for (const [i, l] of pyramid.levels.entries()) {
    const off = Math.abs(Math.log2((perDevicePx * l.width) / placement.imageWidth));
    // `<=`: on a tie the coarser level wins.
    if (off <= bestOff + 1e-9) {
      best = i;
      bestOff = off;
    }
  }
  return best;
}

/**
 * The tiles of the chosen level that cover `view` (world pixels), plus `margin` tiles around it,
 * clamped to the image; nearest to the view's centre first (they load in that order).
 */
export function tilesToShow(
  placement: BackgroundPlacement,
  pyramid: AssetLevels,
  cellPx: number,
  view: Rect,
  zoom: number,
  resolution = 1,
  margin = 1,
): { level: number; tiles: WantedTile[] } {
  const level = chooseLevel(placement, pyramid, cellPx, zoom, resolution);
  return { level, tiles: tilesAtLevel(placement, pyramid, cellPx, view, level, margin) };
}

/** The tiles of `level` that cover `view` (world pixels), plus `margin` tiles around it, nearest first. */
export function tilesAtLevel(
  placement: BackgroundPlacement,
  pyramid: AssetLevels,
  cellPx: number,
  view: Rect,
  level: number,
  margin = 1,
): WantedTile[] {
  const l = pyramid.levels[level];
  if (!l) return [];
  const T = pyramid.tileSize;
  // World pixels → this level's pixels.
  const toLevelX = (wx: number) =>
    (wx / cellPx - placement.offsetX) * placement.pixelsPerSquare * (l.width / placement.imageWidth);
  const toLevelY = (wy: number) =>
    (wy / cellPx - placement.offsetY) * placement.pixelsPerSquare * (l.height / placement.imageHeight);
  const x0 = toLevelX(view.x);
  const x1 = toLevelX(view.x + view.width);
  const y0 = toLevelY(view.y);
  const y1 = toLevelY(view.y + view.height);
  if (x1 <= 0 || y1 <= 0 || x0 >= l.width || y0 >= l.height) return [];
  const clampC = (c: number) => Math.max(0, Math.min(l.columns - 1, c));
  const clampR = (r: number) => Math.max(0, Math.min(l.rows - 1, r));
  const c0 = clampC(Math.floor(x0 / T));
  const c1 = clampC(Math.ceil(x1 / T) - 1);
  const r0 = clampR(Math.floor(y0 / T));
  const r1 = clampR(Math.ceil(y1 / T) - 1);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const tiles: Array<WantedTile & { d: number }> = [];
  for (let row = clampR(r0 - margin); row <= clampR(r1 + margin); row++) {
    for (let column = clampC(c0 - margin); column <= clampC(c1 + margin); column++) {
      const inView = column >= c0 && column <= c1 && row >= r0 && row <= r1;
      const d = Math.hypot((column + 0.5) * T - cx, (row + 0.5) * T - cy);
      tiles.push({ level, column, row, inView, d });
    }
  }
  tiles.sort((a, b) => a.d - b.d);
  return tiles.map(({ d: _d, ...t }) => t);
}

/** Where a tile lies in world pixels (a coarse level's tile spans the same area as its full-size pixels). */
export function tileWorldRect(
  placement: BackgroundPlacement,
  pyramid: AssetLevels,
  cellPx: number,
  level: number,
  column: number,
  row: number,
): Rect {
  const l = pyramid.levels[level]!;
  const T = pyramid.tileSize;
  const sx = placement.imageWidth / l.width;
  const sy = placement.imageHeight / l.height;
  const worldPerImagePx = cellPx / placement.pixelsPerSquare;
  const px0 = column * T * sx;
  const px1 = Math.min((column + 1) * T, l.width) * sx;
  const py0 = row * T * sy;
  const py1 = Math.min((row + 1) * T, l.height) * sy;
  return {
    x: placement.offsetX * cellPx + px0 * worldPerImagePx,
    y: placement.offsetY * cellPx + py0 * worldPerImagePx,
    width: (px1 - px0) * worldPerImagePx,
    height: (py1 - py0) * worldPerImagePx,
  };
}

/**
 * Does the picture reach past the map (world pixels, `map` from its corner)? Half a world pixel of
 * slack: a picture fitted to the squares is not "past" by rounding.
 */
export function reachesPast(art: BackgroundPlacement, cellPx: number, map: Rect): boolean {
  const x = art.offsetX * cellPx;
  const y = art.offsetY * cellPx;
  const w = (art.imageWidth / art.pixelsPerSquare) * cellPx;
  const h = (art.imageHeight / art.pixelsPerSquare) * cellPx;
  return (
    x < map.x - 0.5 || y < map.y - 0.5 || x + w > map.x + map.width + 0.5 || y + h > map.y + map.height + 0.5
  );
}
