import { z } from 'zod';

/**
 * An uploaded image (battlemap background, portrait) is stored once per content: its id is the
 * SHA-256 of the bytes as stored, in lowercase hex. The same picture uploaded twice is one asset.
 */
export const AssetHashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'expected an image id (64 hexadecimal digits)');
export type AssetHash = z.infer<typeof AssetHashSchema>;

/** Largest side of a stored image, in pixels; the upload limits in docs/server.md say it. */
export const MAX_IMAGE_SIDE = 10_240;
