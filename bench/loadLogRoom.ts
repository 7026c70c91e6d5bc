import { connect } from './loadTraffic';
import { thueMorse } from './loadInterleaved';
import { benchIntent, sendIntent } from './loadIntents';
import type { OurRoom } from './loadRooms';

/**
 * The log-length scenario of `npm run load`: the same intents in a room whose log holds
 * `lines` lines and in a fresh room, interleaved one by one so machine noise hits both alike
 * (taking turns at going first), `PAIRS_PER_SECOND` pairs a second spread over each room's Ivo
 * links (the server allows a link 10 intents a second).
 * The long log is written the way a GM client writes (Yjs updates over the websocket), 1,000
 * lines per transaction, half of it GM-only in the secrets doc. Each line is its own Yjs item, as
 * in a real campaign where every intent writes its line between other writes (a plain push of
 * 1,000 lines would be ONE item and hide costs that grow with the item count).
 */

export const PAIRS_PER_SECOND = 25;

export interface LogCostResult {
  readonly emptyMs: number[];
  readonly longMs: number[];
  readonly errors: number;
  readonly errorSamples: string[];
}

function logLines(from: number, count: number, gmOnly: boolean): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-${from + i}`,
    at: Date.now(),
    kind: 'note',
    actor: 'gm',
    summary: `Old line ${from + i} of a long campaign`,
    details: [],
    dice: [],
    gmOnly,
  }));
}

/** Fill `room`'s log with `lines` lines (through the GM's sockets) and wait until stored. */
async function fillLog(wsUrl: string, room: OurRoom, lines: number): Promise<void> {
  const pub = connect(wsUrl, room.docName, room.writerToken);
  const sec = connect(wsUrl, `${room.docName}~secrets`, room.writerToken);
  const watcher = connect(wsUrl, room.docName, room.readerTokens.at(-1)!);
  await Promise.all([pub.synced, sec.synced, watcher.synced]);
  for (let from = 0; from < lines; from += 1000) {
    const secret = (from / 1000) % 2 === 1;
    const doc = secret ? sec.doc : pub.doc;
    doc.transact(() => {
      for (const line of logLines(from, Math.min(1000, lines - from), secret)) {
        // A write to another root between lines keeps each line its own item (see above).
        if (secret) doc.getMap('notes').set('room', 'A long campaign');
        else doc.getMap('meta').set('name', 'A long campaign');
        doc.getArray('log').push([line]);
      }
    });
    await new Promise((r) => setTimeout(r, 5));
  }
  const publicLines = Math.ceil(lines / 2000) * 1000;
  const deadline = Date.now() + 60_000;
  while (watcher.doc.getArray('log').length < publicLines) {
    if (Date.now() > deadline) throw new Error('the long log did not reach the other clients within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const client of [pub, sec, watcher]) {
    client.provider.destroy();
    client.doc.destroy();
  }
}

export async function measureLogCost(
  origin: string,
  empty: OurRoom,
  long: OurRoom,
  options: { lines: number; intents: number },
  /** Runs after the long log is stored, before the first measured intent. */
  onFilled: () => Promise<unknown> = async () => {},
): Promise<LogCostResult> {
  await fillLog(origin.replace('http', 'ws') + '/ws', long, options.lines);
  await onFilled();
  const { aMs, bMs, errors, errorSamples } = await measurePairs(origin, empty, long, options.intents);
  return { emptyMs: aMs, longMs: bMs, errors, errorSamples };
}

/**
 * The same intents in rooms `a` and `b`, interleaved one by one so machine noise hits both alike
 * (taking turns at going first), `PAIRS_PER_SECOND` pairs a second spread over each room's Ivo
 * links; 20 unmeasured rounds first (JIT, caches), then `intents` measured per room.
 */
export async function measurePairs(
  origin: string,
  a: OurRoom,
  b: OurRoom,
  intents: number,
): Promise<{ aMs: number[]; bMs: number[]; errors: number; errorSamples: string[] }> {
  const aMs: number[] = [];
  const bMs: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  for (let n = -20; n < intents; n += 1) {
    const pairStart = performance.now();
    const pair = [
      [a, aMs],
      [b, bMs],
    ] as const;
    // Which room goes first takes turns (Thue–Morse): the first intent after the pause between
    // pairs meets a server that has gone idle, the second one a warm one. With the fresh room
    // always first (until session 23) its median was 2.5–3.1 ms against the long room's 1.4–1.9.
    for (const [room, into] of thueMorse(n + 20) ? [pair[1], pair[0]] : pair) {
      const start = performance.now();
      const token = room.actorTokens[(n + 20) % room.actorTokens.length];
      const error = await sendIntent(origin, room, benchIntent(n + 20), token);
      if (n < 0) continue;
      if (error) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(error);
      } else into.push(performance.now() - start);
    }
    await new Promise((r) =>
      setTimeout(r, Math.max(0, pairStart + 1000 / PAIRS_PER_SECOND - performance.now())),
    );
  }
  return { aMs, bMs, errors, errorSamples };
}
