import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { LazyChunk } from './lazyChunk';

/** Where a chunk is for one component: here, on its way, or not downloadable (said on the page). */
export type ChunkState<M> = { readonly module: M } | 'loading' | 'unavailable';

/** The chunk's module once it is here (at once when an earlier open already fetched it). */
export function useChunk<M>(chunk: LazyChunk<M>, onUnavailable?: () => void): ChunkState<M> {
  const [state, setState] = useState<ChunkState<M>>(() => {
    const module = chunk.loaded();
    return module === undefined ? 'loading' : { module };
  });
  useEffect(() => {
    if (state !== 'loading') return;
    let live = true;
    chunk.load().then(
      (module) => live && setState({ module }),
      () => {
        if (!live) return;
        setState('unavailable');
        onUnavailable?.();
      },
    );
    return () => {
      live = false;
    };
    // onUnavailable is read when the load ends: a new function each render must not refetch.
  }, [chunk, state]);
  return state;
}

/**
 * Draws `render(module)` once the chunk is here, a short "Loading…" line until then, and nothing
 * when it could not be downloaded: the page's reload notice says so, and `onUnavailable` lets
 * the opener close (so that opening again tries afresh).
 */
export function Lazy<M>(props: {
  chunk: LazyChunk<M>;
  render: (module: M) => ComponentChildren;
  onUnavailable?: () => void;
}) {
  const state = useChunk(props.chunk, props.onUnavailable);
  if (state === 'unavailable') return null;
  return state === 'loading' ? <p class="muted">Loading…</p> : <>{props.render(state.module)}</>;
}
