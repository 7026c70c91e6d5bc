import { createHash } from 'node:crypto';
import type { ServerContext } from '../context';
import { INTENT_KEY_MAX_AGE_MS, MAX_INTENT_KEYS_PER_ROOM } from '../limits';
import { HttpError } from './json';

/**
 * Idempotent intents: a client sends a random `idempotencyKey` with an intent and the same key
 * when it retries (after a network error it cannot know whether the first try was applied). The
 * first applied answer is stored in the same transaction as the intent's doc updates, so
 * a retry, even after kill -9, is answered from it instead of being applied a second time.
 * Keys are per room and token; a room keeps its newest MAX_INTENT_KEYS_PER_ROOM for
 * INTENT_KEY_MAX_AGE_MS.
 */
export interface IntentKey {
  readonly roomId: string;
  readonly tokenHash: string;
  readonly key: string;
  readonly intentHash: string;
}

export function intentKeyOf(
  roomId: string,
  tokenHash: string,
  key: string | undefined,
  intent: unknown,
): IntentKey | undefined {
  if (key === undefined) return undefined;
  const intentHash = createHash('sha256').update(JSON.stringify(intent)).digest('hex');
  return { roomId, tokenHash, key, intentHash };
}

/** The stored answer of an intent already applied under this key, or undefined. */
export async function replayedAnswer(ctx: ServerContext, key: IntentKey | undefined): Promise<unknown> {
  if (!key) return undefined;
  const seen = await ctx.storage.getIntentKey(key.roomId, key.tokenHash, key.key);
  if (!seen || seen.at < Date.now() - INTENT_KEY_MAX_AGE_MS) return undefined;
  if (seen.intentHash !== key.intentHash)
    throw new HttpError(
      422,
      'this idempotencyKey was already used for a different intent: send a new key with each new intent',
    );
  return JSON.parse(seen.result) as unknown;
}

/**
 * Hand the key's row to the storage in the same turn as the intent's updates: both engines commit
 * one turn's writes in one transaction, so it is stored exactly when the intent's writes are.
 */
export function rememberAnswer(ctx: ServerContext, key: IntentKey | undefined, answer: unknown): void {
  if (!key) return;
  const row = { ...key, result: JSON.stringify(answer), at: Date.now() };
  void ctx.rooms.commits
    .addWrite((batch) => batch.putIntentKey(row, MAX_INTENT_KEYS_PER_ROOM, INTENT_KEY_MAX_AGE_MS))
    .catch(() => undefined); // the intent's answer waits for `stored()`, which reports a failure
}
