import type * as Y from 'yjs';
import type { TableDocs } from '../docLayout';
import { publicRootsOf, secretRootsOf, transactBoth } from '../docLayout';
import { applyPartySight, fogToFollow } from './partySight';

/** The origin of the follower's own writes (so it does not answer itself). */
const VISION_ORIGIN = 'vision';

/**
 * On the server, for every room: when the server's own writes (seeding, an import, a migration)
 * change who stands where, the map or the settings, fog of war follows in a transaction of its
 * own (`applyPartySight`). Intents and the GM's writers apply it inside their own transaction, so
 * a foe's new square never reaches players. Returns the unsubscribe function.
 */
export function followPartySight(docs: TableDocs & { secrets: Y.Doc }): () => void {
  const pub = publicRootsOf(docs.public);
  const sec = secretRootsOf(docs.secrets);
  const watched = new Set<object>([
    pub.tokens,
    pub.combatants,
    pub.settings,
    pub.map,
    pub.mapRows,
    pub.mapPaint,
    pub.doors,
    pub.destructible,
    sec.tokens,
    sec.combatants,
  ]);
  let busy = false;
  const follow = (tr: Y.Transaction): void => {
    // A GM's page applies fog in its own writes, and its two docs' updates arrive one at a time:
    // judged in between (the foe in the secrets doc, the setting not yet) fog would undo the GM's
    // step. Only the server's own writes (string origins) are followed here.
    if (busy || tr.origin === VISION_ORIGIN || typeof tr.origin !== 'string') return;
    if (![...tr.changed.keys()].some((type) => watched.has(type)) || !fogToFollow(docs)) return;
    busy = true;
    try {
      transactBoth(docs, VISION_ORIGIN, () => applyPartySight(docs));
    } finally {
      busy = false;
    }
  };
  docs.public.on('afterTransaction', follow);
  docs.secrets.on('afterTransaction', follow);
  return () => {
    docs.public.off('afterTransaction', follow);
    docs.secrets.off('afterTransaction', follow);
  };
}
