import type * as Y from 'yjs';
import type { TableDocs } from '../docLayout';
import { publicRootsOf, secretRootsOf } from '../docLayout';
import type { SightPlayer } from './playerSight';
import { explorePlayers, PLAYER_SIGHT_ORIGIN, syncPlayerSight } from './playerSight';
import { onceAfterTurn } from './afterTurn';

/**
 * On the server, for every room: per-player fog's channel copies follow every change of who
 * stands where, their states and stat blocks, the map or the settings — from intents, the GM's
 * frames and the server's own writes alike — in the same tick, before the change is answered or
 * the next frame is read (docs/table/fog-of-war.md); what each player explored follows in a task
 * of its own. Only channels, and the GM's `playerExplored`, are written: the public doc is fog's
 * business in the writers. `players` reads
 * the room's invites; `channelDoc` answers a loaded channel. Returns `sync` (one channel, or all)
 * and the unsubscribe function.
 */
export function followPlayerSight(
  docs: TableDocs & { secrets: Y.Doc },
  players: () => readonly SightPlayer[],
  channelDoc: (channel: string) => Y.Doc | undefined,
): { sync: (channel?: string) => void; stop: () => void } {
  const pub = publicRootsOf(docs.public);
  const sec = secretRootsOf(docs.secrets);
  const watched = new Set<object>([
    pub.tokens,
    pub.combatants,
    pub.statBlocks,
    pub.shownStates,
    pub.settings,
    pub.map,
    pub.mapRows,
    pub.mapPaint,
    pub.doors,
    pub.destructible,
    pub.meta,
    sec.tokens,
    sec.combatants,
    sec.statBlocks,
    sec.playerExplored,
  ]);
  // Copies may be left from per-player fog just turned off: emptied once, then nothing to do.
  let copying = true;
  const sync = (channel?: string): void => {
    const raw = pub.settings.get('room') as { vision?: unknown } | undefined;
    const on = raw?.vision === 'per-player';
    if (!on && !copying) return;
    copying = on;
    const all = players();
    syncPlayerSight(docs, channel === undefined ? all : all.filter((p) => p.channel === channel), channelDoc);
  };
  // What each player explored grows after the change is answered (a sweep of the whole map per
  // character that moved); the copies, which decide what players are sent, follow at once.
  const explore = onceAfterTurn(() => {
    if (docs.public.isDestroyed) return;
    explorePlayers(docs, players());
    sync(); // each player's copy of what they explored
  });
  const follow = (tr: Y.Transaction): void => {
    if (tr.origin === PLAYER_SIGHT_ORIGIN) return;
    if (![...tr.changed.keys()].some((type) => watched.has(type))) return;
    sync();
    if (copying) explore();
  };
  docs.public.on('afterTransaction', follow);
  docs.secrets.on('afterTransaction', follow);
  return {
    sync,
    stop: () => {
      docs.public.off('afterTransaction', follow);
      docs.secrets.off('afterTransaction', follow);
    },
  };
}
