import type { CombatantState, TableDocs } from '../../table/docLayout';
import { GM_ORIGIN, rootsOf, transactBoth } from '../../table/docLayout';
import { postLogNote, updateCombatant } from '../../table/writers/roomWriters';
import { defeatWords } from '../../rules/settleHealth';
import { reverseDiff } from '../../table/tableDiff';
import { prepareDiffWrite } from '../../table/writers/writeDiff';
import type { Application } from './applicationHistory';

/**
 * GM combat writes (no intent exists for them; blights and statuses go through intents). Each one changes the combatants AND notes the
 * change in the log inside one GM transaction per doc, so the GM undo manager records ONE step
 * and the log explains every number. Notes about hidden tokens are GM-only (secrets doc).
 */

/**
 * A note about a hidden token, or about a foe whose HP the room keeps from players (its state is
 * in the secrets doc: room setting `foeHp`), is the GM's only: it tells the numbers.
 */
const hiddenIn = (docs: TableDocs, ids: readonly string[]): boolean =>
  !!docs.secrets &&
  ids.some((id) => rootsOf(docs.secrets!).tokens.has(id) || rootsOf(docs.secrets!).combatants.has(id));

const nameOf = (docs: TableDocs, id: string): string => {
  for (const doc of [docs.public, docs.secrets]) {
    const state = doc ? (rootsOf(doc).combatants.get(id) as { name?: string } | undefined) : undefined;
    if (state?.name) return state.name;
  }
  return id;
};

/**
 * Take an application back: its stored diff reversed (every combatant field, square, terrain
 * square and turn order it changed returns to its value before it; fields it did not change keep
 * their current value). Undoing this step re-applies the result.
 */
export function revertApplication(docs: TableDocs, app: Application): void {
  const ids = app.diff.tokens.map((t) => t.tokenId);
  const write = prepareDiffWrite(docs, reverseDiff(app.diff));
  transactBoth(docs, GM_ORIGIN, () => {
    write();
    postLogNote(docs, `GM reverts: ${app.summary}`, hiddenIn(docs, ids));
  });
}

/** GM override of a combatant's numbers (HP, vigor, wounds). */
export function overrideNumbers(
  docs: TableDocs,
  tokenId: string,
  values: Partial<Pick<CombatantState, 'hp' | 'vigor' | 'wounds'>>,
): void {
  transactBoth(docs, GM_ORIGIN, () => {
    let change = '';
    const written = updateCombatant(docs, tokenId, (s) => {
      change = (['hp', 'vigor', 'wounds'] as const)
        .filter((k) => values[k] !== undefined && values[k] !== s[k])
        .map((k) => `${k === 'hp' ? 'HP' : k} ${s[k]} → ${values[k]}`)
        .join(', ');
      return { ...s, ...values };
    });
    // The writer settled 0 HP into a defeat (docs/rules/health-and-defeat.md#defeat-by-any-path): the note says so.
    const { before, after } = written;
    const defeat = defeatWords(before, after);
    if (change)
      postLogNote(
        docs,
        `GM sets ${nameOf(docs, tokenId)}: ${change}${defeat ? `: ${defeat}` : ''}`,
        hiddenIn(docs, [tokenId]),
      );
  });
}
