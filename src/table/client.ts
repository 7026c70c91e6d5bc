import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import type { Awareness } from 'y-protocols/awareness';
import * as decoding from 'lib0/decoding';
import type { IntentAnswer } from '../schema/intent';
import { IntentResultSchema } from '../schema/intent';
import type { Session } from '../schema/session';
import { SessionSchema } from '../schema/session';
import type { TableDocs } from './docLayout';
import type { RoomSnapshot } from './snapshot';
import { readSnapshot } from './snapshot';
import type { TableChanges } from './observeTable';
import { observeTable } from './observeTable';
import { initPresence, presenceColor } from './presence';
import { createLinkWatch, type LinkState } from './linkState';

import {
  CLOSE_RATE_LIMITED,
  CLOSE_REFUSED,
  CLOSE_REVOKED,
  CLOSE_ROOM_UNAVAILABLE,
  MESSAGE_REFUSED,
} from './wireCodes';

export { CLOSE_RATE_LIMITED, CLOSE_REFUSED, CLOSE_REVOKED, CLOSE_ROOM_UNAVAILABLE, MESSAGE_REFUSED };

export interface ConnectOptions {
  /** HTTP base of the server, e.g. "http://127.0.0.1:8080". */
  serverUrl: string;
  roomId: string;
  token: string;
  /** Node: `WebSocket` from 'ws'. Browsers have one. */
  WebSocketPolyfill?: unknown;
  fetch?: typeof fetch;
}

export interface TableConnection {
  readonly session: Session;
  readonly role: Session['role'];
  /** Current docs: replaced by fresh ones after a refused write (listen with `onReset`). */
  readonly doc: Y.Doc;
  readonly secrets: Y.Doc | undefined;
  /** A player's channel doc (their whispers, read-only; docs/table.md "Channels"); none for the GM. */
  readonly channel: Y.Doc | undefined;
  readonly docs: TableDocs;
  readonly providers: readonly WebsocketProvider[];
  readonly awareness: Awareness;
  /** Resolves when every doc of this connection has synced with the server once. */
  readonly whenSynced: Promise<void>;
  snapshot(): RoomSnapshot;
  /** Called with a fresh snapshot and what changed, batched per burst of updates. */
  onSnapshot(cb: (snapshot: RoomSnapshot, changes: TableChanges | null) => void): () => void;
  /** Called after the docs were thrown away and re-synced (refused write). */
  onReset(cb: (reason: string) => void): () => void;
  /** Called once when the GM revoked this link: the connection stops reconnecting. */
  onRevoked(cb: (reason: string) => void): () => void;
  /**
   * Called when the server closed a socket for going over a request limit (close 4429), with its
   * sentence; the provider reconnects by itself after a pause.
   */
  onLimited(cb: (reason: string) => void): () => void;
  /**
   * Called when the server cannot open this room (close 4500: its stored data cannot be read),
   * with the server's sentence; the provider keeps retrying slowly in case the server is fixed.
   */
  onUnavailable(cb: (reason: string) => void): () => void;
  /** How the link to the server stands now (src/table/linkState.ts). */
  readonly link: LinkState;
  /** Called when the link state changes (lost, offline for a while, back). */
  onLink(cb: (state: LinkState) => void): () => void;
  /**
   * Posts an intent. While the link is down it is refused at once with NOT_CONNECTED rather than
   * queued: an intent is an action the server rolls, and rolling it later, on a table that moved
   * on meanwhile, would surprise the person who clicked. (GM doc writes are different: Yjs keeps
   * them and sends them when the link is back.)
   */
  sendIntent(intent: unknown): Promise<IntentAnswer>;
  destroy(): void;
}

/** The refusal of an intent clicked while the link to the server is down. */
export const NOT_CONNECTED = 'not connected: try again when the link is back';

/** Thrown when the server does not accept the token. */
export class ConnectError extends Error {}

/**
 * Connects to a room: asks the server who the token is (`GET /api/session`), then syncs the
 * public doc and, for the GM, the secrets doc or, for a player, their channel doc (the session
 * names it) over y-websocket. Reconnects by itself; a refused
 * write (MESSAGE_REFUSED or close 4403) throws the local docs away and resyncs fresh ones.
 */
