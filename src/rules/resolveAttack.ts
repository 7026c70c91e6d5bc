import type { Dice } from '../lib/dice';
import type { Ability, EffectComponent } from '../schema/ability';
import { AbilitySchema } from '../schema/ability';
import type { Combatant } from '../schema/combatant';
import type { RollModifier } from '../schema/modifier';
import type { RoomSettings } from '../schema/settings';
import type { AttackOutcomeRecord } from '../schema/rollRecord';
import type { PlayerCharacter } from '../schema/statBlock';
import type { ComponentLabel, EffectOutcome } from './applyEffect';
import { applyEffect } from './applyEffect';
import { rollAttack } from './rollAttack';
import { statusAttackModifiers } from './statuses';
import { bonusModifiers } from './abilityBonus';

/** The basic heavy attack as an ability: 2 actions, attack; hit = heavy damage, miss = light. */
export function basicAttackAbility(pc: PlayerCharacter, kind: 'melee' | 'ranged'): Ability {
  const basic = pc.basicAttacks[kind];
  return AbilitySchema.parse({
    // The name people read in the log: "Ana uses Basic melee attack on Hollow Husk 1".
    name: `Basic ${kind} attack`,
    cost: '2-actions',
    tags: { attack: true },
    range: basic.range,
    damageType: basic.damageType,
    attack: { kind, onHit: { damage: { tier: 'heavy' } }, onMiss: { damage: { tier: 'light' } } },
    description: `Basic ${kind} attack`,
  });
}

/** Everything an attack did, in order (as its outcome records it), and the target after it. */
export type AttackOutcome = Omit<AttackOutcomeRecord, 'effects'> & {
  effects: EffectOutcome[];
  target: Combatant;
};

/**
 * Every boon and curse of an attack roll, in the order the log lists them: the given ones
 * (battlefield, GM), the attacker's and the target's statuses, then the bonus of the ability in
 * use (`attacker.abilityBonus`). The resolution and every preview of it count them here.
 */
export function attackModifiers(
  attacker: Pick<Combatant, 'statuses' | 'name' | 'abilityBonus'>,
  target: Pick<Combatant, 'statuses' | 'name'>,
  given: readonly RollModifier[],
  settings: Pick<RoomSettings, 'statuses'>,
): RollModifier[] {
  return [
    ...given,
    ...statusAttackModifiers(attacker, target, settings.statuses),
    ...bonusModifiers(attacker.abilityBonus),
  ];
}

/**
 * Whether cover resists this attack's damage: ranged attacks, and an area's attack roll of any
 * kind when the room's `areaCoverForEveryArea` says so (docs/rules.md "Area cover").
 */
export function coverResists(
  kind: 'melee' | 'ranged',
  area: boolean,
  settings: Pick<RoomSettings, 'areaCoverForEveryArea'>,
): boolean {
  return kind === 'ranged' || (area && settings.areaCoverForEveryArea);
}

/**
 * Resolves one attack ("Attacks"): to-hit roll with the given boons/curses plus status ones and
 * the boons of the ability's bonus (`attacker.abilityBonus`: next-ability and slow-turn), then
 * the ability's on-hit (boosted one tier on a critical) plus on-critical, or its on-miss; then its
 * Effect, which happens either way. Battlefield
 * boons/curses and cover come from src/grid as inputs. Dice order: d20, boon/curse d6s, damage dice.
 */
export function resolveAttack(
  input: {
    attacker: Combatant;
    target: Combatant;
    ability: Ability;
    modifiers: readonly RollModifier[];
    cover: boolean;
    /** An area's attack roll: its cover (judged from the origin) counts for melee areas too
     * when the room's `areaCoverForEveryArea` says so (docs/rules.md "Area cover"). */
    area?: boolean;
    settings: RoomSettings;
  },
  dice: Dice,
): AttackOutcome {
  const { attacker, ability, settings } = input;
  const attack = ability.attack;
  if (!attack) throw new Error(`${ability.name} has no attack component to resolve`);
  const modifiers = attackModifiers(attacker, input.target, input.modifiers, settings);
  const roll = rollAttack(
    { attackBonus: attacker.statBlock.attackBonus, defense: input.target.statBlock.defense, modifiers },
    dice,
    settings,
  );
  const coverCounts = coverResists(attack.kind, input.area === true, settings);
  const cover = coverCounts && input.cover;
  const delivery = {
    damageType: ability.damageType,
    pierce: ability.tags.pierce,
    // Only read for cover: "ranged" here means "cover resists it".
    ranged: coverCounts,
    cover,
    critical: roll.critical,
  };
  const effects: EffectOutcome[] = [];
  let target = input.target;
  const parts: [ComponentLabel, EffectComponent][] = [];
  if (roll.hit) {
    parts.push(['onHit', attack.onHit]);
    if (roll.critical && attack.onCritical) parts.push(['onCritical', attack.onCritical]);
  } else if (attack.onMiss) parts.push(['onMiss', attack.onMiss]);
  // "The effect component simply happens", hit or miss (docs/rules/rolls-and-damage.md#effect-on-attacks).
  if (ability.effect) parts.push(['effect', ability.effect]);
  for (const [label, component] of parts) {
    // Only the on-hit damage is boosted by the critical; on-critical extras are as written.
    const applied = applyEffect(
      attacker,
      target,
      label,
      component,
      { ...delivery, critical: label === 'onHit' && roll.critical },
      dice,
      settings,
    );
    effects.push(applied.outcome);
    target = applied.target;
  }
  return {
    kind: 'attack',
    ability: ability.name,
    attackerId: attacker.id,
    targetId: input.target.id,
    modifiers,
    cover,
    roll,
    result: roll.critical ? 'critical' : roll.hit ? 'hit' : 'miss',
    effects,
    target,
  };
}
