import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metadata, SharpConstructor } from 'sharp';
import { MAX_IMAGE_SIDE } from '../../schema/asset';
import { PORTRAIT_MAX_SIDE } from '../../schema/limits';
import { TILE_SIZE, tileLevels, type TileLevel } from '../../schema/tilePyramid';
import { MAX_INPUT_PIXELS, NOT_AN_IMAGE_TEXT, tooManyPixelsText, UNREADABLE_TEXT } from './assetLimits';
import type { ImageFormat } from './sniffImage';
import { sniffImage } from './sniffImage';
import { HttpError } from '../http/json';

/** An image refused (not an image, damaged, too big, over the room's caps): an HttpError every image route answers as it is. */
export class ImageRefusedError extends HttpError {
  constructor(status: 409 | 415 | 422, message: string) {
    super(status, message);
  }
}

/** A checked image, as it will be stored: `hash` is the SHA-256 of `bytes`. */
export interface CheckedImage {
  readonly hash: string;
  readonly format: ImageFormat;
  readonly bytes: Buffer;
  /** As shown (after the EXIF orientation), in pixels. */
  readonly width: number;
  readonly height: number;
}

export interface Tile {
  readonly level: number;
  readonly column: number;
  readonly row: number;
  readonly data: Buffer;
}

/** A checked image with its pyramid of WebP tiles, ready to store in one transaction. */
export interface CutImage extends CheckedImage {
  readonly tileSize: number;
  readonly levels: readonly TileLevel[];
  readonly tiles: readonly Tile[];
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

let loadingSharp: Promise<SharpConstructor> | undefined;

/**
 * sharp (libvips) is loaded by the first image a GM sends, not at start: about 28 MiB resident
 * that a server whose tables never upload an image does not hold (docs/server/performance.md,
 * "Memory"). A failed load is tried again by the next image.
 */
function loadSharp(): Promise<SharpConstructor> {
  loadingSharp ??= import('sharp').then(
    ({ default: sharp }) => {
      // Each image is decoded once or twice, then never again: libvips' operation cache would
      // only hold on to big decoded buffers.
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      loadingSharp = undefined;
      throw error;
    },
  );
  return loadingSharp;
}

/** Options every decode uses: bounded pixels; a damaged file is an error, not a half picture. */
const DECODE = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/**
 * Check an image from its bytes, never its name: the magic bytes say the format, the header its
 * size, which must be at most MAX_IMAGE_SIDE on a side — an image bomb is refused here, before
 * anything is decoded. A portrait larger than PORTRAIT_MAX_SIDE is shrunk (same format); the
 * hash is that of the bytes stored.
 */
export async function checkImage(bytes: Buffer, timeoutMs: number, shrinkTo?: number): Promise<CheckedImage> {
  const format = sniffImage(bytes);
  if (!format) throw new ImageRefusedError(415, NOT_AN_IMAGE_TEXT);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Header only (nothing decoded): the pixel bound is ours, below, with a sentence to say.
    meta = await sharp(bytes, { ...DECODE, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusedError(422, UNREADABLE_TEXT);
  }
  if (meta.format !== format) throw new ImageRefusedError(415, NOT_AN_IMAGE_TEXT);
  const { width, height } = meta;
  if (!width || !height) throw new ImageRefusedError(422, UNREADABLE_TEXT);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    throw new ImageRefusedError(422, tooManyPixelsText(width, height));
  // EXIF orientations 5–8 turn the picture a quarter: shown width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const shown = turned ? { width: height, height: width } : { width, height };
  if (shrinkTo === undefined || (shown.width <= shrinkTo && shown.height <= shrinkTo))
    return { hash: sha256Hex(bytes), format, bytes, ...shown };
  const resized = await failsAsUnreadable(() =>
    sharp(bytes, DECODE)
      .autoOrient()
      .resize(shrinkTo, shrinkTo, { fit: 'inside' })
      .toFormat(format, { quality: 90 })
      .timeout({ seconds: timeoutSeconds(timeoutMs) })
      .toBuffer({ resolveWithObject: true }),
  );
  return {
    hash: sha256Hex(resized.data),
    format,
    bytes: resized.data,
    width: resized.info.width,
    height: resized.info.height,
  };
}

/** `checkImage` for a portrait: at most PORTRAIT_MAX_SIDE on a side once stored. */
export const checkPortrait = (bytes: Buffer, timeoutMs: number): Promise<CheckedImage> =>
  checkImage(bytes, timeoutMs, PORTRAIT_MAX_SIDE);

/** libvips counts whole seconds; at least one. */
const timeoutSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * Cut a checked image into its tile pyramid (WebP, TILE_SIZE squares; edge tiles smaller) with
 * libvips' Deep Zoom writer, which streams the image once for every level instead of holding
 * it decoded. Fails after `timeoutMs`, leaving nothing behind.
 */
export async function cutImage(image: CheckedImage, timeoutMs: number): Promise<CutImage> {
  const sharp = await loadSharp();
  const levels = tileLevels(image.width, image.height);
  const dir = await mkdtemp(join(tmpdir(), 'icon-vtt-tiles-'));
  try {
    await failsAsUnreadable(() =>
      sharp(image.bytes, DECODE)
        .autoOrient()
        .webp({ quality: 82, effort: 2 })
        .tile({ size: TILE_SIZE, overlap: 0, layout: 'dz', depth: 'onetile' })
        .timeout({ seconds: timeoutSeconds(timeoutMs) })
        .toFile(join(dir, 'pyramid.dz')),
    );
    // Deep Zoom numbers levels from the smallest (0) up; ours count down from full size.
    const tiles: Tile[] = [];
    const top = levels.length - 1;
    for (const { level, columns, rows } of levels) {
      for (let column = 0; column < columns; column += 1) {
        for (let row = 0; row < rows; row += 1) {
          const file = join(dir, 'pyramid_files', String(top - level), `${column}_${row}.webp`);
          tiles.push({ level, column, row, data: await readFile(file) });
        }
      }
    }
    return { ...image, tileSize: TILE_SIZE, levels, tiles };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Run sharp work; what libvips refuses (damaged data, over time) becomes a sentence. */
async function failsAsUnreadable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (/timeout/i.test((error as Error).message))
      throw new ImageRefusedError(422, 'this image took too long to prepare; try a smaller one');
    throw new ImageRefusedError(422, UNREADABLE_TEXT);
  }
}
