import type { Ability } from '../schema/ability';
import type { AbilityBonus } from '../schema/abilityBonus';
import type { Combatant } from '../schema/combatant';
import { emptyTurnUsage } from '../schema/combatant';
import type { StatusCatalog } from '../schema/status';
import type { Refusal } from './health';
import { isOutOfAction } from './health';
import { ownValue } from '../lib/ownRecord';
import { actionsPerTurn, effectiveSpeed, statusPrevents } from './statuses';
import { bonusForUse } from './abilityBonus';
import { resolveShortfall } from './resolve';

/** The basic actions every character has ("Actions on a turn"). */
export const BASIC_ACTIONS = ['run', 'dash', 'interact', 'rescue', 'basic-attack', 'whack'] as const;
/** One of the basic actions by name. */
export type BasicActionName = (typeof BASIC_ACTIONS)[number];

/** Action cost of each basic action; the basic heavy attack is the only one with the attack tag. */
export const BASIC_ACTION_COST: Record<BasicActionName, number> = {
  run: 1,
  dash: 2,
  interact: 1,
  rescue: 1,
  'basic-attack': 2,
  whack: 1,
};

/** Squares a Run (half Speed, rounded up) or a Dash (all of Speed) lets a character move. */
export function movementGranted(action: 'run' | 'dash', speed: number): number {
  return action === 'run' ? Math.ceil(speed / 2) : speed;
}

/** Foes may not use these ("Foes can make a standard move, run, dash, interact, or use abilities"). */
const PC_ONLY: readonly BasicActionName[] = ['rescue', 'whack', 'basic-attack'];

/** Something a combatant wants to do. */
export type ActionRequest =
  | { kind: 'move'; squares: number }
  | { kind: 'basic'; action: BasicActionName }
  | { kind: 'ability'; ability: Ability };

/** Where the request happens. */
export interface ActionContext {
  /** It is this combatant's own turn. */
  onOwnTurn: boolean;
  /** TurnOrder.turnSerial of the turn in progress (for "once during any turn"). */
  turnSerial: number;
  catalog: StatusCatalog;
}

/** What a legal request costs. */
export interface ActionCharge {
  /** Name counted by the no-repeats rule ('move' for the standard move). */
  name: string;
  actions: number;
  /** Uses up the standard move (2-actions-and-move abilities). */
  spendsMove: boolean;
  /** Squares of the standard move used (move requests). */
  moveSquares: number;
  /** Squares the action lets you move: run = half Speed rounded up, dash = Speed. */
  grantsMovement: number;
  /** Movement that ignores engagement and does not trigger interrupts (dash). */
  ignoresEngagement: boolean;
  /** Whether this may set off other characters' interrupts ("Dashing ... does not trigger interrupts"). */
  triggersInterrupts: boolean;
  attack: boolean;
  interrupt: boolean;
  /** An ability (not a basic action): it takes the waiting next-ability bonuses. */
  ability: boolean;
  /** Resolve a Limit Break spends (0 otherwise). */
  resolve: number;
  /** The bonus this use of the ability gets (next-ability + slow turn); null = none. */
  bonus: AbilityBonus | null;
}

function requestName(request: ActionRequest): string {
  if (request.kind === 'move') return 'move';
  if (request.kind === 'basic') return request.action;
  return request.ability.name;
}

/**
 * Checks a request against the action economy ("Actions on a turn", "Attacks"): move up to Speed and
 * two actions per turn; one attack per round; no repeats in a turn unless X/turn or X/round;
 * interrupts X times between your turns and once per any turn; foes have no rescue, whack or basic
 * attack. Returns the charge, or a refusal with a reason a player can read.
 */
