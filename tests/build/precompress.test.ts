import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';

/** The build step that leaves .br and .gz copies for the server to send. */
describe('precompressDir', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes a .br and a .gz beside each text file, at any depth, that decode to the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'icon-vtt-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = `export const text = ${JSON.stringify('tokens and terrain '.repeat(300))};\n`;
    const html = `<!doctype html><p>${'hello '.repeat(100)}</p>`;
    writeFileSync(join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"mappings":"' + 'AAAA;'.repeat(500) + '"}');
    writeFileSync(join(dir, 'assets', 'picture.png'), Buffer.alloc(2000));
    writeFileSync(join(dir, 'assets', 'tiny.js'), 'x');

    const report = await precompressDir(dir);

    const js1 = join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js1}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${js1}.gz`)).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(html);
    // Source maps and binary pictures are left alone; a copy no smaller than the file is not kept.
    expect(existsSync(join(dir, 'assets', 'index-abc.js.map.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'picture.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'tiny.js.gz'))).toBe(false);

    const byFile = Object.fromEntries(report.map((entry) => [entry.file, entry]));
    expect(Object.keys(byFile).sort()).toEqual([
      join('assets', 'index-abc.js'),
      join('assets', 'tiny.js'),
      'index.html',
    ]);
    const entry = byFile[join('assets', 'index-abc.js')]!;
    expect(entry.bytes).toBe(Buffer.byteLength(js));
    expect(entry.br).toBe(readFileSync(`${js1}.br`).length);
    expect(entry.br!).toBeLessThan(entry.gz!);
  });
});
