import type { Ability, EffectComponent } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import type { TerrainHit } from '../../rules/damageTerrain';
import { damageTerrain } from '../../rules/damageTerrain';
import { rollDamage } from '../../rules/rollDamage';
import { cellKey } from '../docLayout';
import type { TableChanges } from '../tableDiff';
import type { IntentContext } from './IntentContext';

/**
 * Destructible squares inside an area ("Destructible terrain": attacks against it hit
 * automatically). With nobody on the attack space, a destructible attack space takes the on-hit
 * damage; every other destructible area square takes the area effect's damage, rolled per square
 * like per character. No armor, no vigor; a level per 10 HP lost (src/rules/damageTerrain.ts).
 */
export function areaTerrainHits(
  ctx: IntentContext,
  ability: Ability,
  caster: Combatant,
  areaSpaces: readonly { x: number; y: number }[],
  attackSpace: { x: number; y: number } | null,
  attackTargetId: string | undefined,
): { hits: TerrainHit[]; changes: NonNullable<TableChanges['terrain']> } {
  const map = ctx.snapshot.map!;
  const hits: TerrainHit[] = [];
  const occupied = new Set<string>();
  for (const t of ctx.snapshot.tokens)
    if (t.combatant) for (const c of t.footprint) occupied.add(cellKey(c.x, c.y));
  const areaComponent = ability.areaEffect ?? (ability.attack ? undefined : ability.effect);
  for (const square of areaSpaces) {
    const key = cellKey(square.x, square.y);
    const hp = ctx.snapshot.destructibleHp[key];
    const height = Number(map.heights[square.y]?.[square.x] ?? 0);
    if (hp === undefined || height === 0 || occupied.has(key)) continue;
    const isAttackSpace =
      !attackTargetId && attackSpace !== null && attackSpace.x === square.x && attackSpace.y === square.y;
    const component: EffectComponent | undefined = isAttackSpace ? ability.attack?.onHit : areaComponent;
    const spec = component?.damage;
    if (!spec || (spec.tier === null && spec.flat === 0)) continue;
    const damage = rollDamage(
      {
        tier: spec.tier,
        bonus: spec.bonus,
        boost: spec.boost,
        flat: spec.flat,
        type: spec.type ?? ability.damageType,
        damageDie: caster.statBlock.damageDie,
        fray: caster.statBlock.frayDamage,
        critical: false,
      },
      ctx.dice,
      ctx.snapshot.settings,
    );
    hits.push(damageTerrain({ x: square.x, y: square.y, hp, height }, damage.total));
  }
  return {
    hits,
    changes: hits.map((h) => ({ x: h.x, y: h.y, hp: h.destroyed ? null : h.hpAfter, height: h.heightAfter })),
  };
}
