import type { AreaOptions } from '../grid/area/areaPlacement';
import type { Ability, EffectComponent } from '../schema/ability';
import type { RollModifier } from '../schema/modifier';
import type { RoomSettings } from '../schema/settings';

type AreaRules = Pick<RoomSettings, 'rangedAreaIsRangedAttack' | 'effectsGainHeightRange'>;

/**
 * Whether an ability with a listed range gains +1 range per level of height (rulebook: "Ranged
 * attacks gain +1 range for every level of height"): a ranged attack, area or not, unless the
 * room says areas are not ranged attacks; a plain effect only when the room extends it to effects
 * (docs/rules.md "Ranged areas and effects").
 */
export function gainsHeightRange(
  ability: Pick<Ability, 'attack' | 'range' | 'self'>,
  settings: AreaRules,
): boolean {
  if (ability.range === null || ability.self) return false;
  if (ability.attack) return ability.attack.kind === 'ranged' && settings.rangedAreaIsRangedAttack;
  return settings.effectsGainHeightRange;
}

/** The grid's placement options for an area ability, the same for the server and the preview. */
export function areaOptionsOf(ability: Ability, settings: AreaRules): AreaOptions {
  return {
    ...(ability.range !== null ? { range: ability.range } : {}),
    self: ability.self,
    ...(gainsHeightRange(ability, settings) ? { heightRange: true } : {}),
  };
}

/**
 * The battlefield's boons and curses on an area's attack roll: height counts; the curse for a
 * ranged attack next to a foe only when the room counts a ranged area as a ranged attack.
 */
export function areaRollModifiers(
  battlefield: readonly RollModifier[],
  settings: Pick<RoomSettings, 'rangedAreaIsRangedAttack'>,
): RollModifier[] {
  return battlefield.filter((m) => m.source !== 'ranged-adjacent-foe' || settings.rangedAreaIsRangedAttack);
}

/**
 * Whether cover (judged from the area's origin) resists an area's effect on the characters it
 * affects: every area when the room says so, else ranged attacks and areas placed at a range.
 */
export function areaEffectCoverResists(
  ability: Pick<Ability, 'attack' | 'range'>,
  settings: Pick<RoomSettings, 'areaCoverForEveryArea'>,
): boolean {
  return settings.areaCoverForEveryArea || ability.attack?.kind === 'ranged' || ability.range !== null;
}

/**
 * What an area gives every affected character besides the one its attack roll is against
 * ("Area of effect": additional effects apply to all affected spaces): its Area effect, then its
 * Effect, as labelled components. Empty: an area attack that only hurts the attack space's
 * character (the preview, the result and the ability editor then say so).
 */
export function areaSharedComponents(
  ability: Pick<Ability, 'areaEffect' | 'effect'>,
): readonly (readonly ['areaEffect' | 'effect', EffectComponent])[] {
  return [
    ...(ability.areaEffect ? [['areaEffect', ability.areaEffect] as const] : []),
    ...(ability.effect ? [['effect', ability.effect] as const] : []),
  ];
}

/** The characters an area covered that neither its attack roll nor any of its effects reached. */
export function untouchedByArea(o: {
  readonly affected: readonly { readonly id: string }[];
  readonly attack: { readonly targetId: string } | null | undefined;
  readonly areaEffects: readonly { readonly targetId: string }[];
}): string[] {
  const reached = new Set([
    ...(o.attack ? [o.attack.targetId] : []),
    ...o.areaEffects.map((e) => e.targetId),
  ]);
  return o.affected.map((a) => a.id).filter((id) => !reached.has(id));
}
