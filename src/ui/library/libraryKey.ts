import type { KeyValueStorage } from '../start/yourRooms';

/**
 * This browser's library key, kept in localStorage beside "Your rooms". The key is the library:
 * whoever has it can read and change it, so it only ever goes into the Authorization header and
 * the "library link" the GM copies on purpose. Reads are checked (storage is outside input).
 */
export const LIBRARY_KEY_STORAGE = 'icon-vtt.libraryKey';
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function readLibraryKey(storage: KeyValueStorage): string | undefined {
  try {
    const key = storage.getItem(LIBRARY_KEY_STORAGE);
    return key && KEY_SHAPE.test(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

export function saveLibraryKey(storage: KeyValueStorage, key: string): void {
  if (!KEY_SHAPE.test(key)) return;
  try {
    storage.setItem(LIBRARY_KEY_STORAGE, key);
  } catch {
    // Storage off or full: the library still works for this page; the link brings it back later.
  }
}

/**
 * A `?library=<key>` link opened here: keep the key and take it out of the address bar (it would
 * otherwise sit in history and in screenshots). Returns whether a key was taken.
 */
export function adoptLibraryLink(storage: KeyValueStorage, location: Location, history: History): boolean {
  const url = new URL(location.href);
  const key = url.searchParams.get('library');
  if (key === null) return false;
  url.searchParams.delete('library');
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  if (!KEY_SHAPE.test(key)) return false;
  saveLibraryKey(storage, key);
  return true;
}

/** The link that opens this library on another device. */
export function libraryLink(origin: string, key: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('library', key);
  return url.toString();
}
