import { BENCH_TOKEN, benchMove, connect } from './loadTraffic';
import type { Client, Move } from './loadTraffic';
import type { OurRoom } from './loadRooms';

/**
 * The GM traffic of `npm run load:cluster`: per room one GM client moving the bench token `rate`
 * times a second and the room's other clients receiving it, as in `npm run load`
 * (bench/loadTraffic.ts: a move's latency ends when the LAST receiver has applied it), with what
 * the failover needs on top:
 *
 * - **Acknowledged moves.** A move counts as acknowledged once any receiver of its room got it
 *   (the server broadcasts only after the commit). Seqs are per room and only grow.
 * - **No resend from the GM's copy.** A y-websocket client that reconnects sends the server what
 *   it lacks from the client's doc, which would refill a lost write. So the GM client is never
 *   reconnected: when its socket closes it is dropped and a fresh one (an empty doc) connects and
 *   syncs from the room's new owner. What it syncs is what that owner read from PostgreSQL: the
 *   bench token's seq there must be at least every acknowledged seq of the room, since one GM
 *   writes the key in order and a later write cannot be applied without the earlier ones
 *   (`checks`). The receivers reconnect by themselves; a receiver's copy cannot refill anything
 *   either (players never write: the server refuses it).
 * - **Sync times**: every 'sync' of a room's clients (a reconnect's end), for the failover times.
 */

export interface OwnerCheck {
  readonly roomId: string;
  /** performance.now() of the old GM client's close and of the fresh one's sync. */
  readonly closedAt: number;
  readonly at: number;
  /** The bench token's seq the owner had. */
  readonly storedSeq: number;
  /** Acknowledged seqs of the room that it lacked. */
  readonly missing: number;
}

interface RoomState {
  readonly room: OurRoom;
  writer: Client;
  writerSynced: boolean;
  readonly readers: Client[];
  /** seq → send time and receivers yet to apply it. */
  readonly pending: Map<number, { sentAt: number; remaining: number }>;
  readonly acked: Set<number>;
  nextSeq: number;
  /** Moves not sent because the GM client was between owners. */
  skipped: number;
  timer: NodeJS.Timeout | undefined;
  readonly syncs: number[];
}

/** The bench token's seq in a doc (0: no move yet). */
export function storedSeq(client: Client): number {
  return client.doc.getMap<Move>('tokens').get(BENCH_TOKEN)?.seq ?? 0;
}

export class ClusterTraffic {
  private readonly rooms: RoomState[];
  /** Latencies go here while set (a measured window); moves outside it are not timed. */
  private bucket: number[] | undefined;
  private running = false;
  private closed = false;
  readonly checks: OwnerCheck[] = [];
  /** Writers replaced (their socket closed: a kill or a handover). */
  replaced = 0;

  constructor(
    private readonly wsUrl: string,
    rooms: readonly OurRoom[],
    private readonly rate: number,
  ) {
    this.rooms = rooms.map((room) => {
      const state: RoomState = {
        room,
        writer: undefined as unknown as Client,
        writerSynced: false,
        readers: room.readerTokens.map((token) => connect(wsUrl, room.docName, token)),
        pending: new Map(),
        acked: new Set(),
        nextSeq: 1,
        skipped: 0,
        timer: undefined,
        syncs: [],
      };
      for (const reader of state.readers) this.follow(state, reader);
      this.newWriter(state, undefined);
      return state;
    });
  }

  /** Every client connected and synced. */
  async ready(): Promise<void> {
    await Promise.all(this.rooms.flatMap((r) => [r.writer, ...r.readers].map((c) => c.synced)));
  }

  private follow(state: RoomState, reader: Client): void {
    reader.provider.on('sync', (synced: boolean) => synced && state.syncs.push(performance.now()));
    const tokens = reader.doc.getMap<Move>('tokens');
    tokens.observe((event) => {
      if (!event.keysChanged.has(BENCH_TOKEN)) return;
      const seq = tokens.get(BENCH_TOKEN)?.seq;
      if (seq === undefined) return;
      state.acked.add(seq);
      const waiting = state.pending.get(seq);
      if (!waiting) return;
      waiting.remaining -= 1;
      if (waiting.remaining > 0) return;
      state.pending.delete(seq);
      this.bucket?.push(performance.now() - waiting.sentAt);
    });
  }

