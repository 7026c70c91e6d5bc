/**
 * Test images made with sharp: a plain field with a dark line every `square` pixels (the grid
 * of a battlemap) and a coloured dot in the middle of each square whose colour says its column
 * and row, so a test or the bench can check by pixels that an image lines up with the map's
 * squares. Used by the server's asset tests, the backdrop renderer's tests and the bench.
 *
 *   npx tsx scripts/make-test-image.ts out.png [width=8192] [height=width] [square=128]
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export type TestImageFormat = 'png' | 'jpeg' | 'webp';

export interface TestImageOptions {
  readonly width: number;
  readonly height: number;
  /** Pixels per square: grid lines are drawn at every multiple. */
  readonly square?: number;
  readonly format?: TestImageFormat;
}

/** The dot colour of the square at (column, row): red = column, green = row (both mod 8), blue 255. */
export function squareColour(column: number, row: number): { r: number; g: number; b: number } {
  return { r: (column % 8) * 32, g: (row % 8) * 32, b: 255 };
}

/** The image as SVG (drawn by sharp's renderer): the field, the dots, then the grid lines. */
function gridSvg(width: number, height: number, square: number): string {
  const columns = Math.ceil(width / square);
  const rows = Math.ceil(height / square);
  const dots: string[] = [];
  const r = Math.max(2, Math.floor(square / 6));
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const { r: red, g, b } = squareColour(column, row);
      const cx = column * square + square / 2;
      const cy = row * square + square / 2;
      dots.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="rgb(${red},${g},${b})"/>`);
    }
  }
  const lines: string[] = [];
  for (let x = 0; x <= width; x += square) lines.push(`M${x} 0V${height}`);
  for (let y = 0; y <= height; y += square) lines.push(`M0 ${y}H${width}`);
  const stroke = Math.max(1, Math.round(square / 32));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="rgb(150,170,110)"/>${dots.join('')}` +
    `<path d="${lines.join('')}" stroke="rgb(20,20,20)" stroke-width="${stroke}"/></svg>`
  );
}

/** Encoded image bytes (PNG unless told otherwise). An 8192×8192 PNG takes about a second. */
export async function makeTestImage(options: TestImageOptions): Promise<Buffer> {
  const { width, height, square = 128, format = 'png' } = options;
  const image = sharp(Buffer.from(gridSvg(width, height, square)), { limitInputPixels: false });
  if (format === 'jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 85 }).toBuffer();
  return image.png({ compressionLevel: 1 }).toBuffer();
}

/**
 * A PNG that declares `width`×`height` in its header but holds almost no data: an "image bomb"
 * that would need gigabytes if it were ever decoded. The IHDR chunk (with a correct CRC) says the
 * size; one tiny IDAT and IEND follow.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  // compression, filter, interlace: 0
  const idat = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** CRC-32 (ISO 3309), as PNG chunks use. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

if (process.argv[1]?.endsWith('make-test-image.ts')) {
  const [out, w = '8192', h, square = '128'] = process.argv.slice(2);
  if (!out) {
    console.error('usage: npx tsx scripts/make-test-image.ts out.png [width] [height] [square]');
    process.exit(1);
  }
  const format: TestImageFormat = out.endsWith('.webp') ? 'webp' : /\.jpe?g$/.test(out) ? 'jpeg' : 'png';
  const bytes = await makeTestImage({
    width: Number(w),
    height: Number(h ?? w),
    square: Number(square),
    format,
  });
  writeFileSync(out, bytes);
  console.log(`${out}: ${bytes.length} bytes`);
}
