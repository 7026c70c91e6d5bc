import { useCallback, useEffect, useState } from 'preact/hooks';
import type { LibraryFile } from '../../schema/library';
import type { Foe } from '../../schema/statBlock';
import { browserStorage } from '../browserStorage';
import { libraryChunk } from '../lazy/chunks';
import type { PlaceableFoe } from './placingState';

/** The foes of a library file under one heading, keyed by where they come from. */
export function foesOfFile(file: LibraryFile, group: string, prefix: string): PlaceableFoe[] {
  return file.entries
    .filter((e) => e.kind === 'foe')
    .map((e, i) => {
      const statBlock = e.data as Foe;
      return { key: `${prefix}:${e.id ?? i}`, name: statBlock.name, group, statBlock };
    });
}

/**
 * This browser's library foes, then the starter set's; a part that cannot load is left out. The
 * library's client comes with its chunk (a player's page never asks for it).
 */
async function loadFoes(): Promise<PlaceableFoe[]> {
  const library = await libraryChunk.load().catch(() => undefined);
  if (!library) return [];
  const { libraryClient, libraryEntriesOf, readLibraryKey } = library;
  const key = readLibraryKey(browserStorage());
  const mine = async (): Promise<PlaceableFoe[]> =>
    (await libraryEntriesOf(key, 'foe')).map(({ id, data }) => {
      const statBlock = data as Foe;
      return { key: `library:${id}`, name: statBlock.name, group: 'Your library', statBlock };
    });
  const [own, starter] = await Promise.all([
    mine().catch(() => []),
    libraryClient
      .starter()
      .then((file) => foesOfFile(file, 'Starter set', 'starter'))
      .catch(() => []),
  ]);
  return [...own, ...starter];
}

/**
 * The campaign library's and the starter set's foes for the place-foes form, fetched when the
 * form appears and again when its list is focused (the GM may have just saved a new foe).
 */
export function useLibraryFoes(): [readonly PlaceableFoe[], () => void] {
  const [foes, setFoes] = useState<readonly PlaceableFoe[]>([]);
  const reload = useCallback(() => {
    void loadFoes().then(setFoes);
  }, []);
  useEffect(reload, [reload]);
  return [foes, reload];
}
