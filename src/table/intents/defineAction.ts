import type { IntentKind, IntentOf } from '../../schema/intent';
import type { IntentHandler } from './IntentContext';
import type { Narrators } from './narration';

/**
 * Who may send an action: anyone at the table (the handler still checks that the token is theirs
 * and visible to them), or only the GM, with what the action does in the sentence a refused
 * player reads ("only the GM may start combat").
 */
export type ActionRoles = 'any' | { readonly gm: string };

/**
 * One kind of action: everything the table needs to know of it besides its intent schema
 * (src/schema/actions/). The registry (./actions.ts) holds one line per kind, and `applyIntent`
 * reads who may send it, whether it waits for Apply and how it resolves from there.
 */
export interface ActionDefinition<K extends IntentKind> {
  readonly kind: K;
  readonly roles: ActionRoles;
  /**
   * In a room that applies results on confirm (`applyResults: 'on-confirm'`), its change to the
   * characters waits on its log entry for the GM's Apply (docs/table/ability-outcomes.md).
   */
  readonly pending?: boolean;
  /** Checks the intent against the room and resolves it: pure until the writes are applied. */
  readonly resolve: IntentHandler<IntentOf<K>>;
  /**
   * Each outcome kind it writes in words (./narration.ts): the log line's sentence for the GM and
   * for players, so the log, the result card and the exports share one wording.
   */
  readonly narrate: Narrators<K>;
}

/** Declares an action; the kind ties the definition to its intent type. */
export function defineAction<K extends IntentKind>(action: ActionDefinition<K>): ActionDefinition<K> {
  return action;
}
