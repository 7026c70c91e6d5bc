import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import type { WebSocket } from 'ws';
import type { Session } from './auth';
import type { RequestLimits } from './limits';
import { docWriteLimitText, syncLimitText } from './limits';
import { CLOSE_RATE_LIMITED } from '../table/wireCodes';
import type { DocListener, SharedDoc } from './SharedDoc';
import { checkAwarenessClaims, mayWriteDoc, parseDocName, wouldChangeDoc } from './permissions';
import type { DocKind } from './permissions';
import { sanitizePresence } from './presenceFilter';
import { MAX_AWARENESS_FRAME_BYTES, PresenceRate } from './presenceRate';
import { rootsOf } from '../table/docLayout';
import { checkGmWrite, MISSING_DEPENDENCIES } from './tableBridge';
import {
  CLOSE_MALFORMED,
  CLOSE_REFUSED,
  encodeAwarenessEntries,
  encodeRefused,
  encodeSyncStep1,
  encodeSyncStep2,
  KEEP_ALIVE_FRAME,
  parseAwarenessUpdate,
  type AwarenessEntry,
  parseClientMessage,
} from './protocol';

/** Close a socket whose unsent backlog exceeds this many bytes (a client that stopped reading). */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/**
 * A GM update waiting for the changes it builds on is held at most this large (bytes, merged with
 * what follows); past it the write is refused.
 */
export const MAX_HELD_UPDATE_BYTES = 4 * 1024 * 1024;
/** Ping interval (ms); a socket that missed a whole interval without a pong is closed. */
export const PING_INTERVAL_MS = 30_000;
/**
 * A socket sent nothing for this long gets KEEP_ALIVE_FRAME: the y-websocket client reconnects
 * after 30 s without a message (pings do not count, the browser answers them unseen), and a
 * player's channel doc or an idle table can be silent that long. A third of it leaves two
 * chances to spare on a loaded machine.
 */
export const KEEP_ALIVE_MS = 10_000;
/** Keep-alive ticks per ping. */
const TICKS_PER_PING = PING_INTERVAL_MS / KEEP_ALIVE_MS;

/**
 * One websocket on one doc. Thin: it parses frames, asks `permissions` what is allowed, and
 * applies or refuses. Players never write a doc (contract in docs/server.md).
 */
