import type { AbilityBonus } from '../schema/abilityBonus';
import type { AgainstBlighted } from '../schema/ability';
import type { Combatant } from '../schema/combatant';
import type { BlightId } from '../schema/status';
import { BlightIdSchema } from '../schema/status';
import { MAX_STAT } from '../schema/limits';

/**
 * "Many abilities have enhanced effects against targets affected by certain blights": the extra
 * damage when the receiver has the named blight (or any, for `any`), plus `flatPerBlight` for each
 * blight it has. Null when the receiver does not qualify (or there is no such clause).
 */
export function againstBlightedExtra(
  clause: AgainstBlighted | undefined,
  blights: readonly BlightId[],
): Pick<AbilityBonus, 'bonus' | 'boost' | 'flat'> | null {
  if (!clause) return null;
  const qualifies = clause.blight === 'any' ? blights.length > 0 : blights.includes(clause.blight);
  if (!qualifies) return null;
  return {
    bonus: clause.bonus,
    boost: clause.boost,
    flat: Math.min(MAX_STAT, clause.flat + clause.flatPerBlight * blights.length),
  };
}

/**
 * "Blights are only cleared at the end of combat or when removed by an ability": removes the listed
 * blights (or `all`). A name that is no blight is reported, not ignored.
 */
export function removeBlightsOf(
  target: Combatant,
  which: 'all' | readonly string[],
): { combatant: Combatant; removed: string[]; refused: string[] } {
  if (which === 'all') {
    return { combatant: { ...target, blights: [] }, removed: [...target.blights], refused: [] };
  }
  const refused: string[] = [];
  const drop = new Set<string>();
  for (const name of which) {
    if (BlightIdSchema.safeParse(name).success) drop.add(name);
    else refused.push(`unknown blight "${name}"`);
  }
  const removed = target.blights.filter((b) => drop.has(b));
  return {
    combatant: removed.length ? { ...target, blights: target.blights.filter((b) => !drop.has(b)) } : target,
    removed,
    refused,
  };
}
