import type { Ability } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import { basicAttackAbility } from '../../rules/resolveAttack';
import type { Refusal } from './IntentContext';
import { refuse } from './IntentContext';
import { slug } from '../slug';

/**
 * The ability an intent names: 'basic-melee' / 'basic-ranged' (and 'basic-heavy' = melee) are
 * the PC's basic heavy attack made in melee or at range ("Basic heavy attack"); anything else is
 * looked up in the stat block by name or slug.
 */
export function findAbility(
  user: Combatant,
  abilityId: string,
): { ability: Ability; basic: boolean } | Refusal {
  if (abilityId === 'basic-melee' || abilityId === 'basic-ranged' || abilityId === 'basic-heavy') {
    if (user.statBlock.kind !== 'pc') return refuse('foes cannot make basic attacks');
    const kind = abilityId === 'basic-ranged' ? 'ranged' : 'melee';
    return { ability: basicAttackAbility(user.statBlock, kind), basic: true };
  }
  const ability = user.statBlock.abilities.find((a) => a.name === abilityId || slug(a.name) === abilityId);
  if (!ability) return refuse(`${user.name} has no ability called “${abilityId}”`);
  return { ability, basic: false };
}
