import type { WebsocketProvider } from 'y-websocket';
import { CLOSE_REFUSED } from './wireCodes';

/**
 * How this page's link to the server stands, in the words the status bar uses:
 * - `connecting`: never synced yet (the table is not shown before the first sync);
 * - `connected`: every doc of the connection is synced;
 * - `reconnecting`: a socket closed and the provider is retrying (a blip, so far);
 * - `offline`: down for longer than OFFLINE_AFTER_MS, or for good (invite revoked).
 */
export type LinkState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** After this long without a link, "Reconnecting…" becomes "Offline" (the provider keeps trying). */
export const OFFLINE_AFTER_MS = 5_000;

export interface LinkWatch {
  readonly state: LinkState;
  /** Follow these providers (the connection's current ones); returns a function that stops following. */
  watch(providers: readonly WebsocketProvider[]): () => void;
  /** The link will not come back (revoked): stays `offline`. */
  endForGood(): void;
  onChange(cb: (state: LinkState) => void): () => void;
  destroy(): void;
}

/**
 * Derives the link state from the providers' events. A close marks the link down; it is up again
 * once every provider synced. Fresh providers after a refused write start unsynced without a
 * close, so swapping docs does not show as an outage.
 */
export function createLinkWatch(): LinkWatch {
  const listeners = new Set<(s: LinkState) => void>();
  let state: LinkState = 'connecting';
  let down = false;
  let gone = false;
  let offlineTimer: ReturnType<typeof setTimeout> | undefined;
  let providers: readonly WebsocketProvider[] = [];

  const set = (next: LinkState): void => {
    if (next === state) return;
    state = next;
    listeners.forEach((cb) => cb(next));
  };

  const recompute = (): void => {
    if (gone) return set('offline');
    if (down) {
      if (state !== 'offline') set('reconnecting');
      if (offlineTimer === undefined) offlineTimer = setTimeout(() => set('offline'), OFFLINE_AFTER_MS);
      return;
    }
    clearTimeout(offlineTimer);
    offlineTimer = undefined;
    if (providers.length > 0 && providers.every((p) => p.synced)) set('connected');
  };

  return {
    get state() {
      return state;
    },
    watch(next) {
      providers = next;
      const onClose = (event: CloseEvent | null): void => {
        // A refused write closes the socket on purpose and the docs are swapped: not an outage.
        if (event?.code === CLOSE_REFUSED) return;
        down = true;
        recompute();
      };
      const onSync = (synced: boolean): void => {
        if (synced && providers.every((p) => p.synced)) down = false;
        recompute();
      };
      for (const p of next) {
        p.on('connection-close', onClose);
        p.on('sync', onSync);
      }
      recompute();
      return () => {
        for (const p of next) {
          p.off('connection-close', onClose);
          p.off('sync', onSync);
        }
      };
    },
    endForGood() {
      gone = true;
      recompute();
    },
    onChange(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    destroy() {
      clearTimeout(offlineTimer);
      listeners.clear();
    },
  };
}
