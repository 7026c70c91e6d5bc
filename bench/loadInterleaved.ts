import { benchMove, BENCH_TOKEN, connect, watchGcPauses, whenDelivered } from './loadTraffic';
import type { Client, Move, RoomAccess, TrafficResult } from './loadTraffic';

/**
 * Phase 1 of `npm run load`: the same GM-only traffic on two servers, taking turns in short
 * blocks. Every client of both servers stays connected for the whole run, and the GM writers of
 * one server at a time move tokens: block after block, in the Thue–Morse order ABBA BAAB BAAB
 * ABBA …, which balances not only a steady drift of the machine's speed between the two but its
 * slower trends too. With blocks of about a second, whatever else the machine does (another VM
 * on the host, a kernel thread, this process's own garbage collection) falls on both servers
 * alike; slices of 7.5 s, each with its own connect and sync, let one slow stretch decide a whole
 * run's ratio (docs/server.md, session 23).
 */

export interface Side {
  readonly wsUrl: string;
  readonly rooms: readonly RoomAccess[];
}

export interface InterleavedOptions {
  /** Measured seconds per server. */
  readonly seconds: number;
  /** GM moves per second per room. */
  readonly rate: number;
  /** Unmeasured seconds at the start (both servers taking turns, as measured). */
  readonly warmupSeconds: number;
  /** Measured blocks, both servers together (even; half each). */
  readonly blocks: number;
  /** The results are also split into this many consecutive parts (per-part p99s show drift). */
  readonly parts: number;
}

export interface InterleavedResult extends TrafficResult {
  /** The latencies of each consecutive part of the run (`parts` of them), ms. */
  readonly partsMs: number[][];
}

/** The n-th term of the Thue–Morse sequence: 0 or 1 (the parity of n's set bits). */
export function thueMorse(n: number): 0 | 1 {
  let bits = 0;
  for (let m = n; m > 0; m >>>= 1) bits ^= m & 1;
  return bits as 0 | 1;
}

interface Pending {
  readonly sentAt: number;
  /** The block it was sent in (-1: warm-up, not measured). */
  readonly block: number;
  remaining: number;
}

interface RoomClients {
  readonly writer: Client;
  readonly readers: Client[];
  readonly pending: Map<number, Pending>;
}

/**
 * Runs the traffic and returns each side's figures. `onReady` runs once every client of both
 * sides has synced, before the first move (the servers' probes start there).
 */
export async function runInterleaved(
  sides: readonly [Side, Side],
  options: InterleavedOptions,
  onReady: () => Promise<unknown> = async () => {},
): Promise<[InterleavedResult, InterleavedResult]> {
  if (sides[0].rooms.length !== sides[1].rooms.length) throw new Error('both sides need as many rooms');
  if (options.blocks % 2) throw new Error('blocks must be even');
  const latencies: [number[], number[]] = [[], []];
  const partsMs = sides.map(() => Array.from({ length: options.parts }, () => [] as number[]));
  const sent: [number, number] = [0, 0];
  const all: Client[] = [];
  const clients = sides.map((side) =>
    side.rooms.map((room): RoomClients => {
      const writer = connect(side.wsUrl, room.docName, room.writerToken, room.seed);
      const readers = room.readerTokens.map((token) => connect(side.wsUrl, room.docName, token, room.seed));
      all.push(writer, ...readers);
      return { writer, readers, pending: new Map() };
    }),
  );
  await Promise.all(all.map((client) => client.synced));
  // The setup's garbage is collected now, not while moves are timed (needs --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const gcPauses = watchGcPauses();
  await onReady();

  const blockMs = (options.seconds * 2 * 1000) / options.blocks;
  const blocksPerPart = options.blocks / options.parts;
  clients.forEach((rooms, side) => {
    for (const room of rooms)
      whenDelivered(room.readers, room.pending, (pending) => {
        if (pending.block < 0) return;
        const ms = performance.now() - pending.sentAt;
        latencies[side]!.push(ms);
        partsMs[side]![Math.floor(pending.block / blocksPerPart)]!.push(ms);
      });
  });

  const start = performance.now();
  const warmupEnd = start + options.warmupSeconds * 1000;
  const end = warmupEnd + options.blocks * blockMs;
  /** The block a moment falls in: negative during the warm-up. */
  const blockAt = (now: number): number => Math.floor((now - warmupEnd) / blockMs);
  /** Whose turn a block is: the warm-up takes turns too, in the same order counted backwards. */
  const sideOf = (block: number): 0 | 1 => thueMorse(Math.abs(block));
  let seq = 0;
  const intervalMs = 1000 / options.rate;
  const rooms = sides[0].rooms.length;
  const timers: NodeJS.Timeout[] = [];
  // Room i of both servers shares one clock: its move goes to the server whose turn it is.
  for (let index = 0; index < rooms; index += 1) {
    const tick = (): void => {
      const now = performance.now();
      if (now >= end) return;
      const block = blockAt(now);
      const side = sideOf(block);
      const room = clients[side]![index]!;
      seq += 1;
      room.pending.set(seq, { sentAt: now, block, remaining: room.readers.length });
      if (block >= 0) sent[side] += 1;
      room.writer.doc.getMap<Move>('tokens').set(BENCH_TOKEN, benchMove(seq, now));
      timers[index] = setTimeout(tick, Math.max(0, now + intervalMs - performance.now()));
    };
    // Stagger rooms across the interval, as independent tables would be.
    timers[index] = setTimeout(tick, (index * intervalMs) / rooms);
  }
  await new Promise((resolve) => setTimeout(resolve, end - performance.now() + 1000));
  timers.forEach(clearTimeout);
  const pauses = gcPauses.stop(warmupEnd, end);
  for (const client of all) {
    client.provider.destroy();
    client.doc.destroy();
  }
  return [0, 1].map((side) => ({
    latenciesMs: latencies[side]!,
    partsMs: partsMs[side]!,
    sent: sent[side]!,
    incomplete: clients[side]!.reduce(
      (count, room) => count + [...room.pending.values()].filter((p) => p.block >= 0).length,
      0,
    ),
    generatorPausesMs: pauses
      .filter((pause) => sideOf(blockAt(pause.start)) === side)
      .map((pause) => pause.ms),
  })) as [InterleavedResult, InterleavedResult];
}
