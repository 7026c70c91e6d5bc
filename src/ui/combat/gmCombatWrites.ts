import type { CombatantState, TableDocs } from '../../table/docLayout';
import { GM_ORIGIN, transactBoth } from '../../table/docLayout';
import { updateCombatant } from '../../table/writers/roomWriters';
import type { StatBlock } from '../../schema/statBlock';
import { surrender } from '../../rules/health';
import type { Application } from './applicationHistory';
import { revertedState } from './applicationHistory';

/**
 * GM: take an application back — every field it changed on every combatant returns to its value
 * before it (`revertedState`). All writes run inside one GM transaction per doc, so the GM undo
 * manager records ONE step, and undoing that step re-applies the result.
 */
export function revertApplication(docs: TableDocs, app: Application): void {
  transactBoth(docs, GM_ORIGIN, () => {
    for (const [id, before] of Object.entries(app.before)) {
      const after = app.after[id];
      updateCombatant(docs, id, (current) => (after ? revertedState(current, before, after) : before));
    }
  });
}

/** GM override of a combatant's numbers (HP, vigor, wounds): one undo step. */
export function overrideNumbers(
  docs: TableDocs,
  tokenId: string,
  values: Partial<Pick<CombatantState, 'hp' | 'vigor' | 'wounds'>>,
): void {
  updateCombatant(docs, tokenId, (s) => ({ ...s, ...values }));
}

/** GM adds or removes a blight (no intent exists for blights; this is a GM writer call). */
export function setBlight(docs: TableDocs, tokenId: string, blight: CombatantState['blights'][number], on: boolean): void {
  updateCombatant(docs, tokenId, (s) => ({
    ...s,
    blights: on ? [...new Set([...s.blights, blight])] : s.blights.filter((b) => b !== blight),
  }));
}

/**
 * GM records a surrender ("Surrender", offered when an ability would damage the character): the
 * rules engine's `surrender` defeats it for the battle with no wound. There is no intent for it,
 * so the GM's client writes it (one undo step).
 */
export function recordSurrender(docs: TableDocs, tokenId: string, statBlock: StatBlock): void {
  updateCombatant(docs, tokenId, (s) => {
    const { statBlock: _drop, ...state } = surrender({ ...s, statBlock });
    return state;
  });
}