export function checkAction(
  combatant: Combatant,
  request: ActionRequest,
  context: ActionContext,
): { ok: true; charge: ActionCharge } | Refusal {
  const refuse = (reason: string): Refusal => ({ ok: false, reason });
  if (isOutOfAction(combatant)) return refuse(`${combatant.name} is defeated and cannot act`);
  if (combatant.removedFromPlay) {
    return refuse(`${combatant.name} was removed from play by an edge: come back first`);
  }
  const name = requestName(request);
  const speed = effectiveSpeed(combatant, context.catalog);
  const prevents = statusPrevents(combatant, context.catalog);
  const charge: ActionCharge = {
    name,
    actions: 0,
    spendsMove: false,
    moveSquares: 0,
    grantsMovement: 0,
    ignoresEngagement: false,
    triggersInterrupts: true,
    attack: false,
    interrupt: false,
    ability: false,
    resolve: 0,
    bonus: null,
  };
  const abilityParts =
    request.kind === 'ability'
      ? {
          ability: true,
          resolve: request.ability.tags.limitBreak ?? 0,
          bonus: bonusOfUse(combatant, request),
        }
      : {};

  if (request.kind === 'ability' && request.ability.tags.interrupt !== null) {
    const ability = request.ability;
    const times = ability.tags.interrupt ?? 1;
    if (prevents.interrupts) return refuse(`cannot use interrupts while ${prevents.interrupts}`);
    if (ownValue(combatant.interruptLastTurn, name) === context.turnSerial) {
      return refuse(`already used ${name} during this turn`);
    }
    if ((ownValue(combatant.interruptsSinceTurn, name) ?? 0) >= times) {
      return refuse(`${name} is Interrupt ${times}: already used ${times}× since your last turn`);
    }
    // An X/round limit on an interrupt still counts ("Some abilities are limited").
    const limit = ability.tags.limited;
    if (limit?.per === 'round' && (ownValue(combatant.usedThisRound, name) ?? 0) >= limit.times) {
      return refuse(`${name} is limited to ${limit.times}/round`);
    }
    if (ability.tags.attack && combatant.attackedThisRound) return refuse('already attacked this round');
    if (ability.tags.attack && prevents.attacks) return refuse(`cannot attack while ${prevents.attacks}`);
    const short = resolveShortfall(combatant, ability);
    if (short) return refuse(short);
    return { ok: true, charge: { ...charge, ...abilityParts, interrupt: true, attack: ability.tags.attack } };
  }

  if (!context.onOwnTurn) return refuse('it is not your turn');

  if (request.kind === 'move') {
    if (!Number.isInteger(request.squares) || request.squares < 1) return refuse('move at least 1 square');
    if (combatant.turn.moveSpent) return refuse('your standard move is already spent this turn');
    const left = speed - combatant.turn.movementUsed;
    if (request.squares > left) return refuse(`only ${left} of ${speed} squares of movement left`);
    return { ok: true, charge: { ...charge, moveSquares: request.squares } };
  }

  const isFoe = combatant.statBlock.kind === 'foe';
  let actions: number;
  let spendsMove = false;
  let attack: boolean;
  let limited = null as Ability['tags']['limited'];
  if (request.kind === 'basic') {
    if (isFoe && PC_ONLY.includes(request.action))
      return refuse(`foes cannot use ${request.action.replace('-', ' ')}`);
    actions = BASIC_ACTION_COST[request.action];
    attack = request.action === 'basic-attack';
    if (request.action === 'run') charge.grantsMovement = movementGranted('run', speed);
    if (request.action === 'dash') {
      charge.grantsMovement = movementGranted('dash', speed);
      charge.ignoresEngagement = true;
      charge.triggersInterrupts = false;
    }
  } else {
    const { cost, tags } = request.ability;
    actions = cost === 'free' ? 0 : cost === '1-action' ? 1 : 2;
    spendsMove = cost === '2-actions-and-move';
    attack = tags.attack;
    limited = tags.limited;
  }

  if (attack && combatant.attackedThisRound) return refuse('already attacked this round');
  if (attack && prevents.attacks) return refuse(`cannot attack while ${prevents.attacks}`);
  const usedThisTurn = ownValue(combatant.turn.used, name) ?? 0;
  if (limited?.per === 'round') {
    if ((ownValue(combatant.usedThisRound, name) ?? 0) >= limited.times) {
      return refuse(`${name} is limited to ${limited.times}/round`);
    }
  } else if (limited?.per === 'turn') {
    if (usedThisTurn >= limited.times) return refuse(`${name} is limited to ${limited.times}/turn`);
  } else if (usedThisTurn >= 1) {
    return refuse(`already used ${name} this turn`);
  }
  const left = actionsPerTurn(combatant, context.catalog) - combatant.turn.actionsUsed;
  if (actions > left)
    return refuse(`${name} needs ${actions} action${actions === 1 ? '' : 's'}, ${left} left`);
  if (spendsMove && (combatant.turn.moveSpent || combatant.turn.movementUsed > 0)) {
    return refuse(`${name} needs your standard move, which is already used`);
  }
  if (request.kind === 'ability') {
    const short = resolveShortfall(combatant, request.ability);
    if (short) return refuse(short);
  }
  return { ok: true, charge: { ...charge, ...abilityParts, actions, spendsMove, attack } };
}

