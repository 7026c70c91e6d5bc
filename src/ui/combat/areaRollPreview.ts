import { attackContext } from '../../grid/attackContext';
import type { Ability } from '../../schema/ability';
import { netBoons } from '../../rules/boonsCurses';
import { hitChance } from '../../rules/hitChance';
import { statusAttackModifiers } from '../../rules/statuses';
import type { RoomSnapshot } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import { battlefieldOf } from '../../table/battlefieldOf';
import type { DamagePreview, TargetOption } from './targeting';
import { attackDamagePreviews, clampNet, damagePreview } from './targeting';

/**
 * The attack roll of an area ability against the character in its attack space: the same
 * boons/curses the server uses (height, statuses; not the ranged-next-to-foe curse, and the
 * area's own cover from the origin), the exact chance and the damage per tier.
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
  const caster = casterToken ? combatantOf(casterToken) : null;
  if (!caster || !targetToken?.state || !ability.attack) return null;
  const bf = battlefieldOf(snapshot, [casterId, targetId]);
  if (!bf) return null;
  const context = attackContext(bf, casterId, targetId, {
    kind: ability.attack.kind,
    range: Math.max(1, ability.range ?? 1),
  });
  const settings = snapshot.settings;
  const modifiers = [
    ...context.modifiers.filter((m) => m.source !== 'ranged-adjacent-foe'),
    ...statusAttackModifiers(caster, targetToken.state, settings.statuses),
  ];
  const net = clampNet(netBoons(modifiers));
  const defense = targetToken.statBlock?.defense ?? null;
  return {
    modifiers,
    net,
    defense,
    chance:
      defense === null
        ? null
        : hitChance(caster.statBlock.attackBonus, defense, net, settings.criticalAlwaysHits),
    damage: attackDamagePreviews(caster, combatantOf(targetToken), ability, cover, settings),
  };
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
  const caster = casterToken ? combatantOf(casterToken) : null;
  const component = ability.areaEffect ?? (ability.attack ? undefined : ability.effect);
  if (!caster || !targetToken || !component) return null;
  const ranged = ability.attack?.kind === 'ranged' || ability.range !== null;
  return damagePreview(
    'effect',
    component.damage,
    caster,
    combatantOf(targetToken),
    ability,
    ranged && cover,
    snapshot.settings,
    false,
  );
}
