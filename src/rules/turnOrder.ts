import type { Side } from '../schema/cell';
import type { Combatant } from '../schema/combatant';
import type { StatusCatalog } from '../schema/status';
import type { TurnOrder } from '../schema/turnOrder';
import type { Refusal } from './health';
import { isOutOfAction } from './health';
import { takesSlowTurn } from './statuses';

type TurnCombatant = Pick<
  Combatant,
  'id' | 'side' | 'slowTurn' | 'statuses' | 'incapacitated' | 'dead' | 'surrendered' | 'defeated'
>;

/** The answer to "whose turn is it?". */
export type TurnState =
  | { kind: 'turn'; round: number; currentId: string; side: Side }
  | {
      kind: 'choose';
      round: number;
      /** The side that picks who acts next (players for 'party', the GM for 'foes'). */
      side: Side;
      /** 'normal' until every non-slow combatant has acted, then 'slow'. */
      phase: 'normal' | 'slow';
      /** Ids the side may choose from. */
      candidates: string[];
    }
  | { kind: 'round-over'; round: number; nextRoundStartSide: Side }
  | { kind: 'combat-over'; round: number; winner: Side | null };

/** Room settings the turn order honours (pass the room's settings object as it is). */
export interface TurnRules {
  /**
   * Round 1's first turn stays with the starting side even if all of it takes slow turns ("A
   * player character takes the first turn in every combat"); left out = true, the text.
   */
  firstTurnBeatsSlow?: boolean;
}

/** The opposing side. */
export function otherSide(side: Side): Side {
  return side === 'party' ? 'foes' : 'party';
}

/** The side that goes next: the one that did not go last, or the round's starting side. */
function sideUpNext(order: TurnOrder): Side {
  return order.lastSide ? otherSide(order.lastSide) : order.roundStartSide;
}

/** Starts combat at round 1. By the rules a player character goes first (`firstSide` = 'party'). */
export function startTurnOrder(firstSide: Side = 'party'): TurnOrder {
  return { round: 1, turnSerial: 0, roundStartSide: firstSide, lastSide: null, currentId: null, acted: [] };
}

/** Can take a turn at all (not defeated, dead, surrendered or incapacitated). */
export function canTakeTurns(combatant: TurnCombatant): boolean {
  return !isOutOfAction(combatant);
}

/**
 * Combat ends when every character of one side is out of action ("Victory and defeat"). A side
 * with nobody in the fight at all has not lost: the GM starts combat, then reveals foes as they
 * appear (docs/table.md, "Interpretations"), so an empty side never ends it.
 */
function winnerIfOver(combatants: readonly TurnCombatant[]): { over: boolean; winner: Side | null } {
  const present = (side: Side) => combatants.some((c) => c.side === side);
  const standing = (side: Side) => combatants.some((c) => c.side === side && canTakeTurns(c));
  const party = standing('party');
  const foes = standing('foes');
  const beaten = (side: Side, up: boolean) => present(side) && !up;
  if (!beaten('party', party) && !beaten('foes', foes)) return { over: false, winner: null };
  return { over: true, winner: party ? 'party' : foes ? 'foes' : null };
}

/**
 * Whose turn is it ("Turn order"). Sides alternate, starting each round with `roundStartSide`;
 * when one side has no one left to act, the other side's remaining characters go. Slow turns come
 * after every non-slow turn and alternate the same way, continuing from whichever side went last.
 * Characters defeated mid-round simply drop out; characters added mid-round act this round.
 */
