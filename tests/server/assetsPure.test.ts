import { describe, expect, it } from 'vitest';
import { megabytes, tooLargeText } from '../../src/server/assets/assetLimits';
import { tileLevels } from '../../src/schema/tilePyramid';
import { sniffImage } from '../../src/server/assets/sniffImage';
import { pngBomb } from '../../scripts/make-test-image';

describe('tileLevels', () => {
  it('stops at the first level one tile holds; halves round up', () => {
    expect(tileLevels(512, 512)).toEqual([{ level: 0, width: 512, height: 512, columns: 1, rows: 1 }]);
    expect(tileLevels(513, 10).map((l) => [l.width, l.height, l.columns, l.rows])).toEqual([
      [513, 10, 2, 1],
      [257, 5, 1, 1],
    ]);
    const big = tileLevels(8192, 8192);
    expect(big.map((l) => l.columns)).toEqual([16, 8, 4, 2, 1]);
    expect(tileLevels(10_240, 3).at(-1)).toMatchObject({ width: 320, height: 1 });
  });
});

describe('sniffImage', () => {
  it('reads the magic bytes only', () => {
    expect(sniffImage(pngBomb(1, 1))).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeUndefined();
  });
});

describe('size sentences', () => {
  it('say sizes as people read them, never "25 MB; at most 25 MB"', () => {
    expect(megabytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(megabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(megabytes(200 * 1024)).toBe('200 KB');
    expect(tooLargeText(31 * 1024 * 1024, 25 * 1024 * 1024)).toBe('the file is 31 MB; at most 25 MB');
    expect(tooLargeText(25 * 1024 * 1024 + 1, 25 * 1024 * 1024)).toBe(
      'the file is over 25 MB; at most 25 MB',
    );
  });
});
