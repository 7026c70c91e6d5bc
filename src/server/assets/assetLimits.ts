import { MAX_IMAGE_SIDE } from '../../schema/asset';
import {
  MAX_MAP_IMAGE_BYTES,
  megabytes,
  tooLargeText,
  MAX_PORTRAIT_IMAGE_BYTES,
  MAX_ROOM_ASSET_BYTES,
  MAX_ROOM_ASSETS,
} from '../../schema/limits';
import type { RateLimit } from '../limits';

/** What an upload is for: a battlemap (GM only) or a token portrait (GM or player). */
export type AssetPurpose = 'map' | 'portrait';

/** Bytes an upload of each purpose may carry (src/schema/limits.ts; docs/server.md "Limits"). */
export const MAX_UPLOAD_BYTES: Readonly<Record<AssetPurpose, number>> = {
  map: MAX_MAP_IMAGE_BYTES,
  portrait: MAX_PORTRAIT_IMAGE_BYTES,
};

/**
 * Pixels sharp may decode from one image: every image is checked against MAX_IMAGE_SIDE from its
 * header first; this is libvips' own second line against a header that lies.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

/** Server-wide bounds on image work; tests shrink them through `configureAssets`. */
export interface AssetOptions {
  /** Images decoded and cut at once, server-wide: sharp already uses every core for one. */
  readonly maxRunningJobs: number;
  /** Uploads and imports under way at once (reading, waiting or being cut); more get 503. */
  readonly maxUploadsInFlight: number;
  /** Longest the sharp work on one image may take (ms): an 8192×8192 map takes 3–4 s. */
  readonly jobTimeoutMs: number;
  /** Longest an upload waits for its turn once its bytes are in (ms); then 503. */
  readonly maxWaitMs: number;
  /** Uploads per link (token). */
  readonly uploads: RateLimit;
  readonly maxRoomAssets: number;
  /** Bytes of the images (as stored, tiles not counted) one room links to. */
  readonly maxRoomBytes: number;
  /** The upload limit's clock (ms): tests hold it still, so a slow machine does not refill the bucket. */
  readonly now: () => number;
}

export const DEFAULT_ASSET_OPTIONS: AssetOptions = {
  maxRunningJobs: 1,
  maxUploadsInFlight: 6,
  jobTimeoutMs: 30_000,
  maxWaitMs: 20_000,
  // A GM bringing a map and a party's portraits sends ten at once; then one every 6 s.
  uploads: { burst: 20, perSecond: 1 / 6 },
  maxRoomAssets: MAX_ROOM_ASSETS,
  maxRoomBytes: MAX_ROOM_ASSET_BYTES,
  now: Date.now,
};

export function tooManyPixelsText(width: number, height: number): string {
  return `the image is ${width}×${height} pixels; at most ${MAX_IMAGE_SIDE} on a side`;
}

export const BUSY_TEXT = 'the server is busy preparing other images; try again in 5 s';
/** Sent with BUSY_TEXT (503): seconds to wait. */
export const BUSY_RETRY_SECONDS = 5;
export const NOT_AN_IMAGE_TEXT = 'this is not a PNG, JPEG or WebP image';
export const EMPTY_FILE_TEXT = 'the file is empty: send a PNG, JPEG or WebP image';
export const UNREADABLE_TEXT = 'this image could not be read: it is damaged or cut short';

export { megabytes, tooLargeText };
