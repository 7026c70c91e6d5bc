import type { Dice } from '../lib/dice';
import type { DamageSpec, DamageType, EffectComponent } from '../schema/ability';
import type { AbilityBonus } from '../schema/abilityBonus';
import type { Combatant } from '../schema/combatant';
import type { EffectOutcomeRecord } from '../schema/rollRecord';
import type { RoomSettings } from '../schema/settings';
import { BlightIdSchema } from '../schema/status';
import { MAX_LIST_ITEMS } from '../schema/limits';
import type { DamageApplication } from './applyDamage';
import { applyDamage } from './applyDamage';
import { applyBlight } from './blights';
import { grantVigor, heal } from './health';
import { withBonus } from './abilityBonus';
import { againstBlightedExtra, removeBlightsOf } from './blightedEffects';
import { rollDamage } from './rollDamage';
import { applyStatus } from './statuses';

/** Which labelled part of an ability produced an effect. */
export type ComponentLabel = EffectOutcomeRecord['component'];

/** How a component reads in the result and the log. */
export const COMPONENT_NAME: Record<ComponentLabel, string> = {
  onHit: 'On hit',
  onMiss: 'On miss',
  onCritical: 'On critical',
  effect: 'Effect',
  areaEffect: 'Area effect',
};

/** What one component did to one target; its application also carries the receiver after it. */
export type EffectOutcome = Omit<EffectOutcomeRecord, 'application'> & {
  application: DamageApplication | null;
};

/** How the damage of a component arrives. */
export interface EffectDelivery {
  damageType: DamageType;
  pierce: boolean;
  /** Ignores armor for a reason other than the pierce tag (whack with `whackIgnoresArmor`). */
  ignoresArmor?: boolean;
  /** Came from a ranged attack (cover only resists those). */
  ranged: boolean;
  cover: boolean;
  /** The attack was a critical hit: damage is boosted one tier. */
  critical: boolean;
}

/**
 * Applies one component ("Attack vs. ability vs. effect"): rolls the user's damage for it (with the
 * bonus of the ability in use, `user.abilityBonus`, and extra damage against blighted receivers),
 * then statuses, blights removed, blights, healing, vigor and a next-ability grant. A grant
 * `to: 'user'` for a user who is not the receiver is only recorded in the outcome: the caller
 * gives it with `withUserGrants`. Dice order: the damage dice only.
 */
export function applyEffect(
  user: Combatant,
  target: Combatant,
  label: ComponentLabel,
  component: EffectComponent,
  delivery: EffectDelivery,
  dice: Dice,
  settings: RoomSettings,
): { outcome: EffectOutcome; target: Combatant } {
  const outcome: EffectOutcome = {
    component: label,
    targetId: target.id,
    damage: null,
    application: null,
    statusesApplied: [],
    blightsApplied: [],
    vigorGained: 0,
    healed: 0,
    blightsRemoved: [],
    againstBlighted: false,
    nextAbility: null,
    refused: [],
    text: component.text,
  };
  let current = target;
  const { spec, againstBlighted } = componentDamage(user, target, component);
  outcome.againstBlighted = againstBlighted;
  if (spec && (spec.tier !== null || spec.flat > 0)) {
    const damage = rollDamage(
      {
        tier: spec.tier,
        bonus: spec.bonus,
        boost: spec.boost,
        flat: spec.flat,
        type: spec.type ?? delivery.damageType,
        damageDie: user.statBlock.damageDie,
        fray: user.statBlock.frayDamage,
        critical: delivery.critical,
      },
      dice,
      settings,
    );
    const application = applyDamage(
      current,
      {
        amount: damage.total,
        type: damage.type,
        pierce: delivery.pierce,
        ...(delivery.ignoresArmor ? { ignoresArmor: true } : {}),
        cover: delivery.ranged && delivery.cover,
      },
      settings,
    );
    outcome.damage = damage;
    outcome.application = application;
    current = application.combatant;
  }
  for (const id of component.statuses) {
    const applied = applyStatus(current, id, settings.statuses, {
      ongoing: component.ongoing,
      source: user.name,
    });
    if (applied.ok) {
      current = applied.combatant;
      outcome.statusesApplied.push(id);
    } else outcome.refused.push(applied.reason);
  }
  const removed = removeBlightsOf(current, component.removeBlights);
  current = removed.combatant;
  outcome.blightsRemoved = removed.removed;
  outcome.refused.push(...removed.refused);
  for (const id of component.blights) {
    const parsed = BlightIdSchema.safeParse(id);
    if (!parsed.success) {
      outcome.refused.push(`unknown blight "${id}"`);
      continue;
    }
    const applied = applyBlight(current, parsed.data);
    if (applied.ok) {
      current = applied.combatant;
      outcome.blightsApplied.push(id);
    } else outcome.refused.push(applied.reason);
  }
  if (component.heal > 0) {
    const healed = heal(current, component.heal * current.statBlock.health);
    if (current.defeated || current.dead)
      outcome.refused.push(`${current.name} is defeated: healing needs a rescue`);
    current = healed.combatant;
    outcome.healed = healed.healed;
  }
  if (component.vigor > 0) {
    const granted = grantVigor(current, component.vigor, settings);
    current = granted.combatant;
    outcome.vigorGained = granted.gained;
  }
  const grant = component.nextAbility;
  if (grant) {
    const { to, ...bonus } = grant;
    const named = { ...bonus, source: bonus.source || user.name };
    const toUser = to === 'user' && user.id !== target.id;
    outcome.nextAbility = { to: toUser ? 'user' : 'receiver', bonus: named };
    if (!toUser) current = addNextAbility(current, named, outcome.refused);
  }
  return { outcome, target: current };
}

