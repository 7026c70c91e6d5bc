import type { CharacterSheet, LearnedAbility } from '../../schema/characterSheet';

/**
 * Pure edits of a sheet the Sheet view makes (each one is then sent whole as an `edit-sheet`
 * intent; the server decides).
 */

/** `sheet` with the learned ability called `name` changed by `patch`. */
export function withAbility(
  sheet: CharacterSheet,
  name: string,
  patch: Partial<Pick<LearnedAbility, 'active' | 'talents' | 'masterTalent'>>,
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
