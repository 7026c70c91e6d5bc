import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CharacterSheetSchema } from '../../src/schema/characterSheet';
import { PlayerCharacterSchema, StatBlockSchema } from '../../src/schema/statBlock';
import { issueSentences } from '../../src/schema/issueSentence';
import {
  activationRefusal,
  deriveStatBlock,
  editRefusal,
  gambitSlots,
  learningAllowance,
  masteryPoints,
  sheetNotes,
  sheetRefusals,
  starterSheet,
} from '../../src/rules/characterSheet';
import { plainAbility, sheet, wardenAbilities, withSheet } from './sheetFixtures';

describe('character sheet: derived stat block', () => {
  it('takes the current job’s numbers and traits, and the active abilities', () => {
    const s = sheet({ currentJob: 'Pathfinder' }, [
      ['Guard 1', 'Warden', false],
      ['Dash On', 'Rover', true],
    ]);
    const block = deriveStatBlock(withSheet(s));
    expect(block).toMatchObject({ health: 8, defense: 10, armor: 0, speed: 5, attackBonus: 3 });
    expect(block.traits.map((t) => t.name)).toEqual(['Light Step']);
    expect(block.abilities.map((a) => a.name)).toEqual(['Dash On']);
  });

  it('adds the current job’s Limit Break from level 2 only', () => {
    const s1 = sheet({ level: 1 }, wardenAbilities(2));
    expect(deriveStatBlock(withSheet(s1)).abilities.map((a) => a.name)).toEqual(['Guard 1', 'Guard 2']);
    const s2 = sheet({ level: 2 }, wardenAbilities(2));
    expect(deriveStatBlock(withSheet(s2)).abilities.map((a) => a.name)).toEqual([
      'Guard 1',
      'Guard 2',
      'Last Wall',
    ]);
  });

  it('leaves a character without a sheet as it is', () => {
    const plain = withSheet(sheet());
    const { sheet: _none, ...rest } = plain;
    const noSheet = PlayerCharacterSchema.parse({ ...rest, abilities: [plainAbility('Kick')] });
    expect(deriveStatBlock(noSheet)).toEqual(noSheet);
  });

  it('keeps older party files valid: the sheet is optional', () => {
    const parsed = PlayerCharacterSchema.safeParse({
      kind: 'pc',
      name: 'Old',
      health: 8,
      defense: 8,
      speed: 4,
      attackBonus: 1,
      frayDamage: 2,
      damageDie: 6,
      basicAttacks: { melee: { range: 1 }, ranged: { range: 3 } },
    });
    expect(parsed.success).toBe(true);
  });
});

