import type { KeyValueStorage } from './start/yourRooms';

/**
 * This browser's localStorage, or a page-lifetime stand-in where storage is switched off (reading
 * `window.localStorage` itself throws then): the start page still works, it just forgets.
 */
export function browserStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('icon-vtt.probe');
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
  }
}
