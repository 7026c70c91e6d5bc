import type { IntentOf } from '../../schema/intent';
import type { Combatant } from '../../schema/combatant';
import type { EffectOutcome } from '../../rules/applyEffect';
import { applyEffect, withUserGrants } from '../../rules/applyEffect';
import type { AttackOutcome } from '../../rules/resolveAttack';
import { resolveAttack } from '../../rules/resolveAttack';
import { explainAttack, explainDamageApplication } from '../../rules/explainOutcome';
import { attackContext } from '../../grid/attackContext';
import { placeArea } from '../../grid/area/placeArea';
import { formatAreaPattern } from '../../schema/area';
import {
  areaEffectCoverResists,
  areaOptionsOf,
  areaRollModifiers,
  areaSharedComponents,
  untouchedByArea,
} from '../../rules/areaOptions';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { abilityTurn, intentBattlefield, combatantOfToken, commandedToken, refuse } from './IntentContext';
import { offerInterrupts } from './interruptOffers';
import { findAbility } from './findAbility';
import { shownDamage } from './redactLog';
import { spendAbilityAction } from './spendAbilityAction';
import { componentOf, forceByComponent, forcedMoves, shoveRefusal, withForcedSentences } from './forcedMoves';
import { areaTerrainHits } from './areaTerrain';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated } from './narration';
import { describeTerrainHit } from '../../rules/damageTerrain';

/**
 * An area ability ("Area of effect"): the pattern is placed and judged by src/grid; the attack
 * part is rolled once against the character in the attack space (with that character's cover from
 * the origin); the area effect applies to every other affected character. Without an attack part,
 * the area effect (or the plain effect) applies to everyone in the area. See docs/table.md.
 */
export const areaIntent: IntentHandler<IntentOf<'area'>> = (ctx, intent) => {
  const casterToken = commandedToken(ctx, intent.casterId);
  if ('ok' in casterToken) return casterToken;
  const caster = combatantOfToken(casterToken);
  if ('ok' in caster) return caster;
  if (intent.modifiers.length && ctx.actor.role !== 'gm')
    return refuse('only the GM may add boons or curses');
  const found = findAbility(caster, intent.abilityId);
  if ('ok' in found) return found;
  const { ability } = found;
  const turn = abilityTurn(ctx, casterToken, ability);
  if ('ok' in turn) return turn;
  if (!ability.area) return refuse(`${ability.name} has no area pattern`);

  const noShove = shoveRefusal(ability, intent.direction);
  if (noShove) return noShove;
  const spentCaster = spendAbilityAction(ctx, caster, ability, turn);
  if ('ok' in spentCaster) return spentCaster;

  // Fog of war keeps some characters from players, not from the area: they stand there.
  const unseen = ctx.snapshot.tokens.filter((t) => t.outOfSight !== undefined).map((t) => t.id);
  const bf = intentBattlefield(ctx, [casterToken.id, ...unseen]);
  const settings = ctx.snapshot.settings;
  const placed = placeArea(
    bf,
    casterToken.id,
    ability.area,
    intent.placement,
    areaOptionsOf(ability, settings),
  );
  if (!placed.legal) return refuse(placed.reason ?? `${formatAreaPattern(ability.area)} cannot go there`);

  let attackSpace = placed.attackSpace;
  if (intent.attackSpace) {
    const choice = placed.attackSpaceChoices.find(
      (c) => c.x === intent.attackSpace!.x && c.y === intent.attackSpace!.y,
    );
    if (!choice)
      return refuse(
        `(${intent.attackSpace.x},${intent.attackSpace.y}) is not one of the attack space choices`,
      );
    attackSpace = choice;
  }
  const standingOn = (cell: { x: number; y: number } | null) =>
    cell
      ? bf.occupants.find(
          (o) =>
            cell.x >= o.cell.x &&
            cell.x < o.cell.x + o.size &&
            cell.y >= o.cell.y &&
            cell.y < o.cell.y + o.size,
        )?.id
      : undefined;
  const attackTargetId = ability.attack ? standingOn(attackSpace) : undefined;

  // Combatants as they change through the resolution (the caster may be hit by its own area).
  const current = new Map<string, Combatant>();
  current.set(caster.id, spentCaster);
  const get = (id: string): Combatant | null => {
    const known = current.get(id);
    if (known) return known;
    const token = ctx.snapshot.tokensById[id];
    const state = token?.state && token.statBlock ? { ...token.state, statBlock: token.statBlock } : null;
    if (state) current.set(id, state);
    return state;
  };

  let attack: AttackOutcome | null = null;
  if (ability.attack && attackTargetId) {
    const target = get(attackTargetId);
    const affected = placed.affected.find((a) => a.id === attackTargetId);
    if (target) {
      const battlefield = attackContext(bf, casterToken.id, attackTargetId, {
        kind: ability.attack.kind,
        range: Math.max(1, ability.range ?? 1),
      });
      attack = resolveAttack(
        {
          attacker: get(caster.id)!,
          target,
          ability,
          // Height boons/curses count; so does the ranged-next-to-a-foe curse for a ranged area
          // attack (setting `rangedAreaIsRangedAttack`). The area's cover (from the origin)
          // replaces the line's and counts for every area (setting `areaCoverForEveryArea`).
          modifiers: [...areaRollModifiers(battlefield.modifiers, settings), ...intent.modifiers],
          cover: affected?.cover ?? false,
          area: true,
          settings: ctx.snapshot.settings,
        },
        ctx.dice,
      );
      current.set(attackTargetId, attack.target);
    }
  }
  // Every affected character but the one attacked (whose roll already applied the Effect) gets the
  // area effect, then the ability's Effect: "additional effects apply to all affected spaces"
  // (docs/rules/rolls-and-damage.md#effect-on-attacks).
  const components = areaSharedComponents(ability);
  const areaEffects: EffectOutcome[] = [];
  for (const [label, component] of components) {
    for (const hit of placed.affected) {
      if (hit.id === attackTargetId && attack) continue;
      const target = get(hit.id);
      if (!target) continue;
      const applied = applyEffect(
        get(caster.id)!,
        target,
        label,
        component,
        {
          damageType: ability.damageType,
          pierce: ability.tags.pierce,
          ranged: areaEffectCoverResists(ability, settings),
          cover: hit.cover,
          critical: false,
        },
        ctx.dice,
        ctx.snapshot.settings,
      );
      current.set(hit.id, applied.target);
      areaEffects.push(applied.outcome);
    }
  }
  // Forced movement after all the damage: the attack-space character first, then the others in
  // the area's order; a Blast pushes from its centre, every other pattern from the caster.
  const forced = forcedMoves(bf);
  const primary = intent.placement.primary;
  const source =
    primary.kind === 'blast'
      ? { cell: primary.center, size: 1 }
      : { cell: casterToken.cell, size: casterToken.size };
  const pushes = [
    ...(attack?.effects ?? []).map((e) => ({ id: e.targetId, component: componentOf(ability, e.component) })),
    ...areaEffects.map((e) => ({ id: e.targetId, component: componentOf(ability, e.component) })),
  ];
  for (const applied of pushes) {
    const target = current.get(applied.id);
    if (!target) continue;
    const moved = forceByComponent(ctx, forced, applied.component, {
      sourceId: caster.id,
      source,
      target,
      direction: intent.direction,
    });
    current.set(moved.id, moved);
  }
  // Destructible squares in the area take its damage and hit automatically (areaTerrain.ts).
  const terrain = areaTerrainHits(
    ctx,
    ability,
    get(caster.id)!,
    placed.areaSpaces,
    attackSpace,
    attackTargetId,
  );
  current.set(caster.id, withUserGrants(get(caster.id)!, [...(attack?.effects ?? []), ...areaEffects]));
  const outcome = {
    kind: 'area' as const,
    ability: ability.name,
    casterId: caster.id,
    pattern: formatAreaPattern(ability.area),
    attackSpace,
    areaSpaces: placed.areaSpaces,
    affected: placed.affected,
    attack,
    areaEffects,
    ...(forced.outcomes.length ? { forced: forced.outcomes } : {}),
    ...(terrain.hits.length ? { terrain: terrain.hits } : {}),
  };
  const hiddenInvolved = [caster.id, ...placed.affected.map((a) => a.id)].some(
    (id) => ctx.snapshot.tokensById[id]?.hidden,
  );
  // The character in the attack space is the attack's target ("targeted" interrupts).
  const targetIds = attack && attackTargetId ? [attackTargetId] : [];
  const event = { kind: 'attack', attackerId: caster.id, targetIds } as const;
  return offerInterrupts(ctx, event, {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, {
      combatants: [...current.values()],
      cells: forced.cells,
      terrain: terrain.changes,
    }),
    log: [
      {
        kind: 'area',
        actor: caster.id,
        ...narrated(ctx, narrateArea, outcome),
        outcome,
        gmOnly: hiddenInvolved,
        about: placed.affected.map((a) => a.id),
      },
    ],
  });
};

