import type { CellData } from '../schema/cell';
import type { Combatant } from '../schema/combatant';
import type { StatusCatalog } from '../schema/status';
import type { InterruptTrigger, TriggerSubject } from '../schema/trigger';
import { footprintsAdjacent } from '../grid/battlefield';
import { checkAction } from './actionEconomy';

/** Something that just happened at the table, as interrupts care about it. */
export type TableEvent =
  /** A move along `path` (its first cell is where the mover started); a dash triggers nothing. */
  | { kind: 'move'; moverId: string; path: readonly CellData[]; dash: boolean }
  /** An attack made against `targetIds` (the attack space's character, or the single target). */
  | { kind: 'attack'; attackerId: string; targetIds: readonly string[] }
  | { kind: 'turn-start'; combatantId: string }
  | { kind: 'turn-end'; combatantId: string };

/** What the table knows when an event happens. */
export interface TriggerState {
  combatants: readonly Combatant[];
  /** Top-left square and size of each character on the map. */
  positions: readonly { id: string; cell: CellData; size: number }[];
  /** TurnOrder.turnSerial of the turn in progress ("only once during any turn"). */
  turnSerial: number;
  /** Whose turn it is (null between turns or out of combat). */
  currentId: string | null;
  catalog: StatusCatalog;
}

/** An interrupt whose trigger the event satisfied and whose owner may use it now. */
export interface FiredInterrupt {
  characterId: string;
  ability: string;
  /** The character the trigger is about (who moved, was targeted, whose turn it was). */
  subjectId: string;
  trigger: Exclude<InterruptTrigger['kind'], 'text'>;
}

/**
 * "Interrupt X ... can be used off your turn when their trigger is satisfied": given what just
 * happened, lists every (character, ability) pair whose data trigger fired and which the action
 * economy allows now (Interrupt X count, once per any turn, statuses, defeat, Limit Break Resolve).
 * A dash fires none ("Dashing ... does not trigger interrupts"); free-text triggers are never
 * detected, the GM confirms them (docs/rules.md "Interrupts"). Each pair is listed once.
 */
export function interruptTriggers(event: TableEvent, state: TriggerState): FiredInterrupt[] {
  if (event.kind === 'move' && event.dash) return [];
  const byId = new Map(state.combatants.map((c) => [c.id, c]));
  const fired: FiredInterrupt[] = [];
  for (const owner of state.combatants) {
    for (const ability of owner.statBlock.abilities) {
      const trigger = ability.trigger;
      if (ability.tags.interrupt === null || !trigger || trigger.kind === 'text') continue;
      const subjectId = firingSubject(trigger, event, owner, state, byId);
      if (subjectId === null) continue;
      const context = {
        onOwnTurn: state.currentId === owner.id,
        turnSerial: state.turnSerial,
        catalog: state.catalog,
      };
      if (!checkAction(owner, { kind: 'ability', ability }, context).ok) continue;
      fired.push({ characterId: owner.id, ability: ability.name, subjectId, trigger: trigger.kind });
    }
  }
  return fired;
}

/** The subject that makes `trigger` fire for `owner`, or null. */
function firingSubject(
  trigger: Exclude<InterruptTrigger, { kind: 'text' }>,
  event: TableEvent,
  owner: Combatant,
  state: TriggerState,
  byId: ReadonlyMap<string, Combatant>,
): string | null {
  const fits = (id: string) => {
    const subject = byId.get(id);
    return subject !== undefined && matches(trigger.who, owner, subject);
  };
  switch (trigger.kind) {
    case 'moves-adjacent':
    case 'moves-away': {
      if (event.kind !== 'move' || event.moverId === owner.id || !fits(event.moverId)) return null;
      const crossings = adjacencyChanges(event, owner.id, state);
      const wanted = trigger.kind === 'moves-adjacent' ? crossings.entered : crossings.left;
      return wanted ? event.moverId : null;
    }
    case 'targeted':
      if (event.kind !== 'attack') return null;
      return event.targetIds.find(fits) ?? null;
    case 'turn-starts':
      return event.kind === 'turn-start' && fits(event.combatantId) ? event.combatantId : null;
    case 'turn-ends':
      return event.kind === 'turn-end' && fits(event.combatantId) ? event.combatantId : null;
  }
}

/** Whom the trigger watches, seen from the owner. */
function matches(who: TriggerSubject, owner: Combatant, subject: Combatant): boolean {
  if (who === 'any') return true;
  if (who === 'you') return subject.id === owner.id;
  if (who === 'ally') return subject.id !== owner.id && subject.side === owner.side;
  return subject.side !== owner.side;
}

/** Did the mover, step by step, come next to the owner (`entered`) or leave its side (`left`)? */
function adjacencyChanges(
  event: Extract<TableEvent, { kind: 'move' }>,
  ownerId: string,
  state: TriggerState,
): { entered: boolean; left: boolean } {
  const owner = state.positions.find((p) => p.id === ownerId);
  const mover = state.positions.find((p) => p.id === event.moverId);
  const result = { entered: false, left: false };
  if (!owner || !mover) return result;
  const next = (cell: CellData) => footprintsAdjacent(cell, mover.size, owner.cell, owner.size);
  for (let i = 1; i < event.path.length; i += 1) {
    const before = next(event.path[i - 1]!);
    const after = next(event.path[i]!);
    if (after && !before) result.entered = true;
    if (before && !after) result.left = true;
  }
  return result;
}