export class Connection implements DocListener {
  readonly ownedIds = new Set<number>();
  readonly tokenHash: string;
  /** Which doc of the room this socket is on. */
  private readonly docKind: DocKind;
  /** Rate buckets are per link (token) and doc: built once, not per frame on the hot path. */
  private readonly limitKey: string;
  private closed = false;
  /** A GM update that builds on changes not yet received (see `onUpdate`); never applied alone. */
  private heldUpdate: Uint8Array | undefined;
  private alive = true;
  /** Something was sent since the last keep-alive tick (then no keep-alive frame is needed). */
  private sentSinceTick = false;
  private ticks = 0;
  /** Every KEEP_ALIVE_MS: the keep-alive frame when quiet; every PING_INTERVAL_MS, the ping. */
  private readonly ticker: NodeJS.Timeout;
  private readonly presenceRate = new PresenceRate();
  /** This socket's presence waiting for its rate (latest per client id). */
  private readonly pendingPresence = new Map<number, AwarenessEntry>();
  private presenceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    readonly session: Session,
    private readonly shared: SharedDoc,
    private readonly limits: Pick<RequestLimits, 'syncRequests' | 'docWrites' | 'docWriteBytes' | 'options'>,
  ) {
    this.tokenHash = session.tokenHash;
    this.docKind = parseDocName(shared.name).kind;
    this.limitKey = `${session.tokenHash}|${shared.name}`;
    shared.listeners.add(this);
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.close(1011, 'socket error'));
    ws.on('pong', () => (this.alive = true));
    this.ticker = setInterval(() => this.tick(), KEEP_ALIVE_MS);
    this.ticker.unref();
    // Same opening as y-websocket's server: our sync step 1, then who is present.
    this.send(encodeSyncStep1(Y.encodeStateVector(shared.doc)));
    const presence = shared.awarenessFrame();
    if (presence) this.send(presence);
  }

  send(frame: Uint8Array): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return this.close(1013, 'too far behind');
    this.sentSinceTick = true;
    this.ws.send(frame, this.onSent);
  }

  private tick(): void {
    if (!this.sentSinceTick) this.send(KEEP_ALIVE_FRAME);
    this.sentSinceTick = false;
    if (++this.ticks % TICKS_PER_PING !== 0) return;
    if (!this.alive) return this.close(1001, 'ping timeout');
    this.alive = false;
    this.ws.ping();
  }

  /** One callback for every send of this socket (the broadcast path sends a lot). */
  private readonly onSent = (error?: Error): void => {
    if (error) this.close(1011, 'send failed');
  };

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    try {
      // A close reason is at most 123 BYTES ("×" in a bound takes two): trim by bytes.
      let short = reason.slice(0, 123);
      while (Buffer.byteLength(short) > 123) short = short.slice(0, -1);
      this.ws.close(code, short);
    } catch {
      this.ws.terminate();
    }
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ticker);
    clearTimeout(this.presenceTimer);
    this.pendingPresence.clear();
    this.shared.removeListener(this);
  }

  /** A refused write: tell the client why, then close so it resyncs from a fresh doc. */
  private refuse(reason: string): void {
    this.send(encodeRefused(reason));
    this.close(CLOSE_REFUSED, reason);
  }

  private onFrame(data: unknown, isBinary: boolean): void {
    if (this.closed) return;
    if (!isBinary || !Buffer.isBuffer(data)) return this.close(CLOSE_MALFORMED, 'expected a binary frame');
    let message;
    try {
      message = parseClientMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    } catch (error) {
      return this.close(CLOSE_MALFORMED, `malformed frame: ${(error as Error).message}`);
    }
    // Both make the server encode the whole doc or presence: bounded per token and doc, so a
    // reconnect loop does not reset the count.
    if (message.type === 'sync-step-1' || message.type === 'query-awareness') {
      if (!this.limits.syncRequests.take(this.limitKey).ok)
        return this.close(CLOSE_RATE_LIMITED, syncLimitText(this.limits.options.syncRequests));
    }
    // Every update a GM socket sends is checked, stored and broadcast to the whole room: bounded
    // in count and bytes per token and doc (a player's are refused anyway, and cost nothing here).
    if (message.type === 'sync-update' && mayWriteDoc(this.session, this.docKind)) {
      const key = this.limitKey;
      const { docWrites, docWriteBytes, options } = this.limits;
      if (!docWrites.take(key).ok || !docWriteBytes.take(key, message.update.byteLength).ok)
        return this.close(CLOSE_RATE_LIMITED, docWriteLimitText(options.docWrites, options.docWriteBytes));
    }
    try {
      switch (message.type) {
        case 'sync-step-1': {
          // The reply carries doc content: sent once what it holds is stored.
          const reply = encodeSyncStep2(Y.encodeStateAsUpdate(this.shared.doc, message.stateVector));
          return this.shared.whenStored(() => this.send(reply));
        }
        case 'sync-update':
          return this.onUpdate(message.update);
        case 'awareness':
          return this.onAwareness(message.update);
        case 'query-awareness': {
          const presence = this.shared.awarenessFrame();
          if (presence) this.send(presence);
          return;
        }
        case 'auth':
          return;
      }
    } catch (error) {
      // A payload that parsed as a frame but not as Yjs/awareness data: this socket only.
      this.close(CLOSE_MALFORMED, `malformed ${message.type}: ${(error as Error).message}`);
    }
  }

  private onUpdate(incoming: Uint8Array): void {
    const kind = this.docKind;
    if (kind !== 'channel' && mayWriteDoc(this.session, kind)) {
      // Checked before it is applied (and so before it is stored or broadcast): same bounds as
      // every other input. A refused write changes nothing; the client resyncs (4403).
      const update = this.heldUpdate ? Y.mergeUpdates([this.heldUpdate, incoming]) : incoming;
      this.heldUpdate = undefined;
      const decoded = Y.decodeUpdate(update); // once, for the check and the change test
      const problem = checkGmWrite(this.shared.doc, kind, decoded);
      if (problem === MISSING_DEPENDENCIES && update.byteLength <= MAX_HELD_UPDATE_BYTES) {
        // Builds on changes still on their way (e.g. the sync step 2 after a reconnect): hold it,
        // never apply it unchecked, and check it again together with what this socket sends next.
        this.heldUpdate = update;
        return;
      }
      if (problem) return this.refuse(`write refused: ${problem}`);
      return this.shared.applyFrame(update, this, decoded);
    }
    // A player's provider answers our sync step 1 with what it has that we lack: normally
    // nothing. Harmless no-ops pass silently; a real change is a write and is refused.
    if (wouldChangeDoc(this.shared.doc, incoming))
      this.refuse('players cannot write the table; send an intent');
  }

  private onAwareness(update: Uint8Array): void {
    if (update.byteLength > MAX_AWARENESS_FRAME_BYTES)
      return this.close(1009, `presence frame too large: at most ${MAX_AWARENESS_FRAME_BYTES / 1024} KB`);
    const tooMany = this.presenceRate.frame();
    if (tooMany) return this.close(CLOSE_RATE_LIMITED, tooMany);
    const awareness = this.shared.awareness;
    const verdict = checkAwarenessClaims(parseAwarenessUpdate(update), this, {
      // A live socket, or the token that first claimed the id in this room (even if now gone).
      ownerOf: (id) => this.shared.ownerOf(id) ?? this.rememberedOwner(id),
      clockOf: (id) => awareness.meta.get(id)?.clock ?? 0,
      serverClientId: this.shared.doc.clientID,
    });
    if (!verdict.ok) return this.refuse(verdict.reason);
    const accepted: AwarenessEntry[] = [];
    for (const entry of verdict.accepted) {
      if (entry.state === null) {
        accepted.push(entry);
        continue;
      }
      const state = sanitizePresence(entry.state, entry.clientID, this.session, this.isVisibleToken);
      if (state) accepted.push({ ...entry, state });
    }
    if (!accepted.length) return;
    const overLimit = this.presenceRate.ownUpdate();
    if (overLimit) return this.close(CLOSE_RATE_LIMITED, overLimit);
    for (const entry of accepted) {
      if (entry.state === null) {
        this.ownedIds.delete(entry.clientID);
      } else {
        // Take the id over from an older socket of the same person (e.g. before a reconnect).
        const previous = this.shared.ownerOf(entry.clientID);
        if (previous && previous !== this) previous.ownedIds.delete(entry.clientID);
        this.ownedIds.add(entry.clientID);
        this.shared.claims.remember(entry.clientID, this.tokenHash);
      }
      this.pendingPresence.set(entry.clientID, entry);
    }
    this.relayPresence();
  }

  private rememberedOwner(clientID: number): { tokenHash: string } | undefined {
    const tokenHash = this.shared.claims.claimantOf(clientID);
    return tokenHash === undefined ? undefined : { tokenHash };
  }

  /**
   * Players see only the public doc's tokens; on the secrets doc (GM only) every token is fine.
   * A channel doc holds no tokens: a drag there is never relayed.
   */
  private readonly isVisibleToken = (tokenId: string): boolean =>
    this.docKind === 'secrets' || rootsOf(this.shared.doc).tokens.has(tokenId);

  /** Apply the latest pending presence of this socket now, or when its rate allows (coalesced). */
  private relayPresence(): void {
    if (this.closed || this.presenceTimer || !this.pendingPresence.size) return;
    const slot = this.presenceRate.relayNow();
    if (!slot.ok) {
      this.presenceTimer = setTimeout(() => {
        this.presenceTimer = undefined;
        this.relayPresence();
      }, slot.retryAfterMs);
      return;
    }
    const entries = [...this.pendingPresence.values()];
    this.pendingPresence.clear();
    awarenessProtocol.applyAwarenessUpdate(this.shared.awareness, encodeAwarenessEntries(entries), this);
  }
}
