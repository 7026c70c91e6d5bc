import { PerformanceObserver } from 'node:perf_hooks';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';

/**
 * The traffic of `npm run load`: per room one GM client moving a token `rate` times a second and
 * `clients - 1` other clients receiving it. A move's latency is the time from the GM's write to
 * the moment the LAST receiver in the room has applied it (all clients live in this process, so
 * one clock measures both ends).
 */

export interface RoomAccess {
  readonly docName: string;
  readonly writerToken: string;
  readonly readerTokens: readonly string[];
  /**
   * The doc's content to start from (the stock server, which has no storage): every client
   * applies it before connecting, so the stock server and its clients hold the same room as ours.
   */
  readonly seed?: Uint8Array | undefined;
}

export interface TrafficResult {
  readonly latenciesMs: number[];
  readonly sent: number;
  readonly incomplete: number;
  /** This process's own GC pauses during the measured window (ms): the load generator's noise. */
  readonly generatorPausesMs: number[];
}

/** One GC pause of this process: when it started (performance.now()) and how long it took. */
export interface GcPause {
  readonly start: number;
  readonly ms: number;
}

/**
 * The load generator's GC pauses: every client lives in this process, and with Node's default
 * young generation it paused 4–8 ms twice a second, pauses that landed in a third of the slowest
 * 2 % of moves, on both servers alike (docs/server.md, session 22). `npm run load` therefore runs
 * with a larger young generation and collects once its clients have synced (`--expose-gc`); what
 * is left is reported. Watches from the call until `stop()`.
 */
export function watchGcPauses(): { stop(from: number, to: number): GcPause[] } {
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, ms: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** Stop watching: the pauses that started inside [from, to). */
    stop(from, to) {
      observer.disconnect();
      return pauses.filter((pause) => pause.start >= from && pause.start < to);
    },
  };
}

/**
 * A move is a real token write (src/schema/token.ts: our server checks every GM write), with the
 * bench's own seq and send time riding along as extra fields.
 */
export interface Move {
  readonly seq: number;
  readonly sentAt: number;
}

export const BENCH_TOKEN = 'bench-token';

export function benchMove(seq: number, sentAt: number) {
  const cell = { x: seq % 8, y: Math.floor(seq / 8) % 6 };
  return {
    id: BENCH_TOKEN,
    name: 'Bench',
    cell,
    size: 1,
    side: 'party',
    ownerIds: [],
    combatant: false,
    seq,
    sentAt,
  };
}

interface Pending {
  readonly sentAt: number;
  remaining: number;
}

export interface Client {
  readonly doc: Y.Doc;
  readonly provider: WebsocketProvider;
  readonly synced: Promise<void>;
}

export function connect(wsUrl: string, docName: string, token: string, seed?: Uint8Array): Client {
  const doc = new Y.Doc();
  if (seed) Y.applyUpdate(doc, seed);
  const provider = new WebsocketProvider(wsUrl, docName, doc, {
    params: { token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
  });
  const synced = new Promise<void>((resolve) =>
    provider.on('sync', (isSynced: boolean) => isSynced && resolve()),
  );
  return { doc, provider, synced };
}

/**
 * Calls `delivered` once every one of a room's `readers` has applied a move that `pending` (by the
 * move's seq) waits for, and forgets it: the moment a move's latency ends.
 */
export function whenDelivered<P extends { remaining: number }>(
  readers: readonly Client[],
  pending: Map<number, P>,
  delivered: (move: P) => void,
): void {
  for (const reader of readers) {
    const tokens = reader.doc.getMap<Move>('tokens');
    tokens.observe((event) => {
      if (!event.keysChanged.has(BENCH_TOKEN)) return;
      const move = tokens.get(BENCH_TOKEN);
      const waiting = move && pending.get(move.seq);
      if (!move || !waiting) return;
      waiting.remaining -= 1;
      if (waiting.remaining > 0) return;
      pending.delete(move.seq);
      delivered(waiting);
    });
  }
}

export async function runTraffic(
  wsUrl: string,
  rooms: readonly RoomAccess[],
  options: {
    seconds: number;
    rate: number;
    warmupSeconds: number;
    /** Collect this process's garbage once every client is synced (only when nothing else is timed). */
    collectFirst?: boolean;
  },
  /** Runs once every client is connected and synced, before the first move. */
  onReady: () => Promise<unknown> = async () => {},
): Promise<TrafficResult> {
  const latenciesMs: number[] = [];
  let sent = 0;
  let incomplete = 0;
  const all: Client[] = [];
  const perRoom = rooms.map((room) => {
    const writer = connect(wsUrl, room.docName, room.writerToken, room.seed);
    const readers = room.readerTokens.map((token) => connect(wsUrl, room.docName, token, room.seed));
    all.push(writer, ...readers);
    return {
      writer,
      readers,
      pending: new Map<number, Pending>(),
      timer: undefined as NodeJS.Timeout | undefined,
    };
  });
  await Promise.all(all.map((client) => client.synced));
  // The setup's garbage (every client's doc, the previous slice's) is collected now, not while
  // moves are timed. Not when other traffic is timed meanwhile (phase 2's intents), nor without
  // --expose-gc (a plain `tsx bench/load.ts`).
  if (options.collectFirst) (globalThis as { gc?: () => void }).gc?.();
  const gcPauses = watchGcPauses();
  await onReady();

  let measuring = false;
  for (const room of perRoom)
    whenDelivered(room.readers, room.pending, (pending) => {
      if (measuring) latenciesMs.push(performance.now() - pending.sentAt);
    });

  const start = performance.now();
  const warmupEnd = start + options.warmupSeconds * 1000;
  const end = warmupEnd + options.seconds * 1000;
  let seq = 0;
  const intervalMs = 1000 / options.rate;
  // Stagger rooms across the interval, as independent tables would be.
  const timers = perRoom.map((room, index) =>
    setTimeout(
      () => {
        const tick = (): void => {
          const now = performance.now();
          if (now >= end) return;
          measuring = now >= warmupEnd;
          seq += 1;
          room.pending.set(seq, { sentAt: now, remaining: room.readers.length });
          if (measuring) sent += 1;
          room.writer.doc.getMap<Move>('tokens').set(BENCH_TOKEN, benchMove(seq, now));
          room.timer = setTimeout(tick, Math.max(0, now + intervalMs - performance.now()));
        };
        tick();
      },
      (index * intervalMs) / perRoom.length,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, end - performance.now() + 1000));
  timers.forEach(clearTimeout);
  for (const room of perRoom) {
    clearTimeout(room.timer);
    incomplete += room.pending.size;
  }
  for (const client of all) {
    client.provider.destroy();
    client.doc.destroy();
  }
  return {
    latenciesMs,
    sent,
    incomplete,
    generatorPausesMs: gcPauses.stop(warmupEnd, end).map((pause) => pause.ms),
  };
}
