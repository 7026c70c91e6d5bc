import type { RollModifier } from '../schema/modifier';
import type { Battlefield } from './battlefield';
import { elevationOf, footprintDistance, footprintsAdjacent, occupantById } from './battlefield';
import { areHostile, nameOf } from './occupant';
import type { SightResult } from './lineOfSight';
import { sightBetween } from './lineOfSight';

export interface AttackOptions {
  kind: 'melee' | 'ranged';
  /** The attack's listed range in squares (melee is usually 1). */
  range: number;
}

export interface AttackContext {
  /** Horizontal squares between the nearest squares of the two footprints. */
  distance: number;
  /** Listed range plus, for ranged attacks, +1 per level the attacker stands above the target. */
  effectiveRange: number;
  heightBonus: number;
  inRange: boolean;
  lineOfSight: boolean;
  /** Target has cover against this attack (ranged only): its damage is halved. */
  cover: boolean;
  /** The target is of another side: only hostile characters can be attacked (docs/rules/rolls-and-damage.md#hostile-targets). */
  hostile: boolean;
  /**
   * May attack it as a single target: hostile, in range and in line of sight. (An area's attack
   * space is not chosen this way: whoever stands in it is attacked, ally or not.)
   */
  legal: boolean;
  /** Why not, when not legal. */
  reason?: string;
  attackerElevation: number;
  targetElevation: number;
  /** Battlefield boons and curses, each with its reason for the log. */
  modifiers: RollModifier[];
  sight: SightResult;
}

/**
 * Everything the battlefield says about one attack (rulebook: Attacks; Height advantage, cover,
 * and ranged attacks): range with the height bonus, line of sight, cover, and the boons/curses.
 */
export function attackContext(
  bf: Battlefield,
  attackerId: string,
  targetId: string,
  opts: AttackOptions,
): AttackContext {
  const attacker = occupantById(bf, attackerId);
  const target = occupantById(bf, targetId);
  const eA = elevationOf(bf, attacker);
  const eT = elevationOf(bf, target);
  const distance = footprintDistance(attacker.cell, attacker.size, target.cell, target.size);
  const heightBonus = opts.kind === 'ranged' ? Math.max(0, eA - eT) : 0;
  const effectiveRange = opts.range + heightBonus;
  const inRange = distance <= effectiveRange;
  const sight = sightBetween(bf.map, attacker, target, bf);
  // Rulebook: a ranged attack made while next to a foe takes +1 curse. The defeated don't count.
  const nextTo =
    opts.kind === 'ranged'
      ? bf.occupants.find(
          (o) =>
            areHostile(o, attacker) &&
            !o.incapacitated &&
            footprintsAdjacent(attacker.cell, attacker.size, o.cell, o.size),
        )
      : undefined;
  const modifiers = battlefieldModifiers(eA, eT, opts.kind, nextTo ? nameOf(nextTo) : null);
  const cover = opts.kind === 'ranged' && sight.visible && sight.cover;
  const hostile = areHostile(attacker, target);
  let reason: string | undefined;
  if (!hostile) {
    reason = 'the target is on the same side: only hostile characters can be attacked';
  } else if (!inRange) {
    reason =
      heightBonus > 0
        ? `target is ${distance} squares away; range is ${opts.range} + ${heightBonus} for height = ${effectiveRange}`
        : `target is ${distance} squares away; range is ${effectiveRange}`;
  } else if (!sight.visible) {
    const first = sight.blockedBy[0];
    reason = first
      ? `no line of sight: (${first.cell.x},${first.cell.y}) blocks (${first.reason.replaceAll('-', ' ')})`
      : 'no line of sight';
  }
  return {
    distance,
    effectiveRange,
    heightBonus,
    inRange,
    lineOfSight: sight.visible,
    cover,
    hostile,
    legal: hostile && inRange && sight.visible,
    ...(reason ? { reason } : {}),
    attackerElevation: eA,
    targetElevation: eT,
    modifiers,
    sight,
  };
}

/**
 * The battlefield's boons and curses on an attack roll, each with its reason for the log
 * (rulebook: Height advantage; ranged attacks next to a foe): +1 boon standing higher than the
 * target, +1 curse standing lower, +1 curse for a ranged attack made next to `nextTo` (the name of
 * a hostile, not defeated, character beside the attacker; null = none). The resolution and the
 * threat map's danger count them here.
 */
export function battlefieldModifiers(
  eA: number,
  eT: number,
  kind: 'melee' | 'ranged',
  nextTo: string | null,
): RollModifier[] {
  const modifiers: RollModifier[] = [];
  const levels = (n: number) => `${n} level${n === 1 ? '' : 's'}`;
  if (eA > eT) {
    modifiers.push({
      kind: 'boon',
      count: 1,
      source: 'height-advantage',
      reason: `attacker stands ${levels(eA - eT)} higher than the target (${eA} vs ${eT})`,
    });
  } else if (eA < eT) {
    modifiers.push({
      kind: 'curse',
      count: 1,
      source: 'height-disadvantage',
      reason: `target stands ${levels(eT - eA)} higher than the attacker (${eT} vs ${eA})`,
    });
  }
  if (kind === 'ranged' && nextTo !== null) {
    modifiers.push({
      kind: 'curse',
      count: 1,
      source: 'ranged-adjacent-foe',
      reason: `ranged attack while next to ${nextTo}`,
    });
  }
  return modifiers;
}
