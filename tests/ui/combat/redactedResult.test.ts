import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src/schema/logEntry';
import { LogEntrySchema } from '../../../src/schema/logEntry';
import { latestResolution } from '../../../src/ui/combat/latestResolution';

// Read as stored entries are: an outcome outside the union reads as absent.
const entry = (id: string, kind: LogEntry['kind'], outcome: unknown): LogEntry =>
  LogEntrySchema.parse({
    id,
    at: 1,
    kind,
    actor: 'ana',
    summary: `line ${id}`,
    details: [],
    dice: [],
    outcome,
    gmOnly: false,
  });

describe('result panel: a roll about a foe whose stats are hidden', () => {
  it('is still the newest roll a player sees, by its verdict only', () => {
    const log = [
      entry('a', 'move', { kind: 'move' }),
      entry('b', 'attack', { kind: 'attack', result: 'miss', redacted: true }),
      entry('c', 'turn', { kind: 'turn' }),
    ];
    expect(latestResolution(log)?.id).toBe('b');
  });

  it('a redacted move or turn line is not taken for a roll', () => {
    expect(latestResolution([entry('a', 'move', { kind: 'move', redacted: true })])).toBeNull();
  });

  it('after the party moves on, the card waits for the first roll of the new scene (issue 32)', () => {
    const movedOn = LogEntrySchema.parse({
      id: 'm',
      at: 2,
      kind: 'note',
      actor: 'gm',
      summary: 'The party moves on to The crypt',
      scene: 'scene-2',
    });
    const roll = entry('b', 'attack', { kind: 'attack', result: 'miss', redacted: true });
    expect(latestResolution([roll, movedOn])).toBeNull();
    const next = entry('c', 'attack', { kind: 'attack', result: 'hit', redacted: true });
    expect(latestResolution([roll, movedOn, next])?.id).toBe('c');
  });
});