export function turnState(
  order: TurnOrder,
  combatants: readonly TurnCombatant[],
  catalog: StatusCatalog,
  rules: TurnRules = {},
): TurnState {
  const end = winnerIfOver(combatants);
  if (end.over) return { kind: 'combat-over', round: order.round, winner: end.winner };
  if (order.currentId !== null) {
    const current = combatants.find((c) => c.id === order.currentId);
    if (current) return { kind: 'turn', round: order.round, currentId: current.id, side: current.side };
  }
  const waiting = combatants.filter((c) => canTakeTurns(c) && !order.acted.includes(c.id));
  const normal = waiting.filter((c) => !takesSlowTurn(c, catalog));
  const phase = normal.length > 0 ? 'normal' : 'slow';
  const pool = phase === 'normal' ? normal : waiting;
  if (pool.length === 0) {
    return {
      kind: 'round-over',
      round: order.round,
      nextRoundStartSide: sideUpNext(order),
    };
  }
  const first = firstTurnOfCombat(order, waiting, normal, rules);
  if (first) return first;
  const preferred = sideUpNext(order);
  const side = pool.some((c) => c.side === preferred) ? preferred : otherSide(preferred);
  return {
    kind: 'choose',
    round: order.round,
    side,
    phase,
    candidates: pool.filter((c) => c.side === side).map((c) => c.id),
  };
}

/**
 * Round 1, nobody has acted, and every character of the starting side takes a slow turn: by the
 * text a player character still takes the first turn of the combat (docs/rules.md "Slow turns").
 * Its slow turn comes first; the alternation then goes on from its side.
 */
function firstTurnOfCombat(
  order: TurnOrder,
  waiting: readonly TurnCombatant[],
  normal: readonly TurnCombatant[],
  rules: TurnRules,
): TurnState | null {
  if (rules.firstTurnBeatsSlow === false || order.round !== 1 || order.acted.length > 0) return null;
  const side = order.roundStartSide;
  if (normal.some((c) => c.side === side)) return null;
  const slowFirst = waiting.filter((c) => c.side === side);
  if (slowFirst.length === 0) return null;
  return { kind: 'choose', round: 1, side, phase: 'slow', candidates: slowFirst.map((c) => c.id) };
}

/** Starts `id`'s turn if its side is up and it has not acted; the caller then resets its turn usage. */
export function beginTurn(
  order: TurnOrder,
  combatants: readonly TurnCombatant[],
  catalog: StatusCatalog,
  id: string,
  rules: TurnRules = {},
): { ok: true; order: TurnOrder } | Refusal {
  const state = turnState(order, combatants, catalog, rules);
  if (state.kind === 'turn') return { ok: false, reason: 'another turn is still in progress' };
  if (state.kind === 'round-over') return { ok: false, reason: 'the round is over; start the next round' };
  if (state.kind === 'combat-over') return { ok: false, reason: 'combat is over' };
  if (!state.candidates.includes(id)) {
    const who = combatants.find((c) => c.id === id);
    if (!who) return { ok: false, reason: `no combatant "${id}"` };
    if (!canTakeTurns(who)) return { ok: false, reason: 'cannot act while defeated or incapacitated' };
    if (order.acted.includes(id)) return { ok: false, reason: 'already took a turn this round' };
    if (who.side !== state.side) return { ok: false, reason: `it is the ${state.side} side's turn` };
    return { ok: false, reason: 'slow turns wait until everyone else has acted' };
  }
  return { ok: true, order: { ...order, currentId: id, turnSerial: order.turnSerial + 1 } };
}

/** Ends the current turn: marks it acted and remembers its side for the alternation. */
export function finishTurn(order: TurnOrder, combatants: readonly TurnCombatant[]): TurnOrder {
  if (order.currentId === null) return order;
  const current = combatants.find((c) => c.id === order.currentId);
  return {
    ...order,
    currentId: null,
    acted: [...order.acted, order.currentId],
    lastSide: current?.side ?? order.lastSide,
  };
}

/** Next round: it starts with the side that did not go last this round. */
export function nextRound(order: TurnOrder): TurnOrder {
  const start = sideUpNext(order);
  return {
    ...order,
    round: order.round + 1,
    roundStartSide: start,
    lastSide: null,
    currentId: null,
    acted: [],
  };
}
