import { describe, expect, it } from 'vitest';
import { renamedJob, withAbility, withMasteryInstead } from '../../../src/ui/sheet/sheetEdits';
import { sheet } from '../../rules/sheetFixtures';

describe('sheet edits the Sheet view makes', () => {
  it('renaming a job renames the current job and the abilities learned from it', () => {
    const s = sheet({}, [
      ['Guard 1', 'Warden', true],
      ['Dash On', 'Rover', false],
    ]);
    const r = renamedJob(s, 'Shieldbearer', { name: 'Gatekeeper', class: 'Keeper' });
    expect(r.currentJob).toBe('Gatekeeper');
    expect(r.jobs.map((j) => `${j.name}/${j.class}`)).toEqual(['Gatekeeper/Keeper', 'Pathfinder/Rover']);
    expect(r.abilities.map((a) => `${a.job}/${a.class}`)).toEqual(['Gatekeeper/Keeper', 'Pathfinder/Rover']);
  });

  it('toggles one ability and records mastery levels in order', () => {
    const s = sheet({}, [['Guard 1', 'Warden', false]]);
    expect(withAbility(s, 'Guard 1', { active: true }).abilities[0]!.active).toBe(true);
    const m = withMasteryInstead(withMasteryInstead(s, 8, true), 4, true);
    expect(m.masteryInsteadOfJob).toEqual([4, 8]);
    expect(withMasteryInstead(m, 8, false).masteryInsteadOfJob).toEqual([4]);
  });
});