/**
 * "Ana uses Fire Burst (blast 2): hit; the terrain at (3,4): …" with the area's squares, the attack's
 * trace and each affected character's damage under it, then the forced moves. Players read no
 * ability of a caster whose stats are hidden, and the damage their side may see.
 */
export const narrateArea: Narrate<'area'> = (o, words) => {
  const caster = words.name(o.casterId);
  const details = [`pattern ${o.pattern}: ${o.areaSpaces.length} squares`];
  if (o.attack) {
    const target = words.name(o.attack.targetId);
    details.push(...explainAttack(o.attack, { attacker: caster, target, status: words.status }).split('\n'));
  }
  for (const effect of o.areaEffects) {
    const name = words.name(effect.targetId);
    if (effect.application) details.push(`${name}:`, ...explainDamageApplication(effect.application, name));
    for (const id of effect.statusesApplied) details.push(`  ${name} gains status ${id}`);
  }
  // Everyone else the area covered, so nobody in it goes unmentioned (issue 32).
  for (const id of untouchedByArea(o)) details.push(`${words.name(id)}: in the area, no area effect`);
  const terrain = (o.terrain ?? []).map((h) => `the terrain at (${h.x},${h.y}): ${describeTerrainHit(h)}`);
  details.push(...terrain);
  const terrainClause = terrain.length ? `; ${terrain.join('; ')}` : '';
  const verdict = o.attack ? `: ${o.attack.result}` : '';
  const shown = shownDamage([...(o.attack?.effects ?? []), ...o.areaEffects], words.shownName, words.hpShown);
  const uses =
    words.shownName(o.casterId) === null ? 'uses an area ability' : `uses ${o.ability} (${o.pattern})`;
  return {
    gm: {
      summary: withForcedSentences(
        `${caster} uses ${o.ability} (${o.pattern})${verdict}${terrainClause}`,
        o.forced,
        words,
      ),
      details,
    },
    players: {
      summary: withForcedSentences(
        `${caster} ${uses}${verdict}${shown.clause}${terrainClause}`,
        o.forced,
        words,
        true,
      ),
      details: shown.details,
    },
  };
};

export const areaAction = defineAction({
  kind: 'area',
  roles: 'any',
  pending: true,
  resolve: areaIntent,
  narrate: { area: narrateArea },
});
