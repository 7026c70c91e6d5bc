import type { Side } from '../schema/cell';
import type { Combatant } from '../schema/combatant';
import { CombatantSchema } from '../schema/combatant';
import type { StatBlock } from '../schema/statBlock';
import { maxHp } from './health';

/**
 * A fresh combatant at full HP with no effects. PCs fight for the party and foes for the foes
 * unless `side` says otherwise (an allied NPC foe block, a charmed PC...).
 */
export function createCombatant(
  statBlock: StatBlock,
  options: { id: string; name?: string; side?: Side; wounds?: number },
): Combatant {
  const wounds = options.wounds ?? 0;
  return CombatantSchema.parse({
    id: options.id,
    name: options.name ?? statBlock.name,
    side: options.side ?? (statBlock.kind === 'pc' ? 'party' : 'foes'),
    statBlock,
    hp: maxHp({ statBlock, wounds }),
    wounds,
    elixirs: statBlock.kind === 'pc' ? statBlock.elixirs : 0,
  });
}
