import type * as Y from 'yjs';
import { channelRootsOf, SERVER_ORIGIN, secretRootsOf } from '../docLayout';

/**
 * On the server: a player's copy of a handout follows the GM's (docs/table/handouts.md). When the
 * GM takes back a one-player handout (deletes its copy from the secrets doc), the server deletes
 * the player's copy from their channel doc, which only the server writes. `channelDoc` answers
 * the doc of a live invite's channel (undefined for a revoked one: its channel is gone already).
 * Returns the unsubscribe function.
 */
export function followHandoutTakeBacks(
  secretsDoc: Y.Doc,
  channelDoc: (channel: string) => Y.Doc | undefined,
): () => void {
  const handouts = secretRootsOf(secretsDoc).handouts;
  const onChange = (event: Y.YMapEvent<unknown>): void => {
    event.changes.keys.forEach((change, id) => {
      if (change.action !== 'delete') return;
      const channel = (change.oldValue as { to?: { channel?: unknown } } | undefined)?.to?.channel;
      const doc = typeof channel === 'string' ? channelDoc(channel) : undefined;
      const copies = doc && channelRootsOf(doc).handouts;
      if (copies?.has(id)) doc!.transact(() => copies.delete(id), SERVER_ORIGIN);
    });
  };
  handouts.observe(onChange);
  return () => handouts.unobserve(onChange);
}
