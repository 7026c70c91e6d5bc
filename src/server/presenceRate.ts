import { TokenBucket } from './TokenBucket';

/** Presence updates per second one socket may have relayed; faster ones are coalesced (latest wins). */
export const PRESENCE_UPDATES_PER_SECOND = 20;
/** Updates one socket may have relayed at once before coalescing starts. */
export const PRESENCE_BURST = 40;
/** Own presence updates per second (sustained, burst twice that) past which the socket is closed. */
export const PRESENCE_CLOSE_PER_SECOND = 100;
/**
 * Awareness frames per second of any kind (burst twice that) past which the socket is closed.
 * Generous because stock clients echo every presence change they hear back to the server.
 */
export const AWARENESS_FRAMES_PER_SECOND = 1000;
/** The largest awareness frame (bytes) a socket may send: a few dozen members' states echoed. */
export const MAX_AWARENESS_FRAME_BYTES = 64 * 1024;

const KEY = 'socket';

/** Per-socket presence limits (token buckets); `now` is injected so tests can move time. */
export class PresenceRate {
  private readonly relay: TokenBucket;
  private readonly own: TokenBucket;
  private readonly frames: TokenBucket;

  constructor(now: () => number = Date.now) {
    // TokenBucket refills `capacity` per `periodMs`: capacity/period = the rate per ms.
    this.relay = new TokenBucket(PRESENCE_BURST, (PRESENCE_BURST / PRESENCE_UPDATES_PER_SECOND) * 1000, now);
    this.own = new TokenBucket(PRESENCE_CLOSE_PER_SECOND * 2, 2000, now);
    this.frames = new TokenBucket(AWARENESS_FRAMES_PER_SECOND * 2, 2000, now);
  }

  /** Count one awareness frame; a refusal text when the socket must be closed. */
  frame(): string | undefined {
    if (this.frames.take(KEY).ok) return undefined;
    return `too many presence frames: at most ${AWARENESS_FRAMES_PER_SECOND} a second`;
  }

  /** Count one frame that changes the sender's own presence; a refusal text when over the limit. */
  ownUpdate(): string | undefined {
    if (this.own.take(KEY).ok) return undefined;
    return `too many presence updates: at most ${PRESENCE_CLOSE_PER_SECOND} a second`;
  }

  /** May a relay happen now? Otherwise how long (ms) until one may. */
  relayNow(): { ok: true } | { ok: false; retryAfterMs: number } {
    return this.relay.take(KEY);
  }
}
