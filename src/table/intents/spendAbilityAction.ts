import type { Ability } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import { checkAction, spendAction } from '../../rules/actionEconomy';
import type { ActionRequest } from '../../rules/actionEconomy';
import type { IntentContext, Refusal } from './IntentContext';

/**
 * Using an ability in combat ("Actions on a turn"): the action economy must allow it, and the
 * user comes back with the cost spent. Outside combat (no turn order) nothing is checked or spent.
 * `onOwnTurn` comes from `abilityTurn` (interrupts are used off-turn).
 */
export function spendAbilityAction(
  ctx: IntentContext,
  user: Combatant,
  ability: Ability,
  turn: { onOwnTurn: boolean },
): Combatant | Refusal {
  return spendTurnAction(ctx, user, { kind: 'ability', ability }, turn);
}

/** Any action request (an ability, a basic action): checked and spent in combat, free outside it. */
export function spendTurnAction(
  ctx: IntentContext,
  user: Combatant,
  request: ActionRequest,
  turn: { onOwnTurn: boolean },
): Combatant | Refusal {
  const order = ctx.snapshot.turn;
  if (!order) return user;
  const actionContext = {
    onOwnTurn: turn.onOwnTurn,
    turnSerial: order.turnSerial,
    catalog: ctx.snapshot.statusCatalog,
  };
  const checked = checkAction(user, request, actionContext);
  if (!checked.ok) return checked;
  return spendAction(user, checked.charge, order.turnSerial);
}
