import { describe, expect, it } from 'vitest';
import { openingMessage, whoYouAre } from '../../src/ui/whoYouAre';

const tokens = [
  { id: 'maren', name: 'Maren' },
  { id: 'vex', name: 'Vex' },
  { id: 'rook', name: 'Rook' },
];

describe("the status bar's who-you-are", () => {
  it('says the GM as a person would, with a name when there is one', () => {
    expect(whoYouAre({ role: 'gm', characterIds: [], name: 'GM' }, tokens)).toBe('You are the GM');
    expect(whoYouAre({ role: 'gm', characterIds: [], name: '' }, tokens)).toBe('You are the GM');
    expect(whoYouAre({ role: 'gm', characterIds: [], name: 'Kim' }, tokens)).toBe('You are Kim, the GM');
  });

  it("names a player and their characters by the table's names, never an id", () => {
    const pat = (characterIds: string[]) => whoYouAre({ role: 'player', characterIds, name: 'Pat' }, tokens);
    expect(pat(['maren'])).toBe('You are Pat, playing Maren');
    expect(pat(['maren', 'vex'])).toBe('You are Pat, playing Maren and Vex');
    expect(pat(['rook', 'maren', 'vex'])).toBe('You are Pat, playing Rook, Maren and Vex');
    expect(pat([])).toBe('You are Pat, watching');
    expect(pat(['gone-1'])).toBe('You are Pat');
    expect(pat(['gone-1', 'vex'])).toBe('You are Pat, playing Vex');
  });

  it("opens the status line with what to do first, naming a player's characters", () => {
    expect(openingMessage({ role: 'gm', characterIds: [] }, tokens)).toBe(
      'Drag tokens, paint the map, invite players.',
    );
    expect(openingMessage({ role: 'player', characterIds: ['maren', 'vex'] }, tokens)).toBe(
      'Drag Maren and Vex to move.',
    );
    expect(openingMessage({ role: 'player', characterIds: ['gone-1'] }, tokens)).toBe(
      'Drag your character to move.',
    );
    expect(openingMessage({ role: 'player', characterIds: [] }, tokens)).toBe(
      'You are watching: this link commands no character.',
    );
  });
});
