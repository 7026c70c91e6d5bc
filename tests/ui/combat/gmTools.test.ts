import { describe, expect, it } from 'vitest';
import { LogEntrySchema } from '../../../src/schema/logEntry';
import { offersUndoApplication } from '../../../src/ui/combat/gmTools';

// A real log entry as the server writes it: a hit on the Brute, 32 → 26 HP.
const entry = (pending?: 'pending' | 'applied' | 'discarded') =>
  LogEntrySchema.parse({
    id: 'log-1',
    at: 1,
    kind: 'attack',
    actor: 'ranger',
    summary: 'Ranger hits Brute',
    ...(pending
      ? {
          pending: {
            status: pending,
            changes: [{ tokenId: 'brute', before: { hp: 32 }, after: { hp: 26 } }],
            ...(pending === 'pending' ? {} : { settledBy: 'GM', settledAt: 2 }),
          },
        }
      : {}),
  });

describe('offersUndoApplication (GM "Undo this application")', () => {
  it('is offered for a result applied at once (room setting applyResults: immediately)', () => {
    expect(offersUndoApplication(entry())).toBe(true);
  });
  it('is hidden while the result waits for Apply: undo would only hand back the spent action', () => {
    expect(offersUndoApplication(entry('pending'))).toBe(false);
  });
  it('is offered once the waiting result is applied', () => {
    expect(offersUndoApplication(entry('applied'))).toBe(true);
  });
  it('is hidden for a discarded result: nothing but the action was ever spent', () => {
    expect(offersUndoApplication(entry('discarded'))).toBe(false);
  });
});
