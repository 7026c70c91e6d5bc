import { restatHealth } from '../../rules/restatHealth';
import type { StatBlock } from '../../schema/statBlock';
import { StatBlockSchema } from '../../schema/statBlock';
import { CombatantStateSchema, GM_ORIGIN, rootsOf, transactBoth } from '../docLayout';
import { stateDocOf } from '../foeHealth';
import { readSettings } from '../readDoc';
import { updateCombatant } from './roomWriters';
import { setStatBlock } from './tokenWriters';

/**
 * The GM saves a whole stat block from the editor: the block is replaced (`setStatBlock` checks it
 * and refuses it in words) and, when Health changed, the combatant's HP and vigor follow
 * (`restatHealth`, docs/rules.md "Changing a stat block in play") — in one transaction, so one
 * undo takes back both and the next resolution already uses the new numbers.
 */
export function restatToken(
  docs: Parameters<typeof setStatBlock>[0],
  tokenId: string,
  block: StatBlock,
): void {
  const before = [docs.public, docs.secrets]
    .map((d) => (d ? StatBlockSchema.safeParse(rootsOf(d).statBlocks.get(tokenId)) : null))
    .find((r) => r?.success)?.data;
  const hasState = CombatantStateSchema.safeParse(
    rootsOf(stateDocOf(docs, tokenId)).combatants.get(tokenId),
  ).success;
  const settings = readSettings(docs.public, []);
  transactBoth(docs, GM_ORIGIN, () => {
    setStatBlock(docs, tokenId, block);
    if (before && hasState && before.health !== block.health)
      updateCombatant(docs, tokenId, (s) => restatHealth(s, before.health, block.health, settings));
  });
}
