import type { Ability } from '../schema/ability';
import type { CharacterSheet, Job, LearnedAbility } from '../schema/characterSheet';
import { MAX_ACTIVE_ABILITIES, MAX_JOBS } from '../schema/characterSheet';
import type { PlayerCharacter } from '../schema/statBlock';

/**
 * The character-building rules of "Characters in tactical combat", as pure functions over a
 * sheet. Refusals are what the text states; where it is silent or tables differ the sheet says a
 * note instead (docs/rules.md "Character sheets"). Every sentence names things, never fields.
 */

/**
 * The job a gambit learned as one is filed under: it comes from a class the character has no job
 * in ("abilities from outside your class"), so there is no job of theirs to name.
 */
export const GAMBIT_JOB = 'Gambit';

/** The job chosen for this expedition, or the first job when the name matches none. */
export function currentJobOf(sheet: CharacterSheet): Job {
  return sheet.jobs.find((j) => j.name === sheet.currentJob) ?? sheet.jobs[0]!;
}

/** "At levels 4 and 8 you gain gambit slots … for 1 or 2 of your 6 active abilities." */
export function gambitSlots(level: number): number {
  return level >= 8 ? 2 : level >= 4 ? 1 : 0;
}

/**
 * "mastery points that you get at levels 5, 10, 12, and (if you forego getting a new job) 4
 * and/or 8": the recorded levels count once the character has reached them.
 */
export function masteryPoints(sheet: Pick<CharacterSheet, 'level' | 'masteryInsteadOfJob'>): number {
  const byLevel = [5, 10, 12].filter((l) => sheet.level >= l).length;
  const instead = new Set(sheet.masteryInsteadOfJob.filter((l) => sheet.level >= l)).size;
  return byLevel + instead;
}

/**
 * Abilities and talent tiers a character may have learned by `level`: two to start, then two a
 * level (at 4 and 8 XP), a talent taking an ability's place. Counted per level reached, since the
 * sheet keeps no XP (docs/rules.md "Character sheets").
 */
export function learningAllowance(level: number): number {
  return 2 * level;
}

/** An active ability from outside the current job's class: it takes a gambit slot. */
export function isGambit(sheet: CharacterSheet, learned: LearnedAbility): boolean {
  return learned.class !== currentJobOf(sheet).class;
}

export function activeAbilities(sheet: CharacterSheet): LearnedAbility[] {
  return sheet.abilities.filter((a) => a.active);
}

/** The Limit Break in play: the current job's, from level 2 ("available starting at level 2"). */
export function limitBreakInPlay(sheet: CharacterSheet): Ability | null {
  return sheet.level >= 2 ? (currentJobOf(sheet).limitBreak ?? null) : null;
}

/** Everything on the sheet the rules text forbids, as sentences a player acts on; [] = fine. */
export function sheetRefusals(sheet: CharacterSheet, who: string): string[] {
  const out: string[] = [];
  const job = sheet.jobs.find((j) => j.name === sheet.currentJob);
  if (!job) out.push(`${sheet.currentJob} is not one of ${who}'s jobs`);
  const current = currentJobOf(sheet);
  const active = activeAbilities(sheet);
  if (active.length > MAX_ACTIVE_ABILITIES) out.push('only six active abilities: deactivate one first');
  const gambits = active.filter((a) => isGambit(sheet, a));
  const slots = gambitSlots(sheet.level);
  if (gambits.length > 0 && slots === 0) {
    for (const g of gambits)
      out.push(
        `${g.ability.name} is a ${g.class} ability, not ${current.class} (${current.name}'s class): ` +
          'abilities from another class need a gambit slot, and gambit slots open at level 4',
      );
  } else if (gambits.length > slots) {
    out.push(
      slots === 1
        ? `only one gambit slot at level ${sheet.level} (two from level 8): deactivate a gambit first`
        : 'only two gambit slots: deactivate a gambit first',
    );
  }
  for (const a of active)
    if (a.ability.tags.limitBreak !== null)
      out.push(`${a.ability.name} is a Limit Break: a character's Limit Break comes from its current job`);
  for (const j of sheet.jobs)
    if (j.limitBreak && j.limitBreak.tags.limitBreak === null)
      out.push(`${j.limitBreak.name} is ${j.name}'s Limit Break: give it a Resolve cost`);
  const lb = limitBreakInPlay(sheet);
  if (lb && active.some((a) => a.ability.name === lb.name))
    out.push(`${lb.name} is both an active ability and ${current.name}'s Limit Break: rename one`);
  const masters =
    sheet.abilities.filter((a) => a.masterTalent).length +
    sheet.jobs.filter((j) => j.limitBreakMasterTalent).length;
  const points = masteryPoints(sheet);
  if (masters > points)
    out.push(
      `${who} has ${points} mastery point${points === 1 ? '' : 's'} at level ${sheet.level}: ` +
        'remove a master talent first',
    );
  for (const level of sheet.masteryInsteadOfJob)
    if (sheet.level < level)
      out.push(`a mastery point instead of the level ${level} job needs level ${level}`);
  return out;
}

