import type { Ability } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import type { ActionRequest } from '../../rules/actionEconomy';
import { attackRequest } from '../../rules/actionEconomy';
import type { TokenView } from '../snapshot';
import type { IntentContext, Refusal } from './IntentContext';
import { abilityTurn, refuse } from './IntentContext';
import { findAbility } from './findAbility';

/** An attack ability (single target) as the attack handlers use it. */
export interface AttackAbility {
  readonly ability: Ability & { attack: NonNullable<Ability['attack']> };
  readonly turn: { onOwnTurn: boolean };
  /** What the attack spends: a basic attack or the ability. */
  readonly request: ActionRequest;
}

/**
 * The ability an attack intent names, when the attacker may use it now against one target (a
 * character or a destructible square): it exists, its turn or interrupt allows it, it is an
 * attack and not an area. Shared by `attackIntent` and `terrainAttackIntent`.
 */
export function attackAbility(
  ctx: IntentContext,
  attackerToken: TokenView,
  attacker: Combatant,
  abilityId: string,
): AttackAbility | Refusal {
  const found = findAbility(attacker, abilityId);
  if ('ok' in found) return found;
  const { ability } = found;
  const turn = abilityTurn(ctx, attackerToken, ability);
  if ('ok' in turn) return turn;
  if (!ability.attack) return refuse(`${ability.name} is not an attack`);
  if (ability.area) return refuse(`${ability.name} is an area ability: place its pattern on the map`);
  return {
    ability: { ...ability, attack: ability.attack },
    turn,
    request: attackRequest(ability, found.basic),
  };
}
