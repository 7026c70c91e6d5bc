import { battlefieldModifiers } from '../../grid/attackContext';
import type { Battlefield } from '../../grid/battlefield';
import { footprintDistance } from '../../grid/battlefield';
import type { Cell } from '../../grid/cell';
import { reach } from '../../grid/reach';
import { COVER, elevationIn, judgePair } from '../../grid/sightCore';
import { terrainOf } from '../../grid/terrain';
import { standableAt } from '../../grid/threatSquares';
import type { Ability, EffectComponent } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import type { RoomSettings } from '../../schema/settings';
import { asUsing, attackRequest } from '../actionEconomy';
import { applyDamage } from '../applyDamage';
import { componentDamage } from '../applyEffect';
import { areaEffectCoverResists, areaRollModifiers, areaSharedComponents } from '../areaOptions';
import { netBoons } from '../boonsCurses';
import { damageDistribution } from '../damageDistribution';
import type { HitChance } from '../hitChance';
import { clampNet, hitChance } from '../hitChance';
import { attackModifiers, coverResists } from '../resolveAttack';
import { boostTier } from '../rollDamage';
import { effectiveSpeed } from '../statuses';
import type { AbilityThreat, AttackerThreat, ThreatInput } from './threatMap';
import { atTurnStart } from './threatAbilities';

/** The roll one attack would make against the planned-for character on one square. */
export interface ThreatRoll {
  /** Net boons (+) or curses (−) after the battlefield, statuses and the ability's bonus (clamped to ±12). */
  net: number;
  chance: HitChance;
  cover: boolean;
  /** Expected HP lost: hit chance × damage distribution after armor, resistance and cover (no vigor). */
  expected: number;
}

/**
 * The planned-for character moved out of the way: what the foes threaten is judged as if it
 * stood on the square being looked at, not where it stands now (docs/ui.md "Danger").
 */
export function withoutCharacter(bf: Battlefield, id: string): Battlefield {
  return { ...bf, occupants: bf.occupants.filter((o) => o.id !== id) };
}

/**
 * Expected damage of attacks on one character (rulebook: Attacks; Damage; Armor; Resistance;
 * cover): the same functions the resolution and the attack preview count with
 * (`battlefieldModifiers`, `attackModifiers`, `hitChance`, `componentDamage`, `applyDamage`), each
 * damage total weighed by its exact probability (`damageDistribution`). Memoized per attack and
 * net, so a whole map costs a few lookups per square.
 */
export class DangerJudge {
  private readonly damageMemo = new Map<string, number>();
  private readonly chanceMemo = new Map<string, HitChance>();
  private readonly probe: Combatant;

  constructor(
    private readonly bf: Battlefield,
    readonly target: Combatant,
    private readonly settings: RoomSettings,
    private readonly inCombat: boolean,
  ) {
    // Expected HP lost before vigor, on a probe that cannot drop (as the attack preview does).
    this.probe = { ...target, vigor: 0, hp: 100000, incapacitated: false, defeated: false };
  }

  /** Expected HP lost from one component's damage (0 when it deals none). */
  private damage(
    user: Combatant,
    ability: Ability,
    label: string,
    component: Pick<EffectComponent, 'damage' | 'againstBlighted'> | undefined,
    critical: boolean,
    cover: boolean,
  ): number {
    if (!component) return 0;
    const key = `${user.id}\u0000${ability.name}\u0000${label}\u0000${critical}\u0000${cover}`;
    const known = this.damageMemo.get(key);
    if (known !== undefined) return known;
    const spec = componentDamage(user, this.target, component).spec;
    let expected = 0;
    if (spec && (spec.tier !== null || spec.flat > 0)) {
      const boost = spec.boost + (critical && spec.tier !== 'fray' ? 1 : 0);
      const godly = spec.tier !== null && boostTier(spec.tier, boost).godly;
      const type = godly ? 'godly' : (spec.type ?? ability.damageType);
      const distribution = damageDistribution(
        {
          tier: spec.tier,
          bonus: spec.bonus,
          boost: spec.boost,
          flat: spec.flat,
          type,
          damageDie: user.statBlock.damageDie,
          fray: user.statBlock.frayDamage,
          critical,
        },
        this.settings,
      );
      for (const { total, p } of distribution) {
        const lost = applyDamage(
          this.probe,
          { amount: total, type, pierce: ability.tags.pierce, cover },
          this.settings,
        ).hpLost;
        expected += p * lost;
      }
    }
    this.damageMemo.set(key, expected);
    return expected;
  }