  /** A fresh GM client; `check`: compare what it syncs with the room's acknowledged moves. */
  private newWriter(state: RoomState, closedAt: number | undefined): void {
    const writer = connect(this.wsUrl, state.room.docName, state.room.writerToken);
    state.writer = writer;
    state.writerSynced = false;
    void writer.synced.then(() => {
      if (this.closed || state.writer !== writer) return;
      const at = performance.now();
      state.syncs.push(at);
      if (closedAt !== undefined) {
        const seq = storedSeq(writer);
        let missing = 0;
        for (const acked of state.acked) if (acked > seq) missing += 1;
        this.checks.push({ roomId: state.room.docName, closedAt, at, storedSeq: seq, missing });
        // Moves never acknowledged and not stored are gone with the old owner: never timed.
        for (const s of state.pending.keys()) if (s > seq) state.pending.delete(s);
      }
      state.nextSeq = Math.max(state.nextSeq, storedSeq(writer) + 1);
      state.writerSynced = true;
    });
    writer.provider.on('status', ({ status }: { status: string }) => {
      if (status !== 'disconnected' || this.closed || state.writer !== writer) return;
      if (!state.writerSynced) return; // never synced, never wrote: it reconnects by itself
      this.replaced += 1;
      writer.provider.destroy();
      writer.doc.destroy();
      this.newWriter(state, performance.now());
    });
  }

  /** GM moves in every room from now on (rooms staggered across the interval). */
  start(): void {
    this.running = true;
    const intervalMs = 1000 / this.rate;
    this.rooms.forEach((state, index) => {
      const tick = (): void => {
        if (!this.running) return;
        const now = performance.now();
        if (state.writerSynced) {
          const seq = state.nextSeq++;
          state.pending.set(seq, { sentAt: now, remaining: state.readers.length });
          state.writer.doc.getMap<Move>('tokens').set(BENCH_TOKEN, benchMove(seq, now));
        } else state.skipped += 1;
        state.timer = setTimeout(tick, Math.max(0, now + intervalMs - performance.now()));
      };
      state.timer = setTimeout(tick, (index * intervalMs) / this.rooms.length);
    });
  }

  /** Time moves into `bucket` from now on (undefined: stop timing). */
  measure(bucket: number[] | undefined): void {
    this.bucket = bucket;
  }

  /** No more moves; the pending ones get `settleMs` to arrive. Returns moves never delivered. */
  async stop(settleMs = 1500): Promise<number> {
    this.running = false;
    for (const state of this.rooms) clearTimeout(state.timer);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    let undelivered = 0;
    for (const state of this.rooms) {
      undelivered += state.pending.size;
      state.pending.clear();
    }
    return undelivered;
  }

  /** Moves sent before `before` (performance.now()) that have not reached every receiver yet. */
  pendingCount(before: number): number {
    let count = 0;
    for (const state of this.rooms)
      for (const move of state.pending.values()) if (move.sentAt < before) count += 1;
    return count;
  }

  get skipped(): number {
    return this.rooms.reduce((sum, r) => sum + r.skipped, 0);
  }

  /** The first sync of any of the room's clients after `after` (performance.now()). */
  firstSyncAfter(roomId: string, after: number): number | undefined {
    return this.rooms.find((r) => r.room.docName === roomId)?.syncs.find((at) => at >= after);
  }

  /** Whether every client of the room is connected and synced now. */
  allSynced(roomId: string): boolean {
    const state = this.rooms.find((r) => r.room.docName === roomId);
    return !!state && state.writerSynced && state.readers.every((c) => c.provider.synced);
  }

  /** The acknowledged seqs per room (what a final read must find). */
  ackedByRoom(): Map<string, ReadonlySet<number>> {
    return new Map(this.rooms.map((r) => [r.room.docName, r.acked]));
  }

  close(): void {
    this.closed = true;
    this.running = false;
    for (const state of this.rooms) {
      clearTimeout(state.timer);
      for (const client of [state.writer, ...state.readers]) {
        client.provider.destroy();
        client.doc.destroy();
      }
    }
  }
}

/**
 * Read every room afresh (a new client with an empty doc per room, through `wsUrl`) and count the
 * acknowledged moves its stored state lacks.
 */
export async function finalCheck(
  wsUrl: string,
  rooms: readonly OurRoom[],
  acked: ReadonlyMap<string, ReadonlySet<number>>,
  timeoutMs = 15_000,
): Promise<{
  missing: number;
  unread: number;
  perRoom: { roomId: string; storedSeq: number; missing: number }[];
}> {
  const perRoom = await Promise.all(
    rooms.map(async (room) => {
      const client = connect(wsUrl, room.docName, room.writerToken);
      const synced = await Promise.race([
        client.synced.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
      ]);
      const seq = storedSeq(client);
      client.provider.destroy();
      client.doc.destroy();
      let missing = 0;
      for (const s of acked.get(room.docName) ?? []) if (s > seq) missing += 1;
      return { roomId: room.docName, storedSeq: synced ? seq : Number.NaN, missing: synced ? missing : 0 };
    }),
  );
  return {
    missing: perRoom.reduce((sum, r) => sum + r.missing, 0),
    unread: perRoom.filter((r) => Number.isNaN(r.storedSeq)).length,
    perRoom,
  };
}
