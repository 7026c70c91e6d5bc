import { describe, expect, it } from 'vitest';
import { AbilitySchema } from '../../src/schema/ability';
import { CharacterSheetSchema } from '../../src/schema/characterSheet';
import {
  editRefusal,
  GAMBIT_JOB,
  jobAddRefusal,
  jobRemovalRefusal,
  learnRefusal,
  limitBreakRefusal,
  sheetNotes,
} from '../../src/rules/characterSheet';
import { learned, withJobAdded, withLimitBreak, withoutJob } from '../../src/ui/sheet/sheetEdits';
import { plainAbility, sheet, wardenAbilities } from './sheetFixtures';

/**
 * Building a character on the sheet, step by step as the rules text does (docs/rules.md
 * "Character sheets" › "Building on the sheet"): adding and removing jobs, learning and
 * forgetting abilities, and the Limit Break from level 2.
 */
const lone = () => ({ ...sheet({}, wardenAbilities(2)), jobs: sheet().jobs.slice(0, 1) });
const forge = { name: 'Forgehand', class: 'Wright', stats: sheet().jobs[0]!.stats, traits: [] };

describe('character sheet: jobs', () => {
  it('adds a job of another class; a fourth job and a repeated name are refused', () => {
    const s = withJobAdded(sheet(), forge);
    expect(s.jobs.map((j) => j.name)).toEqual(['Shieldbearer', 'Pathfinder', 'Forgehand']);
    expect(CharacterSheetSchema.safeParse(s).success).toBe(true);
    expect(jobAddRefusal(s, 'Ironhand', 'Maren')).toBe('a character has one to three jobs: remove one first');
    expect(jobAddRefusal(sheet(), 'Pathfinder', 'Maren')).toBe('Pathfinder is already one of Maren’s jobs');
    expect(jobAddRefusal(sheet(), 'Forgehand', 'Maren')).toBeNull();
  });

  it('removing the current job or the last one is refused with the reason, before and at the server', () => {
    expect(jobRemovalRefusal(sheet(), 'Shieldbearer', 'Maren')).toBe(
      'Shieldbearer is Maren’s current job: switch to another job first',
    );
    expect(jobRemovalRefusal(lone(), 'Shieldbearer', 'Maren')).toBe(
      'Shieldbearer is Maren’s only job: a character has at least one',
    );
    expect(jobRemovalRefusal(sheet(), 'Pathfinder', 'Maren')).toBeNull();
    // The edit itself, as the server checks it: dropping the current job.
    const s = sheet();
    const dropped = { ...s, jobs: s.jobs.slice(1) };
    expect(editRefusal(s, dropped, 'Maren')).toBe(
      'Shieldbearer is Maren’s current job: switch to another job first',
    );
  });

  it('removing a job forgets the abilities learned from it', () => {
    const s = sheet({}, [
      ['Guard 1', 'Warden', true],
      ['Dash On', 'Rover', false],
    ]);
    const after = withoutJob(s, 'Pathfinder');
    expect(after.jobs.map((j) => j.name)).toEqual(['Shieldbearer']);
    expect(after.abilities.map((a) => a.ability.name)).toEqual(['Guard 1']);
    expect(editRefusal(s, after, 'Maren')).toBeNull();
  });
});

describe('character sheet: learning abilities', () => {
  it('learns from one of the jobs (inactive) or as a gambit, and refuses a name it already knows', () => {
    const s = sheet({}, wardenAbilities(1));
    const fromJob = learned(s, AbilitySchema.parse(plainAbility('Dash On')), 'Pathfinder');
    const dash = fromJob.abilities.find((a) => a.ability.name === 'Dash On')!;
    expect(dash).toMatchObject({ job: 'Pathfinder', class: 'Rover', active: false, talents: 0 });
    const gambit = learned(s, AbilitySchema.parse(plainAbility('Spark')), GAMBIT_JOB, 'Mage');
    expect(gambit.abilities.at(-1)).toMatchObject({ job: GAMBIT_JOB, class: 'Mage', active: false });
    // A gambit is learned outside the character's jobs on purpose: no note for the GM about it.
    expect(sheetNotes(gambit, 'Maren').filter((n) => n.includes('Spark'))).toEqual([]);
    expect(learnRefusal(s, 'Guard 1', 'Maren')).toBe('Maren already knows Guard 1');
    expect(learnRefusal(s, 'Last Wall', 'Maren')).toBe(
      'Last Wall is Shieldbearer’s Limit Break: give the new ability another name',
    );
    expect(learnRefusal(s, 'Dash On', 'Maren')).toBeNull();
  });
});

describe('character sheet: the Limit Break from level 2', () => {
  const strike = { ...plainAbility('Skyfall'), cost: '2-actions' as const, tags: { limitBreak: 2 } };

  it('writing a Limit Break below level 2 is refused with the reason; from level 2 it is fine', () => {
    const one = sheet({ level: 1 });
    expect(limitBreakRefusal(one, 'Maren')).toBe('a Limit Break is available from level 2: Maren is level 1');
    expect(editRefusal(one, withLimitBreak(one, 'Shieldbearer', AbilitySchema.parse(strike)), 'Maren')).toBe(
      'a Limit Break is available from level 2: Maren is level 1',
    );
    const two = sheet({ level: 2 });
    expect(limitBreakRefusal(two, 'Maren')).toBeNull();
    const after = withLimitBreak(two, 'Shieldbearer', AbilitySchema.parse(strike));
    expect(after.jobs[0]!.limitBreak?.name).toBe('Skyfall');
    expect(editRefusal(two, after, 'Maren')).toBeNull();
  });

  it('a level-1 sheet that already has one keeps it (not in play), and lowering the level is fine', () => {
    const one = sheet({ level: 1 });
    expect(editRefusal(one, { ...one, notes: 'x' }, 'Maren')).toBeNull();
    expect(editRefusal(sheet({ level: 2 }), one, 'Maren')).toBeNull();
    // Removing it is always fine.
    expect(editRefusal(one, withLimitBreak(one, 'Shieldbearer', undefined), 'Maren')).toBeNull();
  });
});

describe('character sheet: talents as named entries', () => {
  it('keeps a name and text for each talent tier and the master talent', () => {
    const s = sheet({ level: 5 }, wardenAbilities(1));
    const withTalents = {
      ...s,
      abilities: s.abilities.map((a) => ({
        ...a,
        talents: 1,
        talentTexts: [{ name: 'Wide Guard', text: 'Covers an ally too.' }],
        masterTalent: true,
        masterTalentText: { name: 'Bulwark', text: 'Twice a round.' },
      })),
    };
    const parsed = CharacterSheetSchema.parse(withTalents);
    expect(parsed.abilities[0]!.talentTexts).toEqual([{ name: 'Wide Guard', text: 'Covers an ally too.' }]);
    expect(editRefusal(s, parsed, 'Maren')).toBeNull();
    // Older sheets have none.
    expect(sheet({}, wardenAbilities(1)).abilities[0]!.talentTexts).toBeUndefined();
    const three = {
      ...withTalents,
      abilities: withTalents.abilities.map((a) => ({
        ...a,
        talentTexts: [1, 2, 3].map((n) => ({ name: `T${n}`, text: '' })),
      })),
    };
    expect(CharacterSheetSchema.safeParse(three).success).toBe(false);
  });
});
