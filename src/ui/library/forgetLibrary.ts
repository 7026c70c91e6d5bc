import type { KeyValueStorage } from '../start/yourRooms';
import { downloadJson } from './downloadJson';
import { libraryClient } from './libraryClient';
import { LIBRARY_KEY_STORAGE } from './libraryKey';

/**
 * Forget this browser's library: its key leaves storage (the library stays on the server; the key
 * or the library link brings it back). Storage that cannot remove gets a blank the key reader
 * refuses, which reads as no key.
 */
export function forgetLibraryKey(storage: KeyValueStorage & Partial<Pick<Storage, 'removeItem'>>): void {
  try {
    if (storage.removeItem) storage.removeItem(LIBRARY_KEY_STORAGE);
    else storage.setItem(LIBRARY_KEY_STORAGE, '');
  } catch {
    // Storage off: nothing was kept to forget.
  }
}

/** "Bramble-Raider.icon-vtt-library.json": the entry's name, safe as a file name. */
export function entryFileName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'entry';
  return `${safe.slice(0, 80)}.icon-vtt-library.json`;
}

/** One entry as a library file the import accepts (the server writes it, as for the whole library). */
export async function exportEntry(key: string, entry: { id: string; name: string }): Promise<string> {
  const file = await libraryClient.exportFile(key, [entry.id]);
  const name = entryFileName(entry.name);
  downloadJson(name, file);
  return name;
}
