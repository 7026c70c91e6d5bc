import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { startServer } from '../../src/server/startServer';
import type { RunningServer } from '../../src/server/startServer';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A raw HTTP request: fetch() would add its own Accept-Encoding and decode the body, hiding
 * exactly what this file checks.
 */
function raw(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const APP_JS = `console.log(${JSON.stringify('the table '.repeat(400))});\n`;
const INDEX = `<!doctype html><title>icon-vtt static test</title><p>${'welcome '.repeat(200)}</p>`;
const BR_ONLY_CSS = `body { color: black; }\n`.repeat(100);

/**
 * The static file handler over real HTTP, on a dist/ with precompressed siblings (as
 * `vite build` leaves it). The dist/ lives under a folder named `assets` on purpose: only files
 * under dist/assets/ are hashed and may be cached forever.
 */
describe('static files: encodings, caching, HEAD, ETags, traversal', () => {
  let server: RunningServer;
  let origin: string;
  let top: string;
  beforeAll(async () => {
    top = mkdtempSync(join(tmpdir(), 'icon-vtt-static-'));
    const dist = join(top, 'assets', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    const put = (path: string, text: string, encodings: ('br' | 'gz')[]): void => {
      writeFileSync(path, text);
      if (encodings.includes('br')) writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(text)));
      if (encodings.includes('gz')) writeFileSync(`${path}.gz`, gzipSync(Buffer.from(text)));
    };
    put(join(dist, 'index.html'), INDEX, ['br', 'gz']);
    put(join(dist, 'assets', 'app-1234.js'), APP_JS, ['br', 'gz']);
    put(join(dist, 'assets', 'style-99.css'), BR_ONLY_CSS, ['br']);
    put(join(dist, 'assets', 'tiny-1.js'), 'x', []);
    // Outside dist/: never served, compressed or not.
    put(join(top, 'assets', 'secret.txt'), 'secret', ['br', 'gz']);
    put(join(top, 'secret.js'), 'secret', ['br', 'gz']);
    server = await startServer({ port: 0, dataDir: join(top, 'data'), dice: fixedDice([]), distDir: dist });
    origin = server.origin;
  });
  afterAll(async () => {
    await server.close();
    rmSync(top, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, with the right type, length and Vary', async () => {
    const res = await raw(origin, '/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await raw(origin, '/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(APP_JS);
  });

  it('sends the file as is without Accept-Encoding, for identity, and for codings it does not have', async () => {
    for (const accept of [undefined, 'identity', 'compress, zstd', 'deflate', '']) {
      const res = await raw(
        origin,
        '/assets/app-1234.js',
        accept === undefined ? {} : { 'accept-encoding': accept },
      );
      expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding: undefined });
      expect(res.body.toString()).toBe(APP_JS);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(APP_JS));
      expect(res.headers['vary']).toBe('Accept-Encoding');
    }
  });

  it('follows q-values: q=0 refuses a coding, the highest q wins, ties prefer brotli', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['BR;Q=0.0, GZIP', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['gzip, br', 'br'],
      ['*', 'br'],
      ['*;q=0.1, br;q=0', 'gzip'],
      ['*;q=0', undefined],
      ['identity;q=1, br;q=0.2', undefined],
      ['gzip;q=nonsense, br;q=', undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await raw(origin, '/assets/app-1234.js', { 'accept-encoding': accept });
      expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding: expected });
    }
  });

  it('serves a coding only where it was precompressed', async () => {
    const css = await raw(origin, '/assets/style-99.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe(BR_ONLY_CSS);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const tiny = await raw(origin, '/assets/tiny-1.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    // Nothing to choose between: caches need no Vary.
    expect(tiny.headers['vary']).toBeUndefined();
    expect(tiny.body.toString()).toBe('x');
  });

  it('caches hashed assets for a year and never index.html, even under a folder named assets', async () => {
    const asset = await raw(origin, '/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/?room=abc&token=def', '/some/app/route']) {
      const page = await raw(origin, path, { 'accept-encoding': 'br' });
      expect({ path, status: page.status, cache: page.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cache: 'no-cache',
      });
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(origin, '/assets/app-1234.js', { 'accept-encoding': 'br' });
    const head = await raw(origin, '/assets/app-1234.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of [
      'content-type',
      'content-length',
      'content-encoding',
      'cache-control',
      'vary',
      'etag',
    ]) {
      expect({ name, value: head.headers[name] }).toEqual({ name, value: get.headers[name] });
    }
  });

  it('answers 304 to a matching If-None-Match; each encoding has its own ETag', async () => {
    const br = await raw(origin, '/', { 'accept-encoding': 'br' });
    const gzip = await raw(origin, '/', { 'accept-encoding': 'gzip' });
    const plain = await raw(origin, '/');
    const tags = [br, gzip, plain].map((res) => res.headers['etag']);
    expect(tags.every((tag) => typeof tag === 'string' && /^"[^"]+"$/.test(tag))).toBe(true);
    expect(new Set(tags).size).toBe(3);

    const again = await raw(origin, '/', { 'accept-encoding': 'br', 'if-none-match': br.headers['etag']! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(br.headers['etag']);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers['vary']).toBe('Accept-Encoding');
    // A list with the tag in it, and `*`, match too; another encoding's tag does not.
    const listed = await raw(origin, '/', {
      'accept-encoding': 'br',
      'if-none-match': `"x", ${br.headers['etag']}`,
    });
    expect(listed.status).toBe(304);
    expect((await raw(origin, '/', { 'accept-encoding': 'br', 'if-none-match': '*' })).status).toBe(304);
    const other = await raw(origin, '/', { 'accept-encoding': 'br', 'if-none-match': gzip.headers['etag']! });
    expect(other.status).toBe(200);
    expect(brotliDecompressSync(other.body).toString()).toBe(INDEX);
  });

  it('never serves a file outside dist/, in any encoding', async () => {
    const attempts = [
      '/assets/..%2F..%2Fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2F..%2Fsecret.js',
      '/%2e%2e%2f%2e%2e%2fsecret.js',
      '/..%5C..%5Csecret.js',
      '/assets/app-1234.js%00.br',
      '/assets/../../secret.txt',
    ];
    for (const path of attempts) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const res = await raw(origin, path, { 'accept-encoding': accept });
        expect({ path, accept, status: res.status }).toEqual({ path, accept, status: 404 });
        expect(res.body.toString()).not.toContain('secret');
      }
    }
    // No extension: an app route, answered with the page itself.
    const route = await raw(origin, '/..%2F..%2Fetc%2Fpasswd');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toBe(INDEX);
  });

  it('keeps the security headers on compressed answers and on 304s', async () => {
    const res = await raw(origin, '/', { 'accept-encoding': 'br' });
    const notModified = await raw(origin, '/', {
      'accept-encoding': 'br',
      'if-none-match': res.headers['etag']!,
    });
    for (const answer of [res, notModified]) {
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});