export async function connectTable(opts: ConnectOptions): Promise<TableConnection> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const base = opts.serverUrl.replace(/\/+$/, '');
  const response = await doFetch(`${base}/api/session`, {
    headers: { authorization: `Bearer ${opts.token}` },
  });
  if (!response.ok) throw new ConnectError(`the server refused this link (HTTP ${response.status})`);
  const session = SessionSchema.parse(await response.json());
  const wsBase = base.replace(/^http/, 'ws') + '/ws';

  type Conn = {
    docs: TableDocs;
    channel: Y.Doc | undefined;
    providers: WebsocketProvider[];
    synced: Promise<void>;
  };
  const snapshotListeners = new Set<(s: RoomSnapshot, c: TableChanges | null) => void>();
  const resetListeners = new Set<(reason: string) => void>();
  const revokedListeners = new Set<(reason: string) => void>();
  const limitedListeners = new Set<(reason: string) => void>();
  const unavailableListeners = new Set<(reason: string) => void>();
  let revoked = false;
  let stopObserving: () => void = () => {};
  const link = createLinkWatch();
  let stopWatchingLink: () => void = () => {};
  let destroyed = false;
  let current: Conn;

  const open = (): Conn => {
    const pub = new Y.Doc();
    const sec = session.role === 'gm' ? new Y.Doc() : undefined;
    const chan = session.role === 'player' && session.channel ? new Y.Doc() : undefined;
    const providerOpts = {
      params: { token: opts.token },
      // A player tab must not leak its doc to a GM tab of the same browser, or the reverse.
      disableBc: true,
      // y-websocket treats every 44xx close as final; over a rate limit (4429) the page waits out
      // the provider's growing backoff and tries again.
      shouldReconnect: (event: CloseEvent) =>
        event.code === CLOSE_RATE_LIMITED || !(event.code >= 4400 && event.code < 4500),
      ...(opts.WebSocketPolyfill ? { WebSocketPolyfill: opts.WebSocketPolyfill as typeof WebSocket } : {}),
    };
    const providers = [new WebsocketProvider(wsBase, opts.roomId, pub, providerOpts)];
    if (sec) providers.push(new WebsocketProvider(wsBase, `${opts.roomId}~secrets`, sec, providerOpts));
    if (chan) {
      const channel = new WebsocketProvider(
        wsBase,
        `${opts.roomId}~to~${session.channel}`,
        chan,
        providerOpts,
      );
      // Presence lives on the public doc; nothing to say on a channel only its player reads.
      channel.awareness.setLocalState(null);
      providers.push(channel);
    }
    for (const provider of providers) {
      provider.messageHandlers[MESSAGE_REFUSED] = (_encoder, decoder) => {
        let reason = 'write refused';
        try {
          reason = (JSON.parse(decoding.readVarString(decoder)) as { reason?: string }).reason ?? reason;
        } catch {
          // keep the generic reason
        }
        queueMicrotask(() => reset(reason));
      };
      provider.on('connection-close', (event) => {
        if (event?.code === CLOSE_REFUSED) queueMicrotask(() => reset(event.reason || 'write refused'));
        if (event?.code === CLOSE_RATE_LIMITED)
          limitedListeners.forEach((cb) => cb(event.reason || 'too many requests'));
        if (event?.code === CLOSE_ROOM_UNAVAILABLE)
          unavailableListeners.forEach((cb) => cb(event.reason || 'this room cannot be opened'));
        if (event?.code === CLOSE_REVOKED && !revoked) {
          // Reconnecting would only be refused (401) forever.
          revoked = true;
          link.endForGood();
          queueMicrotask(() => current.providers.forEach((p) => p.disconnect())); // after this close is done
          revokedListeners.forEach((cb) => cb(event.reason || 'invite revoked'));
        }
      });
    }
    initPresence(providers[0]!.awareness, {
      name: session.name,
      role: session.role,
      color: presenceColor(pub.clientID),
    });
    const synced = Promise.all(
      providers.map(
        (p) => new Promise<void>((resolve) => (p.synced ? resolve() : p.once('sync', () => resolve()))),
      ),
    ).then(() => undefined);
    const docs: TableDocs = { public: pub, secrets: sec };
    stopWatchingLink = link.watch(providers);
    const onChanges = (changes: TableChanges) => {
      const snap = readSnapshot(pub, sec, chan);
      snapshotListeners.forEach((cb) => cb(snap, changes));
    };
    const stopTable = observeTable(docs, onChanges);
    // The channel doc: whispers, handouts, and under per-player fog the characters only this player sees.
    const stopChannel = chan ? observeTable({ public: chan }, onChanges) : () => {};
    stopObserving = () => {
      stopTable();
      stopChannel();
    };
    return { docs, channel: chan, providers, synced };
  };

  /** Stop listening to the current docs and drop them with their providers. */
  const teardown = () => {
    stopObserving();
    stopWatchingLink(); // before the providers close: their closing is not an outage
    current.providers.forEach((p) => p.destroy());
    current.docs.public.destroy();
    current.docs.secrets?.destroy();
    current.channel?.destroy();
  };

  let resetting = false;
  const reset = (reason: string) => {
    if (destroyed || resetting) return;
    resetting = true;
    teardown();
    current = open();
    resetting = false;
    resetListeners.forEach((cb) => cb(reason));
    const snap = readSnapshot(current.docs.public, current.docs.secrets, current.channel);
    snapshotListeners.forEach((cb) => cb(snap, null));
  };

  current = open();
  const connection: TableConnection = {
    session,
    role: session.role,
    get doc() {
      return current.docs.public;
    },
    get secrets() {
      return current.docs.secrets;
    },
    get channel() {
      return current.channel;
    },
    get docs() {
      return current.docs;
    },
    get providers() {
      return current.providers;
    },
    get awareness() {
      return current.providers[0]!.awareness;
    },
    get whenSynced() {
      return current.synced;
    },
    snapshot: () => readSnapshot(current.docs.public, current.docs.secrets, current.channel),
    onSnapshot(cb) {
      snapshotListeners.add(cb);
      return () => snapshotListeners.delete(cb);
    },
    onReset(cb) {
      resetListeners.add(cb);
      return () => resetListeners.delete(cb);
    },
    onRevoked(cb) {
      revokedListeners.add(cb);
      return () => revokedListeners.delete(cb);
    },
    onLimited(cb) {
      limitedListeners.add(cb);
      return () => limitedListeners.delete(cb);
    },
    onUnavailable(cb) {
      unavailableListeners.add(cb);
      return () => unavailableListeners.delete(cb);
    },
    get link() {
      return link.state;
    },
    onLink(cb) {
      return link.onChange(cb);
    },
    async sendIntent(intent) {
      if (link.state === 'reconnecting' || link.state === 'offline')
        return { ok: false, reason: NOT_CONNECTED };
      // One random key per intent, sent again on the retry: the server applies it once.
      const body = JSON.stringify({ ...(intent as object), idempotencyKey: newIdempotencyKey() });
      const post = () =>
        doFetch(`${base}/api/rooms/${encodeURIComponent(opts.roomId)}/intents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
          body,
        });
      let res: Response;
      try {
        res = await post();
      } catch {
        // A network error: the intent may or may not have been applied; the key makes the retry safe.
        try {
          res = await post();
        } catch (error) {
          // The socket may not have noticed yet; the person needs the same advice either way.
          console.warn('intent not sent:', error);
          return { ok: false, reason: NOT_CONNECTED };
        }
      }
      const answer: unknown = await res.json().catch(() => null);
      const parsed = IntentResultSchema.safeParse(answer);
      if (parsed.success) return parsed.data;
      // An HTTP error (429, 401, …) answers `{ ok: false, reason }` too; anything else is named.
      const reason = (answer as { reason?: unknown } | null)?.reason;
      return {
        ok: false,
        reason:
          typeof reason === 'string' ? reason : `the server's answer was not understood (HTTP ${res.status})`,
      };
    },
    destroy() {
      destroyed = true;
      teardown();
      link.destroy();
      snapshotListeners.clear();
      resetListeners.clear();
      revokedListeners.clear();
      limitedListeners.clear();
      unavailableListeners.clear();
    },
  };
  return connection;
}

/** 128 random bits as 32 hex digits (getRandomValues works on plain-http LAN pages too). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
