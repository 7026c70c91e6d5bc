import { sendActing } from './combat/turnToStart';
import { cellCenterToWorld, worldToCell } from '../grid/cell';
import type { Intent } from '../schema/intent';
import { connectTable } from '../table/client';
import { REPLACED_REASON } from '../table/wireCodes';
import {
  othersPresence,
  ping as sendPing,
  publicPresenceOf,
  setCursor,
  setDrag,
  setRuler,
} from '../table/presence';
import type { PublishedPresence } from '../table/presence';
import { cssToColour } from './colour';
import { el } from './dom';
import type { Scene } from './Scene';
import { snapshotToScene } from './snapshotToScene';
import type { GmActions, MoveResult, Presence, TableSession } from './TableSession';

/**
 * A live room: the public doc (and the secrets doc for the GM) over y-websocket, the room's
 * snapshot turned into a scene on every change (batched per animation frame), presence over
 * awareness, GM edits through the table writers (one transaction = one undo step), and player
 * moves as intents to the server, whose answer (or refusal reason) is returned.
 */
export async function connectRemoteSession(roomId: string, token: string): Promise<TableSession> {
  const conn = await connectTable({ serverUrl: location.origin, roomId, token });
  const who = conn.session;
  if (who.roomId !== roomId)
    throw new Error(`this link's token belongs to room ${who.roomId}, not ${roomId}`);
  // The GM revoked this link (close 4401): the client stops reconnecting, so say why the table froze.
  conn.onRevoked((reason) => showRevoked(reason));
  // Over a request limit (close 4429), also while connecting: say so in the server's words; the
  // client reconnects by itself.
  conn.onLimited((reason) => showLimited(reason));
  // A room the server cannot open (close 4500) says so at once, in the server's words.
  const unavailable = new Promise<never>((_, reject) =>
    conn.onUnavailable((reason) => reject(new Error(reason.charAt(0).toUpperCase() + reason.slice(1)))),
  );
  try {
    await Promise.race([
      withTimeout(
        conn.whenSynced,
        15_000,
        'the room did not answer within 15 s (is the server running? is the link right?)',
      ),
      unavailable,
    ]);
  } catch (error) {
    conn.destroy();
    throw error;
  }

  let scene: Scene = snapshotToScene(conn.snapshot());
  const listeners = new Set<(s: Scene) => void>();
  conn.onSnapshot((snap) => {
    try {
      scene = snapshotToScene(snap);
    } catch (e) {
      console.error('could not read the room:', e);
      return;
    }
    for (const l of listeners) l(scene);
  });

  const post = async (intent: Intent): Promise<MoveResult> => {
    // A player's first move on their turn starts it (src/ui/combat/turnToStart.ts).
    const r = who.role === 'gm' ? await conn.sendIntent(intent) : await sendActing(conn, intent);
    return r.ok ? { ok: true } : { ok: false, reason: r.reason };
  };

  /** What this page would show others; `publicPresenceOf` decides what is actually published. */
  let wanted: PublishedPresence = { cursor: null, drag: null, ruler: null };

  // The GM's writers come in a chunk of their own: a player's page never downloads them.
  const gm: GmActions | undefined =
    who.role === 'gm' ? (await import('./gmActions')).gmActionsOf(conn, roomId, token) : undefined;

  return {
    viewer: {
      role: who.role,
      characterIds: who.characterIds,
      name: who.name,
      ...(who.channel ? { channel: who.channel } : {}),
    },
    roomId,
    scene: () => scene,
    onScene: (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    move: (tokenId, path) =>
      post({ kind: 'move', tokenId, path: path.map((c) => ({ x: c.x, y: c.y })), mode: 'move' }),
    intent: post,
    setPresence: (p) => {
      const cellOf = (w: { x: number; y: number }): { x: number; y: number } | null => worldToCell(w);
      if (p.pointer) {
        const c = cellOf(p.pointer);
        wanted = { ...wanted, cursor: c ? { x: c.x, y: c.y } : null };
      }
      if (p.drag !== undefined) wanted = { ...wanted, drag: p.drag };
      if (p.ruler !== undefined) wanted = { ...wanted, ruler: p.ruler };
      // Players receive this awareness: nothing about a hidden token goes out (publicPresenceOf).
      const hidden = conn.snapshot().tokens.filter((t) => t.hidden);
      const next = publicPresenceOf(wanted, hidden);
      const local = conn.awareness.getLocalState() ?? {};
      // Presence is per square: only announce when the square (or the drag) changes.
      if (JSON.stringify(local['cursor'] ?? null) !== JSON.stringify(next.cursor))
        setCursor(conn.awareness, next.cursor);
      if (JSON.stringify(local['drag'] ?? null) !== JSON.stringify(next.drag))
        setDrag(conn.awareness, next.drag);
      if (JSON.stringify(local['ruler'] ?? null) !== JSON.stringify(next.ruler ?? null))
        setRuler(conn.awareness, next.ruler ?? null);
      if (p.ping) {
        const c = cellOf(p.ping);
        if (c) sendPing(conn.awareness, c, p.ping.at);
      }
    },
    onPresence: (cb) => {
      const emit = (): void => {
        const list: Presence[] = othersPresence(conn.awareness).map(({ clientId, presence }) => ({
          clientId,
          name: presence.user.name,
          colour: cssToColour(presence.user.color),
          ...(presence.cursor
            ? {
                pointer: cellCenterToWorld(presence.cursor),
              }
            : {}),
          ...(presence.drag ? { drag: presence.drag } : {}),
          ...(presence.ruler ? { ruler: presence.ruler } : {}),
          ...(presence.ping
            ? {
                ping: {
                  ...cellCenterToWorld(presence.ping.cell),
                  at: presence.ping.at,
                },
              }
            : {}),
        }));
        cb(list);
      };
      // Re-subscribe when the client swaps in fresh docs (a new awareness comes with them).
      let aw = conn.awareness;
      aw.on('change', emit);
      const offReset = conn.onReset(() => {
        aw.off('change', emit);
        aw = conn.awareness;
        aw.on('change', emit);
        emit();
      });
      emit();
      return () => {
        aw.off('change', emit);
        offReset();
      };
    },
    ...(gm ? { gm } : {}),
    connection: conn,
    destroy: () => {
      conn.destroy();
      listeners.clear();
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * A banner over the page: this link no longer opens the room, because the GM revoked the invite or
 * gave it a new link (docs/server/http-api.md, "Revoking an invite", "A new link for an invite").
 */
function showRevoked(reason: string): void {
  if (document.querySelector('[data-testid="revoked-banner"]')) return;
  document.body.dataset['revoked'] = 'true';
  const [title, text] =
    reason === REPLACED_REASON
      ? [
          'This link was replaced.',
          ' The GM made a new link for you, so this one no longer opens the table. Ask the GM for the new link: your character and whispers are waiting there.',
        ]
      : [
          'Your invite was revoked.',
          ' The GM withdrew this link, so the table no longer updates. Ask the GM for a new link.',
        ];
  document.body.append(
    el(
      'div',
      { class: 'revoked-banner', role: 'alert', 'data-testid': 'revoked-banner', title: `Server: ${reason}` },
      el('strong', {}, title),
      text,
    ),
  );
}

/** How long (ms) the "slow down" notice stays after the last 4429 close. */
const LIMITED_NOTICE_MS = 10_000;
let limitedTimer: ReturnType<typeof setTimeout> | undefined;

/** A notice over the page: the server closed a socket for going over a limit (docs/server.md, "Limits"). */
function showLimited(reason: string): void {
  document.querySelector('[data-testid="limited-banner"]')?.remove();
  const banner = el(
    'div',
    { class: 'revoked-banner', role: 'status', 'data-testid': 'limited-banner' },
    el('strong', {}, 'The server is slowing this page down.'),
    ` It said: "${reason}". The table reconnects by itself in a moment.`,
  );
  document.body.append(banner);
  clearTimeout(limitedTimer);
  limitedTimer = setTimeout(() => banner.remove(), LIMITED_NOTICE_MS);
}
