import type { AttackContext } from '../../grid/attackContext';
import { attackContext } from '../../grid/attackContext';
import { footprintDistance, footprintElevation } from '../../grid/battlefield';
import type { Ability, DamageTier, EffectComponent } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import type { RollModifier } from '../../schema/modifier';
import type { RoomSettings } from '../../schema/settings';
import { applyDamage } from '../../rules/applyDamage';
import { netBoons } from '../../rules/boonsCurses';
import type { DamageRange } from '../../rules/damageRange';
import { damageRanges } from '../../rules/damageRange';
import type { HitChance } from '../../rules/hitChance';
import { clampNet, hitChance } from '../../rules/hitChance';
import { isOutOfAction } from '../../rules/health';
import { asUsing, attackRequest } from '../../rules/actionEconomy';
import { componentDamage } from '../../rules/applyEffect';
import { attackModifiers, coverResists } from '../../rules/resolveAttack';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import { battlefieldOf } from '../../table/battlefieldOf';

/** Damage one component may deal: the range before reductions, and after this target's armor/resistance/cover. */
export interface DamagePreview {
  label: 'on hit' | 'on critical hit' | 'on miss' | 'effect';
  tier: DamageTier | null;
  range: DamageRange | null;
  flat: number;
  /** Before armor, resistance, cover and vigor. */
  min: number;
  max: number;
  /** After the target's armor, resistance and cover (null when its stats are hidden). */
  reducedMin: number | null;
  reducedMax: number | null;
  /** The steps that change the number, in words ("armor 2", "cover: halved"). */
  reductions: string[];
}

/** One possible target of a single-target attack. */
export interface TargetOption {
  id: string;
  name: string;
  side: 'party' | 'foes';
  context: AttackContext;
  /** Battlefield modifiers plus those from statuses, each with source and reason. */
  modifiers: RollModifier[];
  net: number;
  /** Exact miss/hit/critical chance; null when the target's Defense is hidden from this reader. */
  chance: HitChance | null;
  defense: number | null;
  damage: DamagePreview[];
  /** Out of action targets are immune (rulebook: defeated characters). */
  immune: boolean;
}

export interface TargetingResult {
  attackerId: string;
  ability: Ability;
  kind: 'melee' | 'ranged';
  range: number;
  attackerElevation: number;
  /** Squares a Size-1 target could be attacked in (range + height bonus for ranged). */
  rangeSquares: { x: number; y: number }[];
  targets: TargetOption[];
}

/** The words for what will change the number (the arithmetic itself is applyDamage's). */
function reductionWords(target: Combatant | null, type: string, ability: Ability, cover: boolean): string[] {
  if (!target) return ['target stats hidden'];
  if (type === 'godly') return ['godly: no armor, resistance or vigor'];
  const words: string[] = [];
  if (ability.tags.pierce) words.push(`pierce ignores armor ${target.statBlock.armor}`);
  else if (target.statBlock.armor > 0) words.push(`armor ${target.statBlock.armor}`);
  if ((target.statBlock.resistances as string[]).includes(type)) words.push(`resists ${type}: halved`);
  if (cover) words.push('cover: halved (ranged)');
  return words;
}

/**
 * The damage one component may deal to one target, before and after its reductions. `user` is as
 * it will roll (`asUsing`): the component's damage gains its ability bonus and its extra against a
 * blighted target by the function the resolution uses.
 */
export function damagePreview(
  label: DamagePreview['label'],
  component: Pick<EffectComponent, 'damage' | 'againstBlighted'> | undefined,
  attacker: Combatant,
  target: Combatant | null,
  ability: Ability,
  cover: boolean,
  settings: RoomSettings,
  critical: boolean,
): DamagePreview | null {
  if (!component) return null;
  // A target whose stats are hidden: its blights are still public, so the extra still shows.
  const spec = componentDamage(attacker, target ?? { blights: [] }, component).spec;
  if (!spec || (spec.tier === null && spec.flat === 0)) return null;
  const ranges = damageRanges(
    {
      damageDie: attacker.statBlock.damageDie,
      fray: attacker.statBlock.frayDamage,
      bonus: spec.bonus,
      boost: spec.boost + (critical && spec.tier !== 'fray' ? 1 : 0),
      flat: spec.flat,
    },
    settings,
  );
  const range = spec.tier ? ranges[spec.tier] : null;
  const min = range ? range.min : spec.flat;
  const max = range ? range.max : spec.flat;
  const type = range?.godly ? 'godly' : (spec.type ?? ability.damageType);
  const withOrder = (n: number): number | null => {
    if (!target) return null;
    // The reduction the server makes (room's order), on a probe with no vigor and plenty of HP.
    const probe = { ...target, vigor: 0, hp: 100000, incapacitated: false, defeated: false };
    return applyDamage(probe, { amount: n, type, pierce: ability.tags.pierce, cover }, settings).hpLost;
  };
  return {
    label,
    tier: range?.tier ?? null,
    range,
    flat: spec.flat,
    min,
    max,
    reducedMin: withOrder(min),
    reducedMax: withOrder(max),
    reductions: reductionWords(target, type, ability, cover),
  };
}