  private chance(user: Combatant, net: number): HitChance {
    const key = `${user.id}\u0000${user.statBlock.attackBonus}\u0000${net}`;
    let c = this.chanceMemo.get(key);
    if (!c) {
      c = hitChance(
        user.statBlock.attackBonus,
        this.target.statBlock.defense,
        net,
        this.settings.criticalAlwaysHits,
      );
      this.chanceMemo.set(key, c);
    }
    return c;
  }

  /**
   * The roll of `threat` against the character standing on `at`, from position `from` (index into
   * the threat's positions) as its attack space / single target; null when it deals no damage
   * there. `space: 'area'`: only the area's effects reach it (no roll).
   */
  roll(
    attacker: Combatant,
    threat: AbilityThreat,
    from: number,
    at: Cell,
    space: 'attack' | 'area',
  ): ThreatRoll {
    const { ability } = threat;
    const t = terrainOf(this.bf.map);
    const user = asUsing(attacker, attackRequest(ability, threat.basic), this.inCombat);
    const origin = { cell: threat.positions.cells[from]!, size: threat.positions.size };
    const target = { cell: at, size: this.target.statBlock.size };
    const area = threat.reach.kind === 'area';
    const kind = ability.attack?.kind ?? 'melee';
    const k = at.y * t.width + at.x;
    // Cover: a single target's from the threat's own sight test; an area's judged from its origin.
    const cover = area ? judgePair(t, origin, target, this.bf) === COVER : threat.squares.cover[k] === 1;
    let expected = 0;
    for (const [label, component] of area ? areaSharedComponents(ability) : []) {
      expected += this.damage(
        user,
        ability,
        label,
        component,
        false,
        areaEffectCoverResists(ability, this.settings) && cover,
      );
    }
    const noRoll = { net: 0, chance: this.chance(user, 0), cover, expected };
    if (space === 'area' || !ability.attack) return noRoll;
    const eA = threat.positions.elevation[from]!;
    const eT = elevationIn(t, target);
    const adjacent = footprintDistance(origin.cell, origin.size, at, target.size) === 1;
    const nextTo = threat.positions.nextToFoe[from] === 1 || adjacent ? this.target.name : null;
    let given = battlefieldModifiers(eA, eT, kind, nextTo);
    if (area) given = areaRollModifiers(given, this.settings);
    const net = clampNet(netBoons(attackModifiers(user, this.target, given, this.settings)));
    const chance = this.chance(user, net);
    const rollCover = coverResists(kind, area, this.settings) && cover;
    const attack = ability.attack;
    expected +=
      chance.hit.value * this.damage(user, ability, 'onHit', attack.onHit, false, rollCover) +
      chance.critical.value *
        (this.damage(user, ability, 'onHit', attack.onHit, true, rollCover) +
          this.damage(user, ability, 'onCritical', attack.onCritical, false, rollCover)) +
      chance.miss.value * this.damage(user, ability, 'onMiss', attack.onMiss, false, rollCover);
    return { net, chance, cover, expected };
  }
}

/** The planned-for character's danger on every square, and where it is safest to go. */
export interface DangerMap {
  readonly width: number;
  readonly height: number;
  /** Expected HP lost per square (the character's north-west square) next round; -1 where it cannot stand. */
  readonly expected: Float64Array;
  /** For each square, the attacker whose best attack there is the worst, or -1. */
  readonly worst: Int32Array;
  /** Squares its own movement reaches this turn (its standard move left), its own square included. */
  readonly reachable: readonly Cell[];
  /** The reachable squares with the least expected damage. */
  readonly safest: readonly Cell[];
}

