import type { TableDocs } from '../docLayout';
import { rootsOf } from '../docLayout';

/**
 * The origin of a take-back. Not the GM's undoable origin: once a player's copy has left their
 * channel (the server follows the GM's copy: ./followTakeBacks.ts) an undo could not bring it
 * back, and the docs refuse a handout written by a page (docWriteRules). Showing it again is the
 * way back.
 */
export const TAKE_BACK_ORIGIN = 'gm-take-back';

/**
 * The GM takes a handout back (docs/table/handouts.md): it leaves the public doc (everyone's) or
 * the secrets doc (a one-player handout's GM copy; the server then removes the player's copy).
 */
export function takeBackHandout(docs: TableDocs, id: string): void {
  for (const doc of [docs.public, docs.secrets]) {
    const handouts = doc && rootsOf(doc).handouts;
    if (handouts?.has(id)) doc!.transact(() => handouts.delete(id), TAKE_BACK_ORIGIN);
  }
}
