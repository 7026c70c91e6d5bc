import type { Ability } from '../../schema/ability';
import type { CharacterSheet, Job, LearnedAbility } from '../../schema/characterSheet';

/**
 * Pure edits of a sheet the Sheet view makes (each one is then sent whole as an `edit-sheet`
 * intent; the server decides).
 */

/** `sheet` with the learned ability called `name` changed by `patch`. */
export function withAbility(
  sheet: CharacterSheet,
  name: string,
  patch: Partial<
    Pick<LearnedAbility, 'active' | 'talents' | 'masterTalent' | 'talentTexts' | 'masterTalentText'>
  >,
): CharacterSheet {
  return {
    ...sheet,
    abilities: sheet.abilities.map((a) => (a.ability.name === name ? { ...a, ...patch } : a)),
  };
}

/** `sheet` with the job called `name` changed by `patch`. */
export function withJob(
  sheet: CharacterSheet,
  name: string,
  patch: Partial<CharacterSheet['jobs'][number]>,
): CharacterSheet {
  return { ...sheet, jobs: sheet.jobs.map((j) => (j.name === name ? { ...j, ...patch } : j)) };
}

/** `sheet` with a mastery point taken (or not) instead of the job of `level` (4 or 8). */
export function withMasteryInstead(sheet: CharacterSheet, level: 4 | 8, on: boolean): CharacterSheet {
  const rest = sheet.masteryInsteadOfJob.filter((l) => l !== level);
  return { ...sheet, masteryInsteadOfJob: on ? [...rest, level].sort((a, b) => a - b) : rest };
}

/** `sheet` with the job `from` renamed (and its class), and everything that names it following. */
export function renamedJob(
  sheet: CharacterSheet,
  from: string,
  to: { name: string; class: string },
): CharacterSheet {
  const old = sheet.jobs.find((j) => j.name === from);
  if (!old) return sheet;
  return {
    ...sheet,
    jobs: sheet.jobs.map((j) => (j === old ? { ...j, ...to } : j)),
    currentJob: sheet.currentJob === from ? to.name : sheet.currentJob,
    abilities: sheet.abilities.map((a) => (a.job === from ? { ...a, job: to.name, class: to.class } : a)),
  };
}

/** `sheet` with a new job (no Limit Break yet: it is written on the sheet once the job is there). */
export function withJobAdded(
  sheet: CharacterSheet,
  job: Pick<Job, 'name' | 'class' | 'stats' | 'traits'>,
): CharacterSheet {
  return { ...sheet, jobs: [...sheet.jobs, { ...job, limitBreakMasterTalent: false }] };
}

/** `sheet` without the job called `name`, and without the abilities learned from it. */
export function withoutJob(sheet: CharacterSheet, name: string): CharacterSheet {
  return {
    ...sheet,
    jobs: sheet.jobs.filter((j) => j.name !== name),
    abilities: sheet.abilities.filter((a) => a.job !== name),
  };
}

/**
 * `sheet` having learned `ability` from its job called `job` (its class with it), or as a gambit
 * from class `gambitClass` (job GAMBIT_JOB). Learned inactive: activating is its own choice.
 */
export function learned(
  sheet: CharacterSheet,
  ability: Ability,
  job: string,
  gambitClass = '',
): CharacterSheet {
  const cls = sheet.jobs.find((j) => j.name === job)?.class ?? gambitClass;
  const entry: LearnedAbility = {
    ability,
    job,
    class: cls,
    active: false,
    talents: 0,
    masterTalent: false,
  };
  return { ...sheet, abilities: [...sheet.abilities, entry] };
}

/** `sheet` without the learned ability called `name`. */
export function forgotten(sheet: CharacterSheet, name: string): CharacterSheet {
  return { ...sheet, abilities: sheet.abilities.filter((a) => a.ability.name !== name) };
}

/** `sheet` with the Limit Break of the job called `job` set (or removed: undefined). */
export function withLimitBreak(
  sheet: CharacterSheet,
  job: string,
  ability: Ability | undefined,
): CharacterSheet {
  return {
    ...sheet,
    jobs: sheet.jobs.map((j) => {
      if (j.name !== job) return j;
      const { limitBreak: _, ...rest } = j;
      return ability ? { ...rest, limitBreak: ability } : { ...rest, limitBreakMasterTalent: false };
    }),
  };
}
