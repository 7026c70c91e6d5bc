import { browserStorage } from '../browserStorage';
import { useEffect, useState } from 'preact/hooks';
import { AbilitySchema, type Ability } from '../../schema/ability';
import type { RoomSnapshot } from '../../table/snapshot';
import { libraryClient } from '../library/libraryClient';
import { readLibraryKey } from '../library/libraryKey';

/** Where an ability the sheet offers comes from, as the picker groups them. */
export type AbilitySource = 'room' | 'library' | 'starter';
export const SOURCE_NAMES: Record<AbilitySource, string> = {
  room: 'In this room',
  library: 'Your library',
  starter: 'Starter set',
};

/** One ability the sheet can learn or make a Limit Break: its name, and how to read it whole. */
export interface AbilityChoice {
  readonly id: string;
  readonly name: string;
  readonly source: AbilitySource;
  readonly limitBreak: boolean;
  /** The ability itself, checked with the schema (a library entry is read when picked). */
  readonly load: () => Promise<Ability>;
}

/** The abilities of the stat blocks this viewer sees in the room, each name once. */
export function roomAbilityChoices(snapshot: RoomSnapshot): AbilityChoice[] {
  const seen = new Map<string, AbilityChoice>();
  for (const token of Object.values(snapshot.tokensById))
    for (const ability of token.statBlock?.abilities ?? [])
      if (!seen.has(ability.name))
        seen.set(ability.name, {
          id: `room:${ability.name}`,
          name: ability.name,
          source: 'room',
          limitBreak: ability.tags.limitBreak !== null,
          load: () => Promise.resolve(ability),
        });
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The abilities of this browser's library (when it keeps a key) and of the starter set, read once
 * when the sheet opens. A library that cannot be read says so in `problem`; the rest still offer.
 */
export function useLibraryAbilityChoices(): { choices: AbilityChoice[]; problem: string } {
  const [choices, setChoices] = useState<AbilityChoice[]>([]);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let live = true;
    const key = readLibraryKey(browserStorage());
    const mine = key
      ? libraryClient.list(key).then((entries) =>
          entries
            .filter((e) => e.kind === 'ability')
            .map((e): AbilityChoice => ({
              id: `library:${e.id}`,
              name: e.name,
              source: 'library',
              limitBreak: /Limit Break/i.test(e.summary),
              load: async () => AbilitySchema.parse((await libraryClient.get(key, e.id)).data),
            })),
        )
      : Promise.resolve([]);
    const starter = libraryClient.starter().then((file) =>
      file.entries.flatMap((e, i): AbilityChoice[] => {
        if (e.kind !== 'ability') return [];
        const ability = AbilitySchema.parse(e.data);
        return [
          {
            id: `starter:${e.id ?? i}`,
            name: ability.name,
            source: 'starter',
            limitBreak: ability.tags.limitBreak !== null,
            load: () => Promise.resolve(ability),
          },
        ];
      }),
    );
    void Promise.allSettled([mine, starter]).then(([a, b]) => {
      if (!live) return;
      const ok = [a, b].flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      setChoices(ok);
      const failed = [a, b].find((r) => r.status === 'rejected');
      if (failed)
        setProblem(`Some abilities could not be read: ${String((failed as PromiseRejectedResult).reason)}`);
    });
    return () => {
      live = false;
    };
  }, []);
  return { choices, problem };
}
