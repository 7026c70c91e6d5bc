/** The image formats the server stores (issue 14): what sharp decodes and every browser shows. */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * The format the first bytes say (magic numbers), or undefined. File names and Content-Type
 * headers are never consulted: a lying extension changes nothing.
 * PNG: 89 'PNG' CR LF 1A LF. JPEG: FF D8 FF (SOI, then a marker). WebP: 'RIFF' <size> 'WEBP'.
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | undefined {
  const starts = (offset: number, ...expected: number[]) =>
    bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}