describe('character sheet: the rules text’s limits, as sentences', () => {
  it('one to three jobs (the schema)', () => {
    const four = {
      ...sheet(),
      jobs: [...sheet().jobs, ...sheet().jobs].map((j, i) => ({ ...j, name: `J${i}` })),
    };
    const result = CharacterSheetSchema.safeParse(four);
    expect(result.success).toBe(false);
    if (!result.success) expect(issueSentences(result.error)).toContain('a character has one to three jobs');
  });

  it('the current job is one of the jobs', () => {
    expect(sheetRefusals(sheet({ currentJob: 'Baker' }), 'Maren')).toEqual([
      "Baker is not one of Maren's jobs",
    ]);
  });

  it('at most six active abilities', () => {
    expect(sheetRefusals(sheet({}, wardenAbilities(6)), 'Maren')).toEqual([]);
    expect(sheetRefusals(sheet({}, wardenAbilities(7)), 'Maren')).toEqual([
      'only six active abilities: deactivate one first',
    ]);
  });

  it('says before the click why a seventh cannot be turned on', () => {
    const s = sheet({}, [...wardenAbilities(6), ['Guard 7', 'Warden', false]]);
    expect(activationRefusal(s, 'Guard 7', 'Maren')).toBe('only six active abilities: deactivate one first');
    expect(activationRefusal(s, 'Guard 1', 'Maren')).toBeNull(); // already on: turning off is fine
  });

  it('active abilities come from the current job’s class, except gambits (slots from level 4)', () => {
    const s = sheet({ level: 3 }, [['Dash On', 'Rover', true]]);
    expect(sheetRefusals(s, 'Maren')).toEqual([
      "Dash On is a Rover ability, not Warden (Shieldbearer's class): abilities from another class need a gambit slot, and gambit slots open at level 4",
    ]);
    expect(sheetRefusals({ ...s, level: 4 }, 'Maren')).toEqual([]);
  });

  it('one gambit slot from level 4, two from level 8', () => {
    expect([1, 3, 4, 7, 8, 12].map(gambitSlots)).toEqual([0, 0, 1, 1, 2, 2]);
    const two = sheet({ level: 5 }, [
      ['Dash On', 'Rover', true],
      ['Far Shot', 'Rover', true],
    ]);
    expect(sheetRefusals(two, 'Maren')).toEqual([
      'only one gambit slot at level 5 (two from level 8): deactivate a gambit first',
    ]);
    expect(sheetRefusals({ ...two, level: 8 }, 'Maren')).toEqual([]);
    const three = sheet({ level: 9 }, [
      ['Dash On', 'Rover', true],
      ['Far Shot', 'Rover', true],
      ['Hop', 'Rover', true],
    ]);
    expect(sheetRefusals(three, 'Maren')).toEqual(['only two gambit slots: deactivate a gambit first']);
  });

  it('gambits count among the six', () => {
    const s = sheet({ level: 4 }, [...wardenAbilities(6), ['Dash On', 'Rover', true]]);
    expect(sheetRefusals(s, 'Maren')).toEqual(['only six active abilities: deactivate one first']);
  });

  it('a Limit Break comes from the current job, not the list of active abilities', () => {
    const s = sheet({ level: 3 });
    const withLb = {
      ...s,
      abilities: [
        {
          ability: { ...s.jobs[0]!.limitBreak!, name: 'Other Break' },
          job: 'Shieldbearer',
          class: 'Warden',
          active: true,
          talents: 0,
          masterTalent: false,
        },
      ],
    };
    expect(sheetRefusals(withLb, 'Maren')).toEqual([
      "Other Break is a Limit Break: a character's Limit Break comes from its current job",
    ]);
  });

  it("a job's Limit Break must spend Resolve", () => {
    const s = sheet();
    const job = {
      ...s.jobs[0]!,
      limitBreak: PlayerCharacterSchema.shape.abilities.parse([plainAbility('Oops')])[0],
    };
    expect(sheetRefusals({ ...s, jobs: [job, s.jobs[1]!] }, 'Maren')).toEqual([
      "Oops is Shieldbearer's Limit Break: give it a Resolve cost",
    ]);
  });

  it('an active ability may not share its name with the Limit Break', () => {
    const s = sheet({ level: 2 }, [['Last Wall', 'Warden', true]]);
    expect(sheetRefusals(s, 'Maren')).toEqual([
      "Last Wall is both an active ability and Shieldbearer's Limit Break: rename one",
    ]);
  });

  it('two talent tiers per ability (the schema)', () => {
    const s = sheet({}, wardenAbilities(1));
    const bad = CharacterSheetSchema.safeParse({ ...s, abilities: [{ ...s.abilities[0], talents: 3 }] });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(issueSentences(bad.error)).toContain('each ability has two tiers of talent');
  });

  it('mastery points at levels 5, 10 and 12, and at 4 and 8 instead of a job', () => {
    expect([4, 5, 9, 10, 12].map((level) => masteryPoints(sheet({ level })))).toEqual([0, 1, 1, 2, 3]);
    expect(masteryPoints(sheet({ level: 8, masteryInsteadOfJob: [4, 8] }))).toEqual(3);
    expect(masteryPoints(sheet({ level: 7, masteryInsteadOfJob: [4, 8] }))).toEqual(2);
    expect(masteryPoints(sheet({ level: 4, masteryInsteadOfJob: [4, 8] }))).toEqual(1);
  });

  it('master talents within the mastery points', () => {
    const s = sheet({ level: 5 }, wardenAbilities(2));
    const one = { ...s, abilities: s.abilities.map((a, i) => ({ ...a, masterTalent: i === 0 })) };
    expect(sheetRefusals(one, 'Maren')).toEqual([]);
    const two = { ...s, abilities: s.abilities.map((a) => ({ ...a, masterTalent: true })) };
    expect(sheetRefusals(two, 'Maren')).toEqual([
      'Maren has 1 mastery point at level 5: remove a master talent first',
    ]);
    // A Limit Break's master talent counts too.
    const lb = { ...one, jobs: [{ ...one.jobs[0]!, limitBreakMasterTalent: true }, one.jobs[1]!] };
    expect(sheetRefusals(lb, 'Maren')).toEqual([
      'Maren has 1 mastery point at level 5: remove a master talent first',
    ]);
  });

  it('a mastery point instead of a job needs that level', () => {
    expect(sheetRefusals(sheet({ level: 6, masteryInsteadOfJob: [8] }), 'Maren')).toEqual([
      'a mastery point instead of the level 8 job needs level 8',
    ]);
  });
});

