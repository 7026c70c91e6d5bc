import { TokenBucket } from './TokenBucket';

/**
 * Per-player and per-connection request limits (docs/server.md, "Limits"). Each is a token bucket:
 * `burst` requests at once, refilled at `perSecond`. Generous for a person at a table, small
 * enough that one script cannot grow every member's doc or keep the server encoding.
 */
export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

export interface RequestLimitOptions {
  /** Intents (POST /api/rooms/<id>/intents) per token. */
  readonly intents: RateLimit;
  /** Whole-doc sync requests (sync step 1) and presence queries per token and doc, over websockets. */
  readonly syncRequests: RateLimit;
  /** Requests whose token is missing or unknown, per client address. */
  readonly authFailures: RateLimit;
  /** Doc updates a GM socket sends, per token and doc (the map editor's brush is the busiest). */
  readonly docWrites: RateLimit;
  /** Bytes of doc updates per token and doc: a flood of 1 MiB frames would fill the disk. */
  readonly docWriteBytes: RateLimit;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimitOptions = {
  intents: { burst: 20, perSecond: 10 },
  // A page sends one per socket when it (re)connects; 10 covers a few quick reconnects.
  syncRequests: { burst: 10, perSecond: 1 },
  // 30 per minute: a mistyped link retried by hand never meets it, a token-guessing script does.
  authFailures: { burst: 30, perSecond: 0.5 },
  docWrites: { burst: 500, perSecond: 200 },
  // A fill of a whole 200×200 map is about 100 KB; a room import goes over HTTP, not here.
  docWriteBytes: { burst: 8 * 1024 * 1024, perSecond: 2 * 1024 * 1024 },
};

/**
 * Open websockets per link (token): a GM tab holds two (public + secrets), so 16 is eight tabs.
 * Each socket costs memory and a share of every broadcast; one link cannot open thousands.
 */
export const MAX_SOCKETS_PER_TOKEN = 16;

/** Also the websocket close reason (≤ 123 bytes). */
export const SOCKET_LIMIT_TEXT = `too many open connections for this link: at most ${MAX_SOCKETS_PER_TOKEN}; close a tab`;

/**
 * HTTP timeouts (ms) against slow clients holding sockets open: all request headers within 10 s,
 * the whole request (body included) within 30 s. An 8 MiB room import over a slow link fits.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** Idempotency keys of applied intents kept per room (the oldest go first), and for how long. */
export const MAX_INTENT_KEYS_PER_ROOM = 1000;
export const INTENT_KEY_MAX_AGE_MS = 24 * 3_600_000;

/** The live buckets, shared by every request and socket of one server. */
export interface RequestLimits {
  readonly options: RequestLimitOptions;
  readonly intents: TokenBucket;
  readonly syncRequests: TokenBucket;
  readonly authFailures: TokenBucket;
  readonly docWrites: TokenBucket;
  readonly docWriteBytes: TokenBucket;
}

function bucket(limit: RateLimit, now: () => number): TokenBucket {
  // TokenBucket refills `capacity` per `periodMs`: burst per (burst / perSecond) seconds.
  return new TokenBucket(limit.burst, (limit.burst / limit.perSecond) * 1000, now);
}

/** `now`: the buckets' clock (a test that checks a Retry-After exactly holds it still). */
export function createRequestLimits(
  overrides: Partial<RequestLimitOptions> = {},
  now: () => number = Date.now,
): RequestLimits {
  const options = { ...DEFAULT_REQUEST_LIMITS, ...overrides };
  return {
    options,
    intents: bucket(options.intents, now),
    syncRequests: bucket(options.syncRequests, now),
    authFailures: bucket(options.authFailures, now),
    docWrites: bucket(options.docWrites, now),
    docWriteBytes: bucket(options.docWriteBytes, now),
  };
}

/** "10 per second", "30 per minute": the rate as a person reads it. */
export function describeRate(perSecond: number): string {
  return perSecond >= 1 ? `${perSecond} per second` : `${Math.round(perSecond * 60)} per minute`;
}

/** Whole seconds to wait (Retry-After), at least 1. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

export function intentLimitText(limit: RateLimit, seconds: number): string {
  return `too many intents from this link: at most ${describeRate(limit.perSecond)} (bursts of ${limit.burst}); try again in ${seconds} s`;
}

export function authFailureLimitText(limit: RateLimit, seconds: number): string {
  return `too many requests with a missing or unknown token from this address: at most ${describeRate(limit.perSecond)}; try again in ${seconds} s`;
}

/** Also the websocket close reason (≤ 123 bytes). */
export function syncLimitText(limit: RateLimit): string {
  return `too many sync requests: at most ${limit.burst} at once, then ${describeRate(limit.perSecond)}`;
}

/** Also the websocket close reason (≤ 123 bytes). */
export function docWriteLimitText(writes: RateLimit, bytes: RateLimit): string {
  const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
  return `too many writes: at most ${writes.perSecond} updates and ${mib(bytes.perSecond)} a second (bursts of ${writes.burst}, ${mib(bytes.burst)})`;
}
