import type { IntentOf } from '../../schema/intent';
import { footprintElevation, footprintDistance } from '../../grid/battlefield';
import { sightBetween } from '../../grid/lineOfSight';
import { rollDamage } from '../../rules/rollDamage';
import { damageTerrain, describeTerrainHit } from '../../rules/damageTerrain';
import { cellKey } from '../docLayout';
import { diffOf } from '../tableDiff';
import type { HandlerResult, IntentContext } from './IntentContext';
import type { Narrate } from './narration';
import { narrated } from './narration';
import { combatantOfToken, commandedToken, intentBattlefield, refuse } from './IntentContext';
import { attackAbility } from './attackAbility';
import { spendTurnAction } from './spendAbilityAction';

/**
 * An attack on a destructible terrain square (rulebook: Destructible terrain): the same action
 * as any attack (economy, range with the height bonus for ranged attacks, line of sight), but it
 * hits automatically: the on-hit damage is rolled (no armor, no vigor) and lowers the square a
 * level per 10 HP. The square's HP and height are the diff, so map, sight and reach change in the
 * same transaction, wait for Apply like any attack, and the GM's undo puts the terrain back.
 */
export function terrainAttackIntent(ctx: IntentContext, intent: IntentOf<'attack'>): HandlerResult {
  const at = intent.targetCell;
  if (!at)
    return refuse('an attack needs a target: a character (targetId) or a destructible square (targetCell)');
  if (intent.targetId !== undefined)
    return refuse('an attack has one target: a character (targetId) or a square (targetCell), not both');
  const attackerToken = commandedToken(ctx, intent.attackerId);
  if ('ok' in attackerToken) return attackerToken;
  const attacker = combatantOfToken(attackerToken);
  if ('ok' in attacker) return attacker;
  const use = attackAbility(ctx, attackerToken, attacker, intent.abilityId);
  if ('ok' in use) return use;
  const { ability, turn, request } = use;

  const map = ctx.snapshot.map!;
  const where = `(${at.x},${at.y})`;
  if (at.x >= map.width || at.y >= map.height)
    return refuse(`${where} is outside the ${map.width}×${map.height} map`);
  const hp = ctx.snapshot.destructibleHp[cellKey(at.x, at.y)];
  const height = Number(map.heights[at.y]![at.x]);
  if (hp === undefined || height === 0) return refuse(`${where} is not destructible terrain`);
  // Someone standing on it is the target then (as for areas: occupied squares are not damaged).
  const standing = ctx.snapshot.tokens.find(
    (t) =>
      t.combatant &&
      (!t.hidden || ctx.actor.role === 'gm') &&
      t.footprint.some((c) => c.x === at.x && c.y === at.y),
  );
  if (standing) return refuse(`${standing.name} stands on ${where}: attack ${standing.name} instead`);

  const bf = intentBattlefield(ctx, attackerToken.id);
  const self = { cell: attackerToken.cell, size: attackerToken.size };
  const distance = footprintDistance(self.cell, self.size, at, 1);
  // Ranged attacks reach +1 square per level the attacker stands above the target ("Range").
  const above = Math.max(0, footprintElevation(map, self.cell, self.size) - height);
  const range = (ability.range ?? 1) + (ability.attack.kind === 'ranged' ? above : 0);
  if (distance > range)
    return refuse(`${where} is ${distance} squares away; ${ability.name} reaches ${range}`);
  if (!sightBetween(map, self, { cell: at, size: 1 }, bf).visible)
    return refuse(`${attackerToken.name} cannot see ${where}`);

  const spent = spendTurnAction(ctx, attacker, request, turn);
  if ('ok' in spent) return spent;

  const spec = ability.attack.onHit.damage;
  const damage =
    spec && (spec.tier !== null || spec.flat > 0)
      ? rollDamage(
          {
            tier: spec.tier,
            bonus: spec.bonus,
            boost: spec.boost,
            flat: spec.flat,
            type: spec.type ?? ability.damageType,
            damageDie: spent.statBlock.damageDie,
            fray: spent.statBlock.frayDamage,
            critical: false,
          },
          ctx.dice,
          ctx.snapshot.settings,
        )
      : null;
  const hit = damageTerrain({ x: at.x, y: at.y, hp, height }, damage?.total ?? 0);
  const outcome = {
    kind: 'terrain-damage' as const,
    sourceId: attackerToken.id,
    ability: ability.name,
    damage,
    squares: [hit],
  };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, {
      combatants: [spent],
      terrain: [{ x: at.x, y: at.y, hp: hit.destroyed ? null : hit.hpAfter, height: hit.heightAfter }],
    }),
    log: [
      {
        kind: 'attack',
        actor: attackerToken.id,
        ...narrated(ctx, narrateTerrainDamage, outcome),
        outcome,
        gmOnly: attackerToken.hidden,
      },
    ],
  };
}

/** "Ana attacks the terrain at (4,2) with Smash: it hits automatically; …" (players: no ability). */
export const narrateTerrainDamage: Narrate<'terrain-damage'> = (o, words) => {
  const hit = o.squares[0];
  const where = hit ? `(${hit.x},${hit.y})` : 'the map';
  const what = o.squares.map(describeTerrainHit).join('; ');
  const by = words.name(o.sourceId);
  return {
    gm: {
      summary: `${by} attacks the terrain at ${where}${o.ability ? ` with ${o.ability}` : ''}: it hits automatically; ${what}`,
      details: o.damage ? [`damage ${o.damage.total}: dice ${o.damage.kept.join(' + ') || 'none'}`] : [],
    },
    players: {
      summary: `${by} attacks the terrain at ${where}: it hits automatically; ${what}`,
      details: [],
    },
  };
};
