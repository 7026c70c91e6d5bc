/**
 * Content negotiation for precompressed static files (RFC 9110 §12.5.3). `vite build` leaves a
 * `.br` and a `.gz` beside each text file (scripts/precompress.ts); the server picks one from the
 * request's Accept-Encoding.
 */

/** The codings we precompress, in the order we prefer them when a client likes both equally. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type Coding = (typeof PRECOMPRESSED)[number]['coding'];

/**
 * The best coding among `available` that `acceptEncoding` accepts, or 'identity' (the file as
 * is). No header means any coding is fine (RFC 9110), but we answer such clients, typically
 * scripts and old proxies, with the file as is, as most servers do. A coding is acceptable when
 * its own entry, else the `*` entry, has q > 0; the highest q wins. A malformed q-value counts
 * as q=0. When no coding is acceptable, even if identity is refused too, the file goes out as is
 * (RFC 9110 allows it; a 406 helps nobody).
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: readonly Coding[],
): Coding | 'identity' {
  if (!acceptEncoding) return 'identity';
  const weights = parseAcceptEncoding(acceptEncoding);
  const weight = (coding: string): number => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: Coding | 'identity' = 'identity';
  let bestWeight = 0;
  for (const { coding } of PRECOMPRESSED) {
    if (!available.includes(coding)) continue;
    const w = weight(coding);
    if (w > bestWeight) [best, bestWeight] = [coding, w];
  }
  // Identity competes only when the client names it ("identity;q=1, br;q=0.5"); otherwise it is
  // the fallback.
  const identity = weights.get('identity') ?? 0;
  return identity > bestWeight ? 'identity' : best;
}

/** coding → q, lower-cased; entries with a malformed q get 0. */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      if (!param.startsWith('q=')) continue;
      const text = param.slice(2);
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text) ? Number(text) : 0;
    }
    weights.set(name, q);
  }
  return weights;
}
