import { describe, expect, it } from 'vitest';
import { normaliseListing } from '../../src/ui/api';

describe('catalog listings for the create-room screen', () => {
  it('reads `GET /api/parties` ({ files: [...] }) into the party list', () => {
    expect(normaliseListing({ files: ['sample-party.json', 'heroes.json'] })).toEqual([
      { file: 'sample-party.json', label: 'sample-party.json' },
      { file: 'heroes.json', label: 'heroes.json' },
    ]);
  });

  it('takes objects with a title, and drops entries without a file name', () => {
    expect(
      normaliseListing([{ file: 'arena.json', title: 'Arena' }, { title: 'nameless' }, 'ruins.json']),
    ).toEqual([
      { file: 'arena.json', label: 'Arena' },
      { file: 'ruins.json', label: 'ruins.json' },
    ]);
  });
});
