import type { Dice } from '../lib/dice';
import type { StatusSave } from '../schema/rollRecord';
import type { AppliedStatus, Combatant } from '../schema/combatant';
import type { RollModifier } from '../schema/modifier';
import type { Status, StatusCatalog } from '../schema/status';
import type { Refusal } from './health';
import { rollSave } from './rollSave';

export type { StatusSave };

/** Looks a status up in the room's catalog. */
export function findStatus(catalog: StatusCatalog, id: string): Status | undefined {
  return catalog.find((status) => status.id === id);
}

/**
 * Puts a status on a combatant. Unknown ids are refused (the catalog is the truth); a status it
 * already has is not doubled, but becomes ongoing if either application was. Defeated characters
 * are immune to effects (foes by the rules, PCs until rescued: docs/rules/health-and-defeat.md#defeat-rescue-and-surrender).
 */
export function applyStatus(
  target: Combatant,
  id: string,
  catalog: StatusCatalog,
  options: { ongoing?: boolean; source?: string } = {},
): { ok: true; combatant: Combatant } | Refusal {
  const status = findStatus(catalog, id);
  if (!status) return { ok: false, reason: `unknown status "${id}" (not in this room's catalog)` };
  if (target.defeated || target.dead)
    return { ok: false, reason: `${target.name} is defeated and immune to effects` };
  const ongoing = (options.ongoing ?? false) || status.ongoing;
  const existing = target.statuses.find((applied) => applied.id === id);
  const next: AppliedStatus = {
    id,
    ongoing: ongoing || (existing?.ongoing ?? false),
    ...(options.source ? { source: options.source } : {}),
  };
  const statuses = existing
    ? target.statuses.map((applied) => (applied.id === id ? next : applied))
    : [...target.statuses, next];
  return { ok: true, combatant: { ...target, statuses } };
}

/** Removes a status (by an ability or the GM); ongoing ones too, since this is not a save. */
export function removeStatus(target: Combatant, id: string): Combatant {
  return { ...target, statuses: target.statuses.filter((applied) => applied.id !== id) };
}

function statusesOf(combatant: Pick<Combatant, 'statuses'>, catalog: StatusCatalog): Status[] {
  return combatant.statuses.flatMap((applied) => findStatus(catalog, applied.id) ?? []);
}

/** The boons/curses one combatant's statuses put on one kind of roll, each with source 'status'. */
function statusModifiers(
  bearer: Pick<Combatant, 'statuses' | 'name'>,
  roll: 'attack' | 'attacked' | 'save',
  catalog: StatusCatalog,
): RollModifier[] {
  return statusesOf(bearer, catalog).flatMap((status) =>
    status.rolls
      .filter((effect) => effect.roll === roll)
      .map((effect) => ({
        kind: effect.kind,
        count: effect.count,
        source: 'status' as const,
        reason: `${bearer.name} is ${status.name}`,
      })),
  );
}

/**
 * Boons and curses statuses put on an attack roll: the attacker's `attack` entries and the
 * target's `attacked` entries, each with source 'status'.
 */
export function statusAttackModifiers(
  attacker: Pick<Combatant, 'statuses' | 'name'>,
  target: Pick<Combatant, 'statuses' | 'name'>,
  catalog: StatusCatalog,
): RollModifier[] {
  return [...statusModifiers(attacker, 'attack', catalog), ...statusModifiers(target, 'attacked', catalog)];
}

/** Boons and curses statuses put on the bearer's save rolls. */
export function statusSaveModifiers(
  combatant: Pick<Combatant, 'statuses' | 'name'>,
  catalog: StatusCatalog,
): RollModifier[] {
  return statusModifiers(combatant, 'save', catalog);
}

/** Speed after statuses (the smallest factor wins, rounded up). */
export function effectiveSpeed(
  combatant: Pick<Combatant, 'statuses' | 'statBlock'>,
  catalog: StatusCatalog,
): number {
  const factor = Math.min(1, ...statusesOf(combatant, catalog).map((status) => status.speedFactor));
  return Math.ceil(combatant.statBlock.speed * factor);
}

/** Actions per turn after statuses (2 normally; the lowest status limit wins). */
export function actionsPerTurn(combatant: Pick<Combatant, 'statuses'>, catalog: StatusCatalog): number {
  return Math.min(2, ...statusesOf(combatant, catalog).map((status) => status.actionsPerTurn ?? 2));
}

/** Takes a slow turn this round: chosen, or forced by a status such as slow. */
export function takesSlowTurn(
  combatant: Pick<Combatant, 'statuses' | 'slowTurn'>,
  catalog: StatusCatalog,
): boolean {
  return combatant.slowTurn || statusesOf(combatant, catalog).some((status) => status.forcesSlowTurn);
}

/** Whether any status forbids attacks / interrupts. */
export function statusPrevents(
  combatant: Pick<Combatant, 'statuses'>,
  catalog: StatusCatalog,
): { attacks: string | null; interrupts: string | null } {
  const list = statusesOf(combatant, catalog);
  return {
    attacks: list.find((status) => status.preventsAttacks)?.name ?? null,
    interrupts: list.find((status) => status.preventsInterrupts)?.name ?? null,
  };
}

/**
 * End-of-turn saves ("Statuses and other effects"): one separate save per status, in the order
 * they were applied; success ends it; ongoing statuses cannot be saved off.
 */
export function endOfTurnSaves(
  combatant: Combatant,
  catalog: StatusCatalog,
  dice: Dice,
): { combatant: Combatant; saves: StatusSave[] } {
  const modifiers = statusSaveModifiers(combatant, catalog);
  const saves: StatusSave[] = combatant.statuses.map((applied) => {
    if (applied.ongoing) return { statusId: applied.id, ongoing: true, roll: null, ended: false };
    const roll = rollSave(modifiers, dice);
    return { statusId: applied.id, ongoing: false, roll, ended: roll.success };
  });
  const ended = new Set(saves.filter((save) => save.ended).map((save) => save.statusId));
  return { combatant: { ...combatant, statuses: combatant.statuses.filter((s) => !ended.has(s.id)) }, saves };
}