/**
 * The attack roll against one target (rulebook: Boons and curses; Attacks), counted by the
 * resolution's own functions: the battlefield's modifiers, those from statuses and the ability
 * bonus (`attacker` as it will roll: `asUsing`), their net (clamped), the target's Defense (null
 * when its stats are hidden: no chance then) and the damage per tier. `area`: an area's attack
 * roll (its cover counts as the room's setting says).
 */
export function rollPreview(
  attacker: Combatant,
  target: TokenView & { state: NonNullable<TokenView['state']> },
  battlefieldModifiers: readonly RollModifier[],
  ability: Ability,
  cover: boolean,
  settings: RoomSettings,
  area = false,
): Pick<TargetOption, 'modifiers' | 'net' | 'defense' | 'chance' | 'damage'> {
  const modifiers = attackModifiers(attacker, target.state, battlefieldModifiers, settings);
  const net = clampNet(netBoons(modifiers));
  const defense = target.statBlock?.defense ?? null;
  return {
    modifiers,
    net,
    defense,
    chance:
      defense === null
        ? null
        : hitChance(attacker.statBlock.attackBonus, defense, net, settings.criticalAlwaysHits),
    damage: attackDamagePreviews(attacker, combatantOf(target), ability, cover, settings, area),
  };
}

/** Damage previews of an attack ability against one target: on hit, on critical, on miss. */
export function attackDamagePreviews(
  attacker: Combatant,
  target: Combatant | null,
  ability: Ability,
  cover: boolean,
  settings: RoomSettings,
  area = false,
): DamagePreview[] {
  const attack = ability.attack;
  if (!attack) return [];
  const effectiveCover = coverResists(attack.kind, area, settings) && cover;
  const out = [
    damagePreview('on hit', attack.onHit, attacker, target, ability, effectiveCover, settings, false),
    damagePreview('on critical hit', attack.onHit, attacker, target, ability, effectiveCover, settings, true),
    damagePreview('on miss', attack.onMiss, attacker, target, ability, effectiveCover, settings, false),
  ];
  return out.filter((p): p is DamagePreview => p !== null);
}

/** Squares within `range` of a footprint, widened by the height bonus for ranged attacks. */
export function rangeSquares(
  snapshot: RoomSnapshot,
  from: TokenView,
  range: number,
  ranged: boolean,
): { x: number; y: number }[] {
  const map = snapshot.map;
  if (!map) return [];
  const eA = footprintElevation(map, from.cell, from.size);
  const out: { x: number; y: number }[] = [];
  const reachMax = range + (ranged ? eA : 0);
  for (
    let y = Math.max(0, from.cell.y - reachMax);
    y <= Math.min(map.height - 1, from.cell.y + from.size - 1 + reachMax);
    y++
  ) {
    for (
      let x = Math.max(0, from.cell.x - reachMax);
      x <= Math.min(map.width - 1, from.cell.x + from.size - 1 + reachMax);
      x++
    ) {
      const d = footprintDistance(from.cell, from.size, { x, y }, 1);
      if (d === 0) continue;
      const bonus = ranged ? Math.max(0, eA - footprintElevation(map, { x, y }, 1)) : 0;
      if (d <= range + bonus) out.push({ x, y });
    }
  }
  return out;
}

/**
 * Targeting for a single-target attack (rulebook: Attacks; Height advantage, cover, and ranged
 * attacks): range from the attacker's footprint with the height bonus, line of sight, cover, the
 * battlefield's and statuses' boons/curses, the exact chance to hit and the damage per tier.
 * Only combatants of the other side are listed (allies cannot be attacked, docs/rules/rolls-and-damage.md#hostile-targets);
 * legal ones first, illegal ones carry the reason.
 */
export function targetingFor(
  snapshot: RoomSnapshot,
  attackerId: string,
  use: { readonly ability: Ability; readonly basic: boolean },
): TargetingResult | null {
  const { ability } = use;
  const attackerToken = snapshot.tokensById[attackerId];
  if (!attackerToken || !ability.attack) return null;
  const standing = combatantOf(attackerToken);
  if (!standing) return null;
  const attacker = asUsing(standing, attackRequest(ability, use.basic), snapshot.turn !== null);
  const kind = ability.attack.kind;
  const range = ability.range ?? 1;
  const candidates = snapshot.tokens.filter(
    (t) => t.id !== attackerId && t.combatant && t.state && t.side !== attackerToken.side,
  );
  const bf = battlefieldOf(snapshot, [attackerId, ...candidates.filter((t) => t.hidden).map((t) => t.id)]);
  if (!bf) return null;
  const settings = snapshot.settings;
  const targets: TargetOption[] = candidates.map((t) => {
    const context = attackContext(bf, attackerId, t.id, { kind, range });
    const state = t.state!;
    return {
      id: t.id,
      name: state.name,
      side: t.side,
      context,
      ...rollPreview(attacker, { ...t, state }, context.modifiers, ability, context.cover, settings),
      immune: isOutOfAction(state),
    };
  });
  const order = (t: TargetOption): number => (t.context.legal ? 0 : 1);
  targets.sort(
    (a, b) => order(a) - order(b) || a.context.distance - b.context.distance || (a.name < b.name ? -1 : 1),
  );
  return {
    attackerId,
    ability,
    kind,
    range,
    attackerElevation: attackerToken.elevation,
    rangeSquares: rangeSquares(snapshot, attackerToken, range, kind === 'ranged'),
    targets,
  };
}
