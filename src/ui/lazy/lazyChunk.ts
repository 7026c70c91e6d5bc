import { showChunkFailure } from './chunkFailure';

/** The promise of a chunk that could not be downloaded rejects with this, after the page said so. */
export class ChunkUnavailable extends Error {
  constructor(cause: unknown) {
    super('part of the page could not be downloaded', { cause });
  }
}

/** One lazily loaded part of the page: `load()` fetches it the first time, then answers at once. */
export interface LazyChunk<M> {
  load(): Promise<M>;
  /** The module once it arrived: a component already opened once draws it without waiting. */
  loaded(): M | undefined;
}

/**
 * Wraps a dynamic `import()` of one feature. A failed download is tried again once at once (a
 * dropped request, a server restarting under a deploy); when that fails too the page shows the
 * reload notice (`sayFailure`) and `load()` rejects with ChunkUnavailable. The next `load()`
 * tries afresh. Trying the same `import()` again fetches again because browsers no longer keep a
 * failed module fetch (whatwg/html#10327; tests/e2e/lazyChunks.spec.ts checks it in Chromium).
 * Vite's preload helper fires `vite:preloadError` and then rejects, so the rejection is all this
 * needs.
 */
export function lazyChunk<M>(
  importer: () => Promise<M>,
  sayFailure: () => void = showChunkFailure,
): LazyChunk<M> {
  let pending: Promise<M> | undefined;
  let module: M | undefined;
  const attempt = async (): Promise<M> => {
    try {
      return await importer().catch(() => importer());
    } catch (e) {
      pending = undefined;
      sayFailure();
      throw new ChunkUnavailable(e);
    }
  };
  return {
    load: () =>
      (pending ??= attempt().then((m) => {
        module = m;
        return m;
      })),
    loaded: () => module,
  };
}