/** What the text leaves to the table: shown on the sheet, never refused. */
export function sheetNotes(sheet: CharacterSheet, who: string): string[] {
  const out: string[] = [];
  const learned = sheet.abilities.length + sheet.abilities.reduce((n, a) => n + a.talents, 0);
  const allowance = learningAllowance(sheet.level);
  if (learned > allowance)
    out.push(
      `${who} has learned ${learned} abilities and talents; level ${sheet.level} allows ${allowance} ` +
        '(two to start, two more each level): check with your GM',
    );
  const jobNames = new Set(sheet.jobs.map((j) => j.name));
  for (const a of sheet.abilities)
    if (!jobNames.has(a.job) && a.job !== GAMBIT_JOB)
      out.push(
        `${a.ability.name} comes from ${a.job}, which is not one of ${who}’s jobs: check with your GM`,
      );
  // "(if you forego getting a new job) 4 and/or 8": a job may come at each of those levels.
  const jobLevels = [4, 8].filter(
    (l) => sheet.level >= l && !sheet.masteryInsteadOfJob.includes(l as 4 | 8),
  ).length;
  if (sheet.jobs.length > 1 + jobLevels)
    out.push(
      `${who} has ${sheet.jobs.length} jobs at level ${sheet.level}: a character usually starts ` +
        'with one and may gain another at levels 4 and 8',
    );
  return out;
}

/**
 * Why an edit may not be made: the first rule `after` breaks that `before` did not, so a sheet
 * imported already broken can still be fixed or annotated. Null = allowed.
 */
export function editRefusal(
  before: CharacterSheet | undefined,
  after: CharacterSheet,
  who: string,
): string | null {
  if (before) {
    // Dropping the current job is asked for by name, not as "X is not one of Maren's jobs".
    const current = before.jobs.find((j) => j.name === before.currentJob);
    if (current && after.currentJob === current.name && !after.jobs.some((j) => j.name === current.name))
      return jobRemovalRefusal(before, current.name, who);
    const lbChanged = after.jobs.some((j) => {
      const was = before.jobs.find((b) => b.name === j.name);
      return j.limitBreak && JSON.stringify(was?.limitBreak) !== JSON.stringify(j.limitBreak);
    });
    if (lbChanged) {
      const lb = limitBreakRefusal(after, who);
      if (lb) return lb;
    }
  }
  const old = new Set(before ? sheetRefusals(before, who) : []);
  return sheetRefusals(after, who).find((r) => !old.has(r)) ?? null;
}

/** Why a job called `name` cannot be added now (null = it can). */
export function jobAddRefusal(sheet: CharacterSheet, name: string, who: string): string | null {
  if (sheet.jobs.length >= MAX_JOBS) return 'a character has one to three jobs: remove one first';
  if (sheet.jobs.some((j) => j.name === name)) return `${name} is already one of ${who}’s jobs`;
  return null;
}

