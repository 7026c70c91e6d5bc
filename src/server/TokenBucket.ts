/** The one answer for a request within its budget (shared: the hot path allocates nothing). */
const TAKEN = Object.freeze({ ok: true as const });

/** How many keys a bucket set keeps before dropping the full ones (then the oldest: memory stays bounded). */
const MAX_KEYS = 10_000;

/**
 * Per-key token buckets: each key may spend up to `capacity` at once, and gets `capacity` back per
 * `periodMs`, continuously. Keys are client addresses (room creation, failed logins), tokens
 * (intents) or token + doc (sync requests); see src/server/limits.ts. `now` is injected so tests
 * can move time.
 */
export class TokenBucket {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity: number,
    readonly periodMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(capacity >= 1) || !(periodMs > 0)) throw new Error('TokenBucket: capacity ≥ 1 and periodMs > 0');
  }

  /**
   * Spend `cost` tokens of `key` (1 = one request; byte budgets pass a size): ok, or how long (ms)
   * until they are back. A cost above the capacity can never be paid.
   */
  take(key: string, cost = 1): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const bucket = this.level(key, now);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      if (!this.buckets.has(key)) {
        this.buckets.set(key, bucket);
        if (this.buckets.size > MAX_KEYS) this.dropFull(now);
      }
      return TAKEN;
    }
    // The small epsilon keeps float noise (0.0000001 ms) from adding a whole millisecond.
    const waitMs = ((Math.min(cost, this.capacity) - bucket.tokens) * this.periodMs) / this.capacity;
    return { ok: false, retryAfterMs: Math.max(1, Math.ceil(waitMs - 1e-6)) };
  }

  /**
   * The bucket of `key` refilled up to `now`, updated in place (this runs for every frame a GM
   * socket sends: no allocation); a new key gets a full bucket that is not stored yet.
   */
  private level(key: string, now: number): { tokens: number; at: number } {
    const stored = this.buckets.get(key);
    if (!stored) return { tokens: this.capacity, at: now };
    stored.tokens = Math.min(
      this.capacity,
      stored.tokens + ((now - stored.at) * this.capacity) / this.periodMs,
    );
    stored.at = now;
    return stored;
  }

  /** A full bucket is the same as no bucket: forget those to bound memory. */
  private dropFull(now: number): void {
    for (const key of this.buckets.keys()) {
      if (this.level(key, now).tokens >= this.capacity) this.buckets.delete(key);
    }
    // Still too many (a flood from many keys): forget the least recently started ones.
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_KEYS) break;
      this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
