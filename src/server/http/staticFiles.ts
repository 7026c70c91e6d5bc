import { createReadStream, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRECOMPRESSED, pickEncoding } from './contentEncoding';
import type { Coding } from './contentEncoding';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * Serve the built client from `root` (dist/); `/` and unknown non-asset paths get index.html.
 * Each file goes out in the best precompressed encoding the request accepts (see
 * contentEncoding.ts), with an ETag per encoding so a revalidated index.html costs a 304.
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): void {
  const base = resolve(root);
  let pathname: string;
  try {
    // The path is taken as a path even when it starts with `//` (new URL would read a host).
    pathname = decodeURIComponent(new URL(`http://x${req.url ?? '/'}`).pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('bad path\n');
    return;
  }
  let file = resolve(join(base, normalize(pathname)));
  if (file !== base && !file.startsWith(base + sep)) return notFound(res);
  let stats = fileStats(file);
  if (!stats) {
    // Client-side routes fall back to the app; a missing asset (has an extension) is a 404.
    if (extname(pathname)) return notFound(res);
    file = base;
  }
  if (file === base) {
    file = join(base, 'index.html');
    stats = fileStats(file);
  }
  if (!stats) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The client is not built: run `npm run build` (npm start does it for you).\n');
    return;
  }

  const variants = precompressedVariants(file, stats);
  const coding = pickEncoding(req.headers['accept-encoding'], [...variants.keys()]);
  const served = coding === 'identity' ? { path: file, stats } : variants.get(coding)!;
  const etag = `"${served.stats.size.toString(36)}-${Math.floor(served.stats.mtimeMs).toString(36)}-${coding}"`;
  const headers: Record<string, string | number> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    // Vite puts a content hash in the names of files under assets/: cache those, never index.html.
    'cache-control': relative(base, file).startsWith(`assets${sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
    etag,
  };
  // Caches must key on Accept-Encoding only where the answer depends on it.
  if (variants.size > 0) headers['vary'] = 'Accept-Encoding';
  if (coding !== 'identity') headers['content-encoding'] = coding;

  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers).end();
    return;
  }
  headers['content-length'] = served.stats.size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(served.path)
    .on('error', () => res.destroy())
    .pipe(res);
}

interface Variant {
  readonly path: string;
  readonly stats: Stats;
}

/**
 * The `.br`/`.gz` siblings of `file`. One older than the file itself is stale (the file was
 * replaced after the build compressed it) and is ignored rather than served with wrong content.
 */
function precompressedVariants(file: string, original: Stats): Map<Coding, Variant> {
  const variants = new Map<Coding, Variant>();
  for (const { coding, suffix } of PRECOMPRESSED) {
    const path = file + suffix;
    const stats = fileStats(path);
    if (stats && stats.mtimeMs >= original.mtimeMs) variants.set(coding, { path, stats });
  }
  return variants;
}

/** If-None-Match (RFC 9110 §13.1.2): `*` or a list of tags; weak tags compare by their value. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function fileStats(path: string): Stats | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('not found\n');
}
