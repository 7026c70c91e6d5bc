import { ACTOR_ID, TARGET_ID } from './loadRooms';
import type { OurRoom } from './loadRooms';

/**
 * Player intents for `npm run load`: per room, the acting player POSTs intents over HTTP
 * (keep-alive) `rate` times a second: move Ivo (1,5)→(1,6), attack the Crown Archer (rolled by
 * the server), move back, attack again. Latency is the HTTP round trip: the server resolves,
 * commits, broadcasts and only then answers, so it covers the whole intent path.
 */

export interface IntentResult {
  readonly latenciesMs: number[];
  readonly sent: number;
  /** Non-200 answers, refusals and network errors, with the first few reasons. */
  readonly errors: number;
  readonly errorSamples: string[];
}

/** The n-th intent of the cycle move, attack, move back, attack. */
export function benchIntent(n: number): unknown {
  switch (n % 4) {
    case 0:
      return { kind: 'move', tokenId: ACTOR_ID, path: [{ x: 1, y: 6 }] };
    case 2:
      return { kind: 'move', tokenId: ACTOR_ID, path: [{ x: 1, y: 5 }] };
    default:
      return { kind: 'attack', attackerId: ACTOR_ID, targetId: TARGET_ID, abilityId: 'basic-ranged' };
  }
}

/** Sends one intent; the error reason, or null when the server applied it. */
export async function sendIntent(
  origin: string,
  room: OurRoom,
  intent: unknown,
  token = room.playerToken,
): Promise<string | null> {
  try {
    const response = await fetch(`${origin}/api/rooms/${room.docName}/intents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(intent),
    });
    const body = (await response.json()) as { ok?: boolean; reason?: string };
    if (response.status !== 200 || body.ok !== true)
      return `${response.status} ${body.reason ?? JSON.stringify(body).slice(0, 120)}`;
    return null;
  } catch (error) {
    return `network: ${(error as Error).message}`;
  }
}

export async function runIntents(
  origin: string,
  rooms: readonly OurRoom[],
  options: { seconds: number; rate: number; warmupSeconds: number },
): Promise<IntentResult> {
  const latenciesMs: number[] = [];
  const errorSamples: string[] = [];
  let sent = 0;
  let errors = 0;
  const start = performance.now();
  const warmupEnd = start + options.warmupSeconds * 1000;
  const end = warmupEnd + options.seconds * 1000;
  const intervalMs = 1000 / options.rate;
  const perRoom = rooms.map(async (room, index) => {
    // Stagger rooms across the interval; one intent in flight per player, as a UI sends them.
    await new Promise((r) => setTimeout(r, (index * intervalMs) / rooms.length));
    for (let n = 0; performance.now() < end; n += 1) {
      const sentAt = performance.now();
      const measuring = sentAt >= warmupEnd;
      const error = await sendIntent(origin, room, benchIntent(n));
      if (measuring) {
        sent += 1;
        if (error) {
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(error);
        } else latenciesMs.push(performance.now() - sentAt);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, sentAt + intervalMs - performance.now())));
    }
  });
  await Promise.all(perRoom);
  return { latenciesMs, sent, errors, errorSamples };
}
