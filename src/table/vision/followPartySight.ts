import type * as Y from 'yjs';
import type { TableDocs } from '../docLayout';
import { publicRootsOf, secretRootsOf, SERVER_ORIGIN, transactBoth } from '../docLayout';
import { applyPartySight, exploreParty, fogOn, fogToFollow } from './partySight';
import { onceAfterTurn } from './afterTurn';

/** The origin of the follower's own writes (so it does not answer itself). */
const VISION_ORIGIN = 'vision';

/**
 * On the server, for every room: when the server's own writes (seeding, an import, a migration)
 * change who stands where, the map or the settings, fog of war follows in a transaction of its
 * own (`applyPartySight`). Intents and the GM's writers apply it inside their own transaction, so
 * a foe's new square never reaches players. After any such change, what the party explored grows
 * in a task of its own (`exploreParty`). Returns the unsubscribe function.
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
  // What the party explored grows after the change is answered: the whole map's sight of a party
  // character is the dear part of fog, and no secret hangs on it (the foes are decided already).
  const explore = onceAfterTurn(() => {
    if (docs.public.isDestroyed || !fogOn(docs)) return;
    busy = true;
    try {
      transactBoth(docs, VISION_ORIGIN, () => exploreParty(docs));
    } finally {
      busy = false;
    }
  });
  const follow = (tr: Y.Transaction): void => {
    if (busy || tr.origin === VISION_ORIGIN) return;
    if (![...tr.changed.keys()].some((type) => watched.has(type)) || !fogToFollow(docs)) return;
    explore();
    // Intents apply fog in their own transaction. A GM's page applies it in its own writes, and
    // its two docs' updates arrive one at a time: judged in between (the foe in the secrets doc,
    // the setting not yet) fog would undo the GM's step. Only the server's other writes (string
    // origins: seeding, imports, migrations) are followed here.
    if (typeof tr.origin !== 'string' || tr.origin === SERVER_ORIGIN) return;
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
