import { describe, expect, it } from 'vitest';
import { nameForNewToken, numberDuplicates, numberedName, shownNames } from '../../src/table/tokenNames';

describe('numbering duplicate names (issue 12, dead end 9)', () => {
  it('numbers every name that appears more than once, in order, and leaves single names alone', () => {
    expect(
      numberDuplicates(['Hollow Husk', 'Temple Sentry', 'Hollow Husk', 'Ruin Drake', 'Temple Sentry']),
    ).toEqual(['Hollow Husk 1', 'Temple Sentry 1', 'Hollow Husk 2', 'Ruin Drake', 'Temple Sentry 2']);
  });

  it('skips a number another character already carries as its name', () => {
    expect(numberDuplicates(['Orc', 'Orc 1', 'Orc'])).toEqual(['Orc 2', 'Orc 1', 'Orc 3']);
  });

  it('keeps a numbered name within the 80 characters a token name may have', () => {
    const long = 'A'.repeat(80);
    expect(numberedName(long, 12)).toHaveLength(80);
    expect(numberedName(long, 12).endsWith('… 12')).toBe(true);
    expect(numberedName('Hollow Husk', 2)).toBe('Hollow Husk 2');
  });

  it('a second token of a name numbers both: the first becomes "… 1", the new one "… 2"', () => {
    expect(nameForNewToken('Foe', [{ id: 'a', name: 'Foe' }])).toEqual({
      name: 'Foe 2',
      renames: [{ id: 'a', name: 'Foe 1' }],
    });
  });

  it('a third token after numbered ones takes the next number; a new name stays as it is', () => {
    const husks = [
      { id: 'husk-1', name: 'Hollow Husk 1' },
      { id: 'husk-2', name: 'Hollow Husk 2' },
    ];
    expect(nameForNewToken('Hollow Husk', husks)).toEqual({ name: 'Hollow Husk 3', renames: [] });
    expect(nameForNewToken('Ruin Drake', husks)).toEqual({ name: 'Ruin Drake', renames: [] });
  });

  it('older rooms: names shown are numbered by token id (natural order), unique names unchanged', () => {
    const shown = shownNames([
      { id: 'husk-10', name: 'Hollow Husk' },
      { id: 'sentry-1', name: 'Temple Sentry' },
      { id: 'husk-2', name: 'Hollow Husk' },
    ]);
    expect(Object.fromEntries(shown)).toEqual({
      'husk-2': 'Hollow Husk 1',
      'husk-10': 'Hollow Husk 2',
      'sentry-1': 'Temple Sentry',
    });
  });
});
