import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { sheet, withSheet } from '../rules/sheetFixtures';
import { act, GM, OPEN_MAP, party, room } from './fixtures';

/**
 * A sheet edit that changes Health (another current job) moves HP by the rule for any change of
 * stat block in play (docs/rules.md "Changing a stat block in play"): wounds count, and the damage
 * already taken stays taken.
 */
describe('a sheet edit that changes Health', () => {
  it('a wounded Maren switching from Health 10 to 8 keeps her damage taken: 25/30 → 19/24', () => {
    const docs = room({ map: OPEN_MAP, party: party({ ...withSheet(sheet()), id: 'maren' } as never) });
    updateCombatant(docs, 'maren', (s) => ({ ...s, wounds: 1, hp: 25 }));
    const result = act(docs, GM, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...sheet(), currentJob: 'Pathfinder' },
    });
    expect(result.ok).toBe(true);
    expect(readSnapshot(docs.public, docs.secrets).tokensById['maren']!.state).toMatchObject({
      wounds: 1,
      hp: 19,
    });
  });
});