/** Why the job called `name` cannot be removed (null = it can): the last one, or the current one. */
export function jobRemovalRefusal(sheet: CharacterSheet, name: string, who: string): string | null {
  if (sheet.jobs.length <= 1) return `${name} is ${who}’s only job: a character has at least one`;
  if (name === sheet.currentJob) return `${name} is ${who}’s current job: switch to another job first`;
  return null;
}

/** Why an ability called `name` cannot be learned (null = it can): names are unique on a sheet. */
export function learnRefusal(sheet: CharacterSheet, name: string, who: string): string | null {
  if (sheet.abilities.some((a) => a.ability.name === name)) return `${who} already knows ${name}`;
  const job = sheet.jobs.find((j) => j.limitBreak?.name === name);
  if (job) return `${name} is ${job.name}’s Limit Break: give the new ability another name`;
  return null;
}

/**
 * Why a Limit Break cannot be written now ("available starting at level 2"). Only a new or
 * changed one is refused: a sheet that already carries one at level 1 keeps it, not in play.
 */
export function limitBreakRefusal(sheet: CharacterSheet, who: string): string | null {
  return sheet.level < 2 ? `a Limit Break is available from level 2: ${who} is level ${sheet.level}` : null;
}

/** Why the Active toggle of `abilityName` cannot be switched on now (null = it can, or it is on). */
export function activationRefusal(sheet: CharacterSheet, abilityName: string, who: string): string | null {
  const target = sheet.abilities.find((a) => a.ability.name === abilityName);
  if (!target || target.active) return null;
  const after = {
    ...sheet,
    abilities: sheet.abilities.map((a) => (a === target ? { ...a, active: true } : a)),
  };
  return editRefusal(sheet, after, who);
}

/**
 * The stat block the rules engine reads, derived from the sheet: the current job's numbers and
 * traits, the active abilities, and the Limit Break in play. A character without a sheet is
 * returned as it is.
 */
export function deriveStatBlock(pc: PlayerCharacter): PlayerCharacter {
  const sheet = pc.sheet;
  if (!sheet) return pc;
  const job = currentJobOf(sheet);
  const lb = limitBreakInPlay(sheet);
  return {
    ...pc,
    ...job.stats,
    traits: job.traits,
    abilities: [...activeAbilities(sheet).map((a) => a.ability), ...(lb ? [lb] : [])],
  };
}

/** Names a first sheet gives its one job; the GM renames them on the sheet. */
export const STARTER_JOB = { name: 'Starting job', class: 'Starting class' } as const;

/**
 * A first sheet for a character that has none, keeping what it plays with: one job carrying its
 * numbers and traits, its abilities learned from that job (the first six active), its first Limit
 * Break as the job's, and level 2 when it has one (so it stays in play), else level 1.
 */
export function starterSheet(pc: PlayerCharacter): CharacterSheet {
  const lb = pc.abilities.find((a) => a.tags.limitBreak !== null);
  const rest = pc.abilities.filter((a) => a !== lb);
  return {
    level: lb ? 2 : 1,
    jobs: [
      {
        ...STARTER_JOB,
        stats: {
          health: pc.health,
          defense: pc.defense,
          armor: pc.armor,
          speed: pc.speed,
          attackBonus: pc.attackBonus,
          frayDamage: pc.frayDamage,
          damageDie: pc.damageDie,
          resistances: pc.resistances,
          basicAttacks: pc.basicAttacks,
        },
        traits: pc.traits,
        ...(lb ? { limitBreak: lb } : {}),
        limitBreakMasterTalent: false,
      },
    ],
    currentJob: STARTER_JOB.name,
    abilities: rest.map((ability, i) => ({
      ability,
      job: STARTER_JOB.name,
      class: STARTER_JOB.class,
      // Another Limit Break cannot be active (the job's is the one); the rest up to six are.
      active: i < MAX_ACTIVE_ABILITIES && ability.tags.limitBreak === null,
      talents: 0,
      masterTalent: false,
    })),
    masteryInsteadOfJob: [],
    notes: '',
  };
}