describe('character sheet: where tables differ, a note rather than a refusal', () => {
  it('learning: 2 to start and 2 a level (talents instead of abilities count the same)', () => {
    expect([1, 2, 5].map(learningAllowance)).toEqual([2, 4, 10]);
    const oneJob = { jobs: [sheet().jobs[0]!] };
    expect(sheetNotes(sheet({ level: 1, ...oneJob }, wardenAbilities(2, false)), 'Maren')).toEqual([]);
    const many = sheet({ level: 1, ...oneJob }, wardenAbilities(3, false));
    expect(sheetNotes(many, 'Maren')).toEqual([
      'Maren has learned 3 abilities and talents; level 1 allows 2 (two to start, two more each level): check with your GM',
    ]);
    expect(sheetRefusals(many, 'Maren')).toEqual([]);
  });

  it('an ability learned from a job the character does not have', () => {
    const s = sheet({ level: 4 }, wardenAbilities(1));
    const odd = { ...s, abilities: [{ ...s.abilities[0]!, job: 'Tinker' }] };
    expect(sheetNotes(odd, 'Maren')).toEqual([
      'Guard 1 comes from Tinker, which is not one of Maren’s jobs: check with your GM',
    ]);
  });

  it('more jobs than the levels give', () => {
    expect(sheetNotes(sheet({ level: 2 }), 'Maren')).toEqual([
      'Maren has 2 jobs at level 2: a character usually starts with one and may gain another at levels 4 and 8',
    ]);
    expect(sheetNotes(sheet({ level: 4 }), 'Maren')).toEqual([]);
    expect(sheetNotes(sheet({ level: 4, masteryInsteadOfJob: [4] }), 'Maren')).toEqual([
      'Maren has 2 jobs at level 4: a character usually starts with one and may gain another at levels 4 and 8',
    ]);
  });
});

describe('character sheet: an edit is refused only for what it breaks', () => {
  it('refuses a new break, names it, and lets an already broken sheet be fixed or annotated', () => {
    const six = sheet({}, [...wardenAbilities(6), ['Guard 7', 'Warden', false]]);
    const seven = { ...six, abilities: six.abilities.map((a) => ({ ...a, active: true })) };
    expect(editRefusal(six, seven, 'Maren')).toBe('only six active abilities: deactivate one first');
    // An imported sheet with seven active: editing the notes is fine, and so is deactivating one.
    expect(editRefusal(seven, { ...seven, notes: 'hi' }, 'Maren')).toBeNull();
    expect(editRefusal(seven, six, 'Maren')).toBeNull();
  });
});

describe('character sheet: properties', () => {
  const learnedArb = fc.array(
    fc.record({
      cls: fc.constantFrom<'Warden' | 'Rover'>('Warden', 'Rover'),
      active: fc.boolean(),
      talents: fc.integer({ min: 0, max: 2 }),
      master: fc.boolean(),
    }),
    { maxLength: 14 },
  );
  it('a sheet the rules accept derives a valid stat block with ≤ 6 active + ≤ 1 Limit Break', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('Shieldbearer', 'Pathfinder'),
        fc.subarray([4, 8] as const),
        learnedArb,
        fc.boolean(),
        (level, currentJob, mastery, learned, lbMaster) => {
          const base = sheet({ level, currentJob, masteryInsteadOfJob: [...mastery] });
          const s = {
            ...base,
            jobs: base.jobs.map((j) => ({ ...j, limitBreakMasterTalent: lbMaster })),
            abilities: learned.map((l, i) => ({
              ability: CharacterSheetSchema.shape.abilities.parse([
                { ability: plainAbility(`A${i}`), job: 'x', class: l.cls },
              ])[0]!.ability,
              job: l.cls === 'Warden' ? 'Shieldbearer' : 'Pathfinder',
              class: l.cls,
              active: l.active,
              talents: l.talents,
              masterTalent: l.master,
            })),
          };
          if (sheetRefusals(s, 'P').length > 0) return;
          const block = deriveStatBlock(withSheet(s));
          expect(StatBlockSchema.safeParse(block).success).toBe(true);
          const breaks = block.abilities.filter((a) => a.tags.limitBreak !== null);
          expect(breaks.length).toBeLessThanOrEqual(1);
          expect(block.abilities.length - breaks.length).toBeLessThanOrEqual(6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('character sheet: a first sheet for a character that has none', () => {
  it('keeps what the character plays with: same numbers, traits and abilities', () => {
    const plain = PlayerCharacterSchema.parse({
      ...withSheet(sheet()),
      sheet: undefined,
      traits: [{ name: 'Tough', text: 'Hard to hurt.' }],
      abilities: [plainAbility('Kick'), { ...plainAbility('Big Finish'), tags: { limitBreak: 2 } }],
    });
    const first = starterSheet(plain);
    expect(sheetRefusals(first, plain.name)).toEqual([]);
    expect(first.level).toBe(2); // its Limit Break stays in play
    const { sheet: _s, ...derived } = deriveStatBlock({ ...plain, sheet: first });
    expect(derived).toEqual(plain);
  });

  it('learns every ability but activates at most six', () => {
    const plain = PlayerCharacterSchema.parse({
      ...withSheet(sheet()),
      sheet: undefined,
      abilities: Array.from({ length: 8 }, (_, i) => plainAbility(`A${i}`)),
    });
    const first = starterSheet(plain);
    expect(first.abilities).toHaveLength(8);
    expect(first.abilities.filter((a) => a.active)).toHaveLength(6);
    expect(sheetRefusals(first, plain.name)).toEqual([]);
  });
});
