import type { Dice } from '../lib/dice';
import type { DamageType, EffectComponent } from '../schema/ability';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import { BlightIdSchema } from '../schema/status';
import type { DamageApplication } from './applyDamage';
import { applyDamage } from './applyDamage';
import { applyBlight } from './blights';
import { grantVigor } from './health';
import type { DamageRoll } from './rollDamage';
import { rollDamage } from './rollDamage';
import { applyStatus } from './statuses';

/** Which labelled part of an ability produced an effect. */
export type ComponentLabel = 'onHit' | 'onMiss' | 'onCritical' | 'effect' | 'areaEffect';

/** What one component did to one target. */
export interface EffectOutcome {
  component: ComponentLabel;
  targetId: string;
  damage: DamageRoll | null;
  application: DamageApplication | null;
  statusesApplied: string[];
  blightsApplied: string[];
  vigorGained: number;
  /** Parts that could not apply, with the reason (unknown status, immune target...). */
  refused: string[];
  /** The component's free text, for the GM to carry out by hand. */
  text: string;
}

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
 * Applies one component ("Attack vs. ability vs. effect"): rolls the user's damage for it, then
 * statuses, blights and vigor. Dice order: the damage dice only.
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
    refused: [],
    text: component.text,
  };
  let current = target;
  const spec = component.damage;
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
  if (component.vigor > 0) {
    const granted = grantVigor(current, component.vigor, settings);
    current = granted.combatant;
    outcome.vigorGained = granted.gained;
  }
  return { outcome, target: current };
}