/** What an attack spends: a PC's basic attack is a basic action, any other its ability. */
export function attackRequest(ability: Ability, basic: boolean): ActionRequest {
  return basic ? { kind: 'basic', action: 'basic-attack' } : { kind: 'ability', ability };
}

/**
 * The bonus one use gets: an ability takes every waiting next-ability bonus and its slow-turn
 * bonus; a basic action (a PC's basic attack among them) gets none.
 */
export function bonusOfUse(
  user: Pick<Combatant, 'nextAbility' | 'slowTurn'>,
  request: ActionRequest,
): AbilityBonus | null {
  return request.kind === 'ability' ? bonusForUse(user, request.ability) : null;
}

/**
 * The user as the rolls of this use see them. In combat, spending the action records the use's
 * bonus as `abilityBonus` (`spendAction`); outside combat nothing is spent and the user rolls as
 * it stands. A preview starts here, so it counts what the resolution will.
 */
export function asUsing<C extends Pick<Combatant, 'nextAbility' | 'slowTurn' | 'abilityBonus'>>(
  user: C,
  request: ActionRequest,
  inCombat: boolean,
): C {
  return inCombat ? { ...user, abilityBonus: bonusOfUse(user, request) } : user;
}

/**
 * Records a checked charge on the combatant (pure). An ability takes every waiting next-ability
 * bonus (they become its `abilityBonus`, read by its rolls) and spends a Limit Break's Resolve; a
 * basic action clears `abilityBonus` and leaves next-ability bonuses waiting (it is no ability).
 */
export function spendAction(combatant: Combatant, charge: ActionCharge, turnSerial: number): Combatant {
  if (charge.name === 'move') return spendActionCounts(combatant, charge, turnSerial);
  const spent = spendActionCounts(combatant, charge, turnSerial);
  if (!charge.ability) return { ...spent, abilityBonus: null };
  return {
    ...spent,
    abilityBonus: charge.bonus,
    nextAbility: [],
    resolve: Math.max(0, spent.resolve - charge.resolve),
  };
}

function spendActionCounts(combatant: Combatant, charge: ActionCharge, turnSerial: number): Combatant {
  if (charge.interrupt) {
    return {
      ...combatant,
      interruptsSinceTurn: {
        ...combatant.interruptsSinceTurn,
        [charge.name]: (ownValue(combatant.interruptsSinceTurn, charge.name) ?? 0) + 1,
      },
      interruptLastTurn: { ...combatant.interruptLastTurn, [charge.name]: turnSerial },
      attackedThisRound: combatant.attackedThisRound || charge.attack,
      usedThisRound: {
        ...combatant.usedThisRound,
        [charge.name]: (ownValue(combatant.usedThisRound, charge.name) ?? 0) + 1,
      },
    };
  }
  if (charge.name === 'move') {
    return {
      ...combatant,
      turn: { ...combatant.turn, movementUsed: combatant.turn.movementUsed + charge.moveSquares },
    };
  }
  return {
    ...combatant,
    turn: {
      ...combatant.turn,
      actionsUsed: combatant.turn.actionsUsed + charge.actions,
      moveSpent: combatant.turn.moveSpent || charge.spendsMove,
      used: { ...combatant.turn.used, [charge.name]: (ownValue(combatant.turn.used, charge.name) ?? 0) + 1 },
    },
    usedThisRound: {
      ...combatant.usedThisRound,
      [charge.name]: (ownValue(combatant.usedThisRound, charge.name) ?? 0) + 1,
    },
    attackedThisRound: combatant.attackedThisRound || charge.attack,
  };
}

/** Checks and records in one step. */
export function useAction(
  combatant: Combatant,
  request: ActionRequest,
  context: ActionContext,
): { ok: true; combatant: Combatant; charge: ActionCharge } | Refusal {
  const checked = checkAction(combatant, request, context);
  if (!checked.ok) return checked;
  return {
    ok: true,
    combatant: spendAction(combatant, checked.charge, context.turnSerial),
    charge: checked.charge,
  };
}

/** Start of the combatant's own turn: fresh actions and move; interrupt counts restart. */
export function resetForTurn(combatant: Combatant): Combatant {
  return {
    ...combatant,
    turn: emptyTurnUsage(),
    interruptsSinceTurn: {},
    abilityBonus: null,
  };
}

/** Start of a round: the one-attack and X/round counts restart; slow-turn choices are made anew. */
export function resetForRound(combatant: Combatant): Combatant {
  return { ...combatant, usedThisRound: {}, attackedThisRound: false, slowTurn: false };
}
