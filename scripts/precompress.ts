/**
 * Build step: after `vite build`, write a brotli (`.br`) and a gzip (`.gz`) copy beside every
 * text file in dist/, so the server (src/server/http/staticFiles.ts) sends compressed bytes
 * without compressing on each request. node:zlib only, no plugin dependency.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Text the browser downloads. Source maps are left out: only open dev tools fetch them, and
 * brotli at its best takes seconds on their megabytes, on every build.
 */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.wasm']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressedFile {
  /** Path relative to the directory. */
  readonly file: string;
  readonly bytes: number;
  /** Undefined where compressing did not make the file smaller (then no copy is written). */
  readonly br?: number;
  readonly gz?: number;
}

/** Compresses every compressible file under `dir` (in parallel on libuv's thread pool). */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(files.map((path) => precompressFile(path, dir)));
}

async function precompressFile(path: string, dir: string): Promise<PrecompressedFile> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file (tiny files) would only cost a stat and a Vary header.
  const keep = async (data: Buffer, suffix: string): Promise<number | undefined> => {
    if (data.length >= bytes.length) return undefined;
    await writeFile(path + suffix, data);
    return data.length;
  };
  const [brBytes, gzBytes] = await Promise.all([keep(br, '.br'), keep(gz, '.gz')]);
  return { file: path.slice(dir.length + 1), bytes: bytes.length, br: brBytes, gz: gzBytes };
}

/** The Vite plugin: runs `precompressDir` on the output directory once the build is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'icon-vtt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
