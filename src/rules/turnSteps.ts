import type { Dice } from '../lib/dice';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import { DEFAULT_ROOM_SETTINGS } from '../schema/settings';
import type { TurnOrder } from '../schema/turnOrder';
import type { OutcomeOf } from '../schema/outcome';
import { resetForRound, resetForTurn } from './actionEconomy';
import type { DamageApplication } from './applyDamage';
import { startOfTurnBlights } from './blights';
import { gainResolve } from './resolve';
import type { Refusal } from './health';
import { endOfTurnSaves } from './statuses';
import { beginTurn, finishTurn, nextRound } from './turnOrder';

/** What starting a turn did (its outcome, with the blights' application), and the character after. */
export type StartTurnOutcome = Omit<OutcomeOf<'start-turn'>, 'blights'> & {
  blights: DamageApplication | null;
  combatant: Combatant;
};

/**
 * Starts `id`'s turn: checks it may act now, resets its actions and interrupt counts, then deals
 * its blight damage ("Blights": at the start of their turn).
 */
export function startTurn(
  order: TurnOrder,
  combatants: readonly Combatant[],
  id: string,
  settings: RoomSettings,
): StartTurnOutcome | Refusal {
  const begun = beginTurn(order, combatants, settings.statuses, id, settings);
  if (!begun.ok) return begun;
  const who = combatants.find((c) => c.id === id);
  if (!who) return { ok: false, reason: `no combatant "${id}"` };
  let combatant = resetForTurn(who);
  const blights = startOfTurnBlights(combatant, settings);
  if (blights) combatant = blights.combatant;
  return {
    kind: 'start-turn',
    combatantId: id,
    round: begun.order.round,
    turnSerial: begun.order.turnSerial,
    blights,
    order: begun.order,
    combatant,
  };
}

/** What ending a turn did (the rules' part of its outcome: the table adds the edge saves), and the character after. */
export type EndTurnOutcome = Pick<OutcomeOf<'end-turn'>, 'kind' | 'combatantId' | 'saves' | 'order'> & {
  combatant: Combatant;
};

/** Ends the current turn: one save per status (end of your turn), then the order moves on. */
export function endTurn(
  order: TurnOrder,
  combatants: readonly Combatant[],
  dice: Dice,
  settings: RoomSettings,
): EndTurnOutcome | Refusal {
  if (order.currentId === null) return { ok: false, reason: 'no turn in progress' };
  const who = combatants.find((c) => c.id === order.currentId);
  if (!who) return { ok: false, reason: `no combatant "${order.currentId}"` };
  const { combatant, saves } = who.defeated
    ? { combatant: who, saves: [] }
    : endOfTurnSaves(who, settings.statuses, dice);
  return { kind: 'end-turn', combatantId: who.id, saves, order: finishTurn(order, combatants), combatant };
}

/**
 * Starts the next round: the other side begins; attack-per-round and X/round counts reset; player
 * characters gain Resolve (`resolvePerRound`, docs/rules.md "Resolve and Limit Breaks").
 */
export function startRound(
  order: TurnOrder,
  combatants: readonly Combatant[],
  settings: Pick<RoomSettings, 'resolvePerRound'> = DEFAULT_ROOM_SETTINGS,
): {
  order: TurnOrder;
  combatants: Combatant[];
} {
  return {
    order: nextRound(order),
    combatants: combatants.map((c) => gainResolve(resetForRound(c), settings)),
  };
}