/**
 * Danger for `target` (rulebook: Attacks; Damage): on each square, the sum over attackers of the
 * expected damage of each one's best attack there (one attack per foe a round), from the threat
 * maps `attackers` computed with `targetSize` = its Size on a battlefield without it
 * (`withoutCharacter`). Exact expectations, no sampling.
 */
export function dangerMap(
  input: ThreatInput,
  target: Combatant,
  attackers: readonly AttackerThreat[],
  withTarget: Battlefield,
): DangerMap {
  const steps = dangerSteps(input, target, attackers, withTarget);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Rows of the map `dangerSteps` does between two pauses (a 100-wide map: 1,000 squares). */
const ROWS_PER_STEP = 10;

/**
 * `dangerMap` a few rows at a time: each `next()` does ROWS_PER_STEP rows, so a page can yield
 * between them and no task holds the main thread long; the last returns the map.
 */
export function* dangerSteps(
  input: ThreatInput,
  target: Combatant,
  attackers: readonly AttackerThreat[],
  withTarget: Battlefield,
): Generator<void, DangerMap> {
  const inCombat = input.turn !== null;
  const t = terrainOf(input.bf.map);
  const size = target.statBlock.size;
  const judge = new DangerJudge(input.bf, target, input.settings, inCombat);
  const n = t.width * t.height;
  const expected = new Float64Array(n).fill(-1);
  const worst = new Int32Array(n).fill(-1);
  for (let y = 0; y + size <= t.height; y++) {
    if (y > 0 && y % ROWS_PER_STEP === 0) yield;
    for (let x = 0; x + size <= t.width; x++) {
      if (!standableAt(t, x, y, size)) continue;
      const at = { x, y } as Cell;
      let total = 0;
      let worstValue = 0;
      attackers.forEach((a, ai) => {
        let best = 0;
        for (const threat of a.abilities) {
          const hit = bestSpace(threat, t.width, x, y, size);
          if (!hit) continue;
          const value = judge.roll(a.combatant, threat, hit.from, at, hit.space).expected;
          if (value > best) best = value;
        }
        total += best;
        if (best > worstValue) {
          worstValue = best;
          worst[y * t.width + x] = ai;
        }
      });
      expected[y * t.width + x] = total;
    }
  }
  const me = atTurnStart(target, input.turn);
  const walk = me.turn.moveSpent ? 0 : Math.max(0, effectiveSpeed(me, input.catalog) - me.turn.movementUsed);
  const reachable = reach(withTarget, target.id, { budget: walk })
    .spaces.filter((s) => s.turnMayEnd)
    .map((s) => s.cell);
  let least = Infinity;
  for (const c of reachable) least = Math.min(least, expected[c.y * t.width + c.x]!);
  const safest = reachable.filter((c) => expected[c.y * t.width + c.x] === least);
  return { width: t.width, height: t.height, expected, worst, reachable, safest };
}

/** Where a threat reaches a footprint: as the roll's target first, else inside its area. */
function bestSpace(
  threat: AbilityThreat,
  width: number,
  x: number,
  y: number,
  size: number,
): { from: number; space: 'attack' | 'area' } | null {
  const { attack, area } = threat.squares;
  if (threat.reach.kind === 'single') {
    const from = attack[y * width + x]!;
    return from >= 0 ? { from, space: 'attack' } : null;
  }
  let areaFrom = -1;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const k = (y + dy) * width + x + dx;
      if (attack[k]! >= 0) return { from: attack[k]!, space: 'attack' };
      if (areaFrom < 0 && area && area[k]! >= 0) areaFrom = area[k]!;
    }
  }
  return areaFrom >= 0 ? { from: areaFrom, space: 'area' } : null;
}
