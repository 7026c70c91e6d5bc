import { attackContext } from '../../grid/attackContext';
import type { Ability } from '../../schema/ability';
import type { RoomSnapshot } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import { asUsing } from '../../rules/actionEconomy';
import { areaEffectCoverResists, areaRollModifiers } from '../../rules/areaOptions';
import { battlefieldOf } from '../../table/battlefieldOf';
import type { DamagePreview, TargetOption } from './targeting';
import { damagePreview, rollPreview } from './targeting';

/**
 * The attack roll of an area ability against the character in its attack space, by the
 * resolution's functions (`areaRollModifiers`, statuses, the ability bonus; the area's own cover
 * from the origin): the exact chance and the damage per tier.
 */
export function areaAttackPreview(
  snapshot: RoomSnapshot,
  casterId: string,
  ability: Ability,
  targetId: string,
  cover: boolean,
): Pick<TargetOption, 'modifiers' | 'net' | 'chance' | 'damage' | 'defense'> | null {
  const casterToken = snapshot.tokensById[casterId];
  const targetToken = snapshot.tokensById[targetId];
  const standing = casterToken ? combatantOf(casterToken) : null;
  if (!standing || !targetToken?.state || !ability.attack) return null;
  const caster = asUsing(standing, { kind: 'ability', ability }, snapshot.turn !== null);
  const bf = battlefieldOf(snapshot, [casterId, targetId]);
  if (!bf) return null;
  const context = attackContext(bf, casterId, targetId, {
    kind: ability.attack.kind,
    range: Math.max(1, ability.range ?? 1),
  });
  const settings = snapshot.settings;
  const battlefieldModifiers = areaRollModifiers(context.modifiers, settings);
  const target = { ...targetToken, state: targetToken.state };
  return rollPreview(caster, target, battlefieldModifiers, ability, cover, settings, true);
}

/** The area effect's damage on one affected character (no roll; cover from the origin counts for ranged areas). */
export function areaEffectPreview(
  snapshot: RoomSnapshot,
  casterId: string,
  ability: Ability,
  targetId: string,
  cover: boolean,
): DamagePreview | null {
  const casterToken = snapshot.tokensById[casterId];
  const targetToken = snapshot.tokensById[targetId];
  const standing = casterToken ? combatantOf(casterToken) : null;
  const component = ability.areaEffect ?? (ability.attack ? undefined : ability.effect);
  if (!standing || !targetToken || !component) return null;
  const caster = asUsing(standing, { kind: 'ability', ability }, snapshot.turn !== null);
  return damagePreview(
    'effect',
    component,
    caster,
    combatantOf(targetToken),
    ability,
    areaEffectCoverResists(ability, snapshot.settings) && cover,
    snapshot.settings,
    false,
  );
}
