import { describe, expect, it } from 'vitest';
import {
  entrySummary,
  LIBRARY_FILE_KIND,
  MAX_LIBRARY_ENTRY_BYTES,
  migrateLibraryFile,
  parseEntryData,
  parseLibraryFile,
} from '../../src/schema/library';

const ogre = {
  kind: 'foe',
  name: 'Ogre',
  health: 12,
  defense: 7,
  speed: 4,
  attackBonus: 3,
  frayDamage: 3,
  damageDie: 8,
  size: 2,
  template: 'elite',
};

const file = (entries: unknown[]) => ({ schemaVersion: 1, kind: LIBRARY_FILE_KIND, entries });

describe('migrateLibraryFile', () => {
  it("runs each entry's own kind migration on its data, and only that one", () => {
    const renamed = migrateLibraryFile(
      file([
        { kind: 'map', data: { title: 'Old map' } },
        { kind: 'foe', data: { title: 'Untouched' } },
      ]),
      { map: (data) => ({ name: (data as { title: string }).title }) },
    ) as { entries: { data: unknown }[] };
    expect(renamed.entries.map((e) => e.data)).toEqual([{ name: 'Old map' }, { title: 'Untouched' }]);
  });

  it('passes anything that is not a file through to validation, which names the problem', () => {
    expect(migrateLibraryFile(null)).toBe(null);
    expect(parseLibraryFile({ ...file([]), schemaVersion: 7 })).toEqual({
      ok: false,
      problems: ['Schema version: must be 1'],
    });
  });
});

describe('parseLibraryFile', () => {
  it('accepts a good file and fills the defaults of each schema', () => {
    const parsed = parseLibraryFile(file([{ id: 'ogre', kind: 'foe', data: ogre }]));
    expect(parsed.ok && parsed.file.entries[0]).toMatchObject({
      id: 'ogre',
      kind: 'foe',
      data: { armor: 0 },
    });
  });

  it('names every problem with its entry, counted from 1, and the entry name', () => {
    const parsed = parseLibraryFile(
      file([
        { kind: 'foe', data: ogre },
        { kind: 'dragon', data: {} },
        { kind: 'foe', data: { ...ogre, health: 0, damageDie: 7 } },
        { id: 'x', kind: 'ability', data: { name: 'Zap' } },
        { id: 'x', kind: 'ability', data: { name: 'Zip', cost: 'free' } },
      ]),
    );
    expect(parsed.ok ? [] : parsed.problems).toEqual([
      'entry 2: Kind: must be character, foe, ability, party, map or encounter',
      'entry 3 (Ogre): Health: at least 1',
      expect.stringMatching(/^entry 3 \(Ogre\): Damage die: /),
      'entry 4 (Zap): Cost: must be 1-action, 2-actions, 2-actions-and-move or free',
      "entry 5 (Zip): Id: 'x' is used by an earlier entry",
    ]);
  });

  it('refuses an entry larger than the per-entry bound, in words', () => {
    const big = parseEntryData('ability', {
      name: 'Wordy',
      cost: 'free',
      tags: { keywords: Array.from({ length: 50 }, (_, i) => `k${i}`.padEnd(120, 'x')) },
      description: 'x'.repeat(2000),
    });
    expect(big.ok).toBe(true); // well under the bound: the bound is for maps
    expect(MAX_LIBRARY_ENTRY_BYTES).toBeGreaterThan(2 * 200 * 203 + 200 * 200 * 16);
  });

  it('refuses an entry or its data that is not an object, and data over the entry bound, before any kind check', () => {
    const notEntry = parseLibraryFile(file(['not an entry']));
    expect(notEntry.ok ? [] : notEntry.problems).toEqual(['Entries 1: expected an object']);
    const parsed = parseLibraryFile(
      file([
        { kind: 'foe', data: ogre },
        { kind: 'foe', data: [ogre] },
        { kind: 'foe', data: { ...ogre, notes: 'x'.repeat(MAX_LIBRARY_ENTRY_BYTES) } },
      ]),
    );
    expect(parsed.ok).toBe(false);
    const problems = parsed.ok ? '' : parsed.problems.join('\n');
    expect(problems).toContain('entry 2: Data: expected an object');
    expect(problems).toMatch(/entry 3 \(Ogre\): Data: at most [\d,]+ bytes per entry/);
  });
});

describe('entrySummary', () => {
  it('says what a list shows under the name', () => {
    const parsed = parseEntryData('foe', ogre);
    expect(parsed.ok && entrySummary('foe', parsed.data)).toBe('Foe · elite · size 2 · Health 12');
    const blast = parseEntryData('ability', {
      name: 'Fireball',
      cost: '2-actions',
      range: 5,
      area: { primary: { kind: 'blast', size: 2 } },
      tags: { attack: true },
      attack: { kind: 'ranged', onHit: {} },
    });
    expect(blast.ok && entrySummary('ability', blast.data)).toBe('Ability · 2 actions · Blast 2 · ranged');
  });
});
