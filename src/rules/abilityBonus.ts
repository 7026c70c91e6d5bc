import type { Ability, DamageSpec } from '../schema/ability';
import type { AbilityBonus } from '../schema/abilityBonus';
import type { Combatant } from '../schema/combatant';
import type { RollModifier } from '../schema/modifier';
import { MAX_BOONS, MAX_STAT } from '../schema/limits';

/** Sums bonuses into one (capped at the schema's bounds); null when there is nothing to add. */
export function mergeBonuses(list: readonly AbilityBonus[]): AbilityBonus | null {
  if (list.length === 0) return null;
  const cap = (n: number, max: number) => Math.min(max, n);
  const sum = (key: 'boons' | 'bonus' | 'boost' | 'flat') => list.reduce((total, b) => total + b[key], 0);
  return {
    boons: cap(sum('boons'), MAX_BOONS),
    bonus: cap(sum('bonus'), MAX_BOONS),
    boost: cap(sum('boost'), MAX_BOONS),
    flat: cap(sum('flat'), MAX_STAT),
    source: list
      .map((b) => b.source)
      .filter(Boolean)
      .join(', ')
      .slice(0, 100),
  };
}

/**
 * The bonus one use of `ability` gets: every waiting "your next ability" bonus, plus the ability's
 * slow-turn bonus when its user is on a slow turn ("Some abilities get bonuses from being used on a
 * slow turn"). Null = none (docs/rules.md "Next-ability and slow-turn bonuses").
 */
export function bonusForUse(
  combatant: Pick<Combatant, 'nextAbility' | 'slowTurn'>,
  ability: Pick<Ability, 'name' | 'slowTurnBonus'>,
): AbilityBonus | null {
  const slow =
    combatant.slowTurn && ability.slowTurnBonus
      ? [
          {
            ...ability.slowTurnBonus,
            source: ability.slowTurnBonus.source || `${ability.name} on a slow turn`,
          },
        ]
      : [];
  return mergeBonuses([...combatant.nextAbility, ...slow]);
}

/** The boons a bonus puts on the ability's to-hit roll, as a modifier the log explains. */
export function bonusModifiers(bonus: AbilityBonus | null): RollModifier[] {
  if (!bonus || bonus.boons === 0) return [];
  return [
    {
      kind: 'boon',
      count: bonus.boons,
      source: 'ability',
      reason: bonus.source ? `ability bonus (${bonus.source})` : 'ability bonus',
    },
  ];
}

/**
 * A damage component with the bonus added. Only components that already deal damage gain it; fray
 * damage ignores bonus dice and boosts in rollDamage ("Fray damage cannot benefit").
 */
export function withBonus(
  spec: DamageSpec,
  bonus: Pick<AbilityBonus, 'bonus' | 'boost' | 'flat'>,
): DamageSpec {
  return {
    ...spec,
    bonus: Math.min(MAX_BOONS, spec.bonus + bonus.bonus),
    boost: Math.min(MAX_BOONS, spec.boost + bonus.boost),
    flat: Math.min(MAX_STAT, spec.flat + bonus.flat),
  };
}