/**
 * The user after the next-ability grants its ability made to it ("On hit: your next ability…"):
 * each component grants once per use of the ability, however many targets it reached (an area).
 */
export function withUserGrants(user: Combatant, effects: readonly EffectOutcome[]): Combatant {
  let current = user;
  const granted = new Set<ComponentLabel>();
  for (const effect of effects) {
    if (effect.nextAbility?.to !== 'user' || granted.has(effect.component)) continue;
    granted.add(effect.component);
    current = addNextAbility(current, effect.nextAbility.bonus, []);
  }
  return current;
}

/** The component's damage with the ability's bonus and the against-blighted extra added. */
/**
 * The damage a component deals this use: its own, plus the bonus of the ability in use
 * (`user.abilityBonus`) and its extra against a blighted receiver, judged before the component
 * adds or removes any blight. Its previews read the same numbers.
 */
export function componentDamage(
  user: Pick<Combatant, 'abilityBonus'>,
  target: Pick<Combatant, 'blights'>,
  component: Pick<EffectComponent, 'damage' | 'againstBlighted'>,
): { spec: DamageSpec | undefined; againstBlighted: boolean } {
  const extra = againstBlightedExtra(component.againstBlighted, target.blights);
  return { spec: boostedSpec(component.damage, user.abilityBonus, extra), againstBlighted: extra !== null };
}

function boostedSpec(
  spec: DamageSpec | undefined,
  bonus: AbilityBonus | null,
  extra: Pick<AbilityBonus, 'bonus' | 'boost' | 'flat'> | null,
): DamageSpec | undefined {
  if (!spec) return spec;
  let out = spec;
  if (bonus) out = withBonus(out, bonus);
  if (extra) out = withBonus(out, extra);
  return out;
}

/** Queues a next-ability bonus (bounded like the schema: at most 50 waiting). */
function addNextAbility(who: Combatant, bonus: AbilityBonus, refused: string[]): Combatant {
  if (who.defeated || who.dead) {
    refused.push(`${who.name} is defeated and gains no bonus`);
    return who;
  }
  if (who.nextAbility.length >= MAX_LIST_ITEMS) {
    refused.push(
      `${who.name} already has ${MAX_LIST_ITEMS} next-ability bonuses waiting (at most ${MAX_LIST_ITEMS})`,
    );
    return who;
  }
  return { ...who, nextAbility: [...who.nextAbility, bonus] };
}
