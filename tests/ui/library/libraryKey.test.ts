import { describe, expect, it } from 'vitest';
import { LIBRARY_KINDS, parseEntryData } from '../../../src/schema/library';
import {
  LIBRARY_KEY_STORAGE,
  libraryLink,
  readLibraryKey,
  saveLibraryKey,
} from '../../../src/ui/library/libraryKey';
import { newEntryData } from '../../../src/ui/library/newEntry';

const memory = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
};

describe('the library key in this browser', () => {
  it('keeps a key of the right shape and ignores anything else stored under its name', () => {
    const storage = memory();
    expect(readLibraryKey(storage)).toBeUndefined();
    saveLibraryKey(storage, 'not a key!');
    expect(readLibraryKey(storage)).toBeUndefined();
    saveLibraryKey(storage, 'A'.repeat(43));
    expect(readLibraryKey(storage)).toBe('A'.repeat(43));
    storage.map.set(LIBRARY_KEY_STORAGE, 'javascript:alert(1)');
    expect(readLibraryKey(storage)).toBeUndefined();
  });

  it('builds the link that opens the library elsewhere', () => {
    expect(libraryLink('http://table.example:8080', 'abc_DEF-123456789')).toBe(
      'http://table.example:8080/?library=abc_DEF-123456789',
    );
  });
});

describe('New starts from a valid template of every kind', () => {
  it.each(LIBRARY_KINDS)('%s', (kind) => {
    const data = newEntryData(kind);
    expect(parseEntryData(kind, data).ok).toBe(true);
    expect(data.name).toMatch(/^New /);
  });
});
