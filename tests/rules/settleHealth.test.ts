import { describe, expect, it } from 'vitest';
import { settleHealth } from '../../src/rules/settleHealth';
import { foe, pc } from './fixtures';

// Rulebook (Victory and defeat): reaching 0 HP defeats, by any path; a PC takes a wound and
// clears its effects, a fourth wound kills; a foe is just defeated.
describe('settleHealth: 0 HP defeats by any write, exactly as damage does', () => {
  const hurt = pc('a', { statuses: [{ id: 'dazed', ongoing: false }], blights: ['burning'], vigor: 4 });

  it('a PC written down to 0 HP is defeated, wounded, and loses its statuses, blights and vigor', () => {
    const settled = settleHealth(hurt, { ...hurt, hp: 0 });
    expect(settled).toMatchObject({
      hp: 0,
      defeated: true,
      incapacitated: true,
      wounds: 1,
      statuses: [],
      blights: [],
      vigor: 0,
    });
  });

  it('a PC with 3 wounds dies instead; a foe is defeated without a wound', () => {
    const worn = pc('a', { wounds: 3, hp: 5 });
    expect(settleHealth(worn, { ...worn, hp: 0 })).toMatchObject({ dead: true, defeated: true, wounds: 3 });
    const orc = foe('o');
    expect(settleHealth(orc, { ...orc, hp: 0 })).toMatchObject({
      defeated: true,
      incapacitated: true,
      wounds: 0,
    });
  });

  it('the same write setting the wounds too keeps the number written (no second wound)', () => {
    expect(settleHealth(hurt, { ...hurt, hp: 0, wounds: 2 })).toMatchObject({ defeated: true, wounds: 2 });
  });

  it('changes nothing above 0 HP, or for a character already defeated or dead', () => {
    expect(settleHealth(hurt, { ...hurt, hp: 1 })).toEqual({ ...hurt, hp: 1 });
    const down = pc('a', { hp: 0, defeated: true, incapacitated: true, wounds: 1 });
    expect(settleHealth(down, { ...down, vigor: 0 })).toEqual(down);
  });
});
