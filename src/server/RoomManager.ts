import * as Y from 'yjs';
import { CommitQueue } from './CommitQueue';
import type { Storage, WriteBatch } from './storage/Storage';
import { channelDocName, docNameOf } from './permissions';
import { channelOfToken, MAX_LOADED_CHANNELS, Room } from './Room';
import type { StoredRoom } from './Room';

export { MAX_LOADED_CHANNELS, Room } from './Room';

/**
 * A stored room this server will not open; the message says why and what to do. `brief` is the
 * same in at most 120 bytes, for a websocket close reason.
 */
export class RoomRefusedError extends Error {
  constructor(
    message: string,
    readonly brief: string,
  ) {
    super(message);
  }
}

/**
 * The room is served by another server process of the cluster (docs/scaling.md): the client
 * reconnects (CLOSE_ROOM_MOVED) or retries (HTTP 503), and reaches the owner.
 */
export class RoomElsewhereError extends Error {
  constructor(readonly roomId: string) {
    super(`room ${roomId} is served by another server process right now; try again in a moment`);
  }
}

/** Who may serve a room (cluster/clusterOwnership.ts); absent: this process alone serves every room. */
export interface RoomClaims {
  /** True when this process owns the room now (already or newly); false: another does. */
  claim(roomId: string): Promise<boolean>;
  /** Whether this process still owns it (false once its database connection is lost). */
  holds(roomId: string): boolean;
  /** Let another process take it: called once the room's writes have committed. */
  release(roomId: string): Promise<void>;
}

/** Close reasons (≤ 123 bytes) of the two ways a stored room fails to open. */
const UNREADABLE_BRIEF = 'this room cannot be opened: its stored data could not be read (see the server log)';
const REFUSED_BRIEF = 'this room cannot be opened by this server (see the server log)';

/** Unload a room this long (ms) after its last listener left and no intent arrived. */
export const IDLE_UNLOAD_MS = 60_000;

/**
 * Loads rooms from storage on first use (everything read before the room exists, so a room is
 * complete before its first sync), keeps them while used and unloads idle ones after compacting
 * their logs. In a cluster a room is loaded only once this process owns it (`claims`).
 */
export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  /** Rooms being read, so two requests for one room load it once. */
  private readonly loading = new Map<string, Promise<Room | undefined>>();
  private readonly timer: NodeJS.Timeout;
  /** Shared by every loaded doc: persist before broadcast. */
  readonly commits: CommitQueue;

  /** Rooms that failed `prepare` (e.g. written by a newer build): refused until restart. */
  private readonly refused = new Map<string, RoomRefusedError>();

  /**
   * `prepare` runs on a room's docs right after they are read from storage and before anyone can
   * see them (the server passes the table's migrations); throwing refuses the room.
   */
  constructor(
    private readonly storage: Storage,
    private readonly idleMs = IDLE_UNLOAD_MS,
    private readonly prepare: (room: Room) => void = () => {},
    private readonly claims?: RoomClaims,
    /** Told when this process starts and stops serving a room (`npm run load:cluster` checks no two overlap). */
    private readonly onServing: (roomId: string, serving: boolean) => void = () => {},
  ) {
    this.commits = new CommitQueue(storage);
    this.timer = setInterval(() => this.unloadIdle(), Math.max(1_000, Math.min(idleMs, 10_000)));
    this.timer.unref();
  }

  /**
   * The loaded room, loading it from storage; undefined when no such room exists. Throws a
   * `RoomRefusedError` (already logged) when the stored room cannot be opened by this build, a
   * `RoomElsewhereError` when another process of the cluster owns it.
   */
  load(roomId: string): Promise<Room | undefined> {
    const loaded = this.rooms.get(roomId);
    if (loaded) {
      loaded.lastActive = Date.now();
      return Promise.resolve(loaded);
    }
    const refused = this.refused.get(roomId);
    if (refused) return Promise.reject(refused);
    let pending = this.loading.get(roomId);
    if (!pending) {
      pending = this.open(roomId).finally(() => this.loading.delete(roomId));
      this.loading.set(roomId, pending);
    }
    return pending;
  }

  private async open(roomId: string): Promise<Room | undefined> {
    // An unloaded room's last writes may still be on their way: reads see only what committed.
    await this.commits.stored().catch(() => undefined);
    if (!(await this.storage.getRoom(roomId))) return undefined;
    if (this.claims && !(await this.claims.claim(roomId))) throw new RoomElsewhereError(roomId);
    let stored: StoredRoom | undefined;
    let room: Room | undefined;
    try {
      stored = await this.read(roomId);
      if (this.claims && !this.claims.holds(roomId)) throw new RoomElsewhereError(roomId); // lost meanwhile
      // The whole load is guarded: applying the stored updates, then migrating.
      room = new Room(
        roomId,
        this.storage,
        this.commits,
        (failed, error) => this.fail(failed, error),
        stored,
      );
      this.prepare(room);
    } catch (error) {
      if (error instanceof RoomElsewhereError) throw error;
      if (!stored) {
        // The read failed (e.g. the database is away): nothing is refused, and nothing held.
        void this.claims?.release(roomId).catch(() => undefined);
        throw error;
      }
      // Nothing was attached or broadcast; drop the docs without compacting (the rows stay as stored).
      room?.docs.forEach((shared) => shared.destroy());
      void this.claims?.release(roomId).catch(() => undefined);
      throw this.refuse(roomId, error, room !== undefined);
    }
    this.rooms.set(roomId, room);
    this.onServing(roomId, true);
    return room;
  }

  /** Everything a room is built from, read before anything is built. */
  private async read(roomId: string): Promise<StoredRoom> {
    const invites = (await this.storage.roomTokens(roomId)).filter((row) => row.role === 'player');
    const channels = invites.slice(0, MAX_LOADED_CHANNELS).map(channelOfToken);
    const [publicLog, secretsLog, ...channelLogs] = await Promise.all(
      [
        docNameOf(roomId, 'public'),
        docNameOf(roomId, 'secrets'),
        ...channels.map((c) => channelDocName(roomId, c)),
      ].map((name) => this.storage.readUpdates(name)),
    );
    return {
      public: publicLog!.updates,
      secrets: secretsLog!.updates,
      channels: new Map(channels.map((channel, i) => [channel, channelLogs[i]!.updates])),
      invites,
    };
  }

  private refuse(roomId: string, error: unknown, prepared: boolean): RoomRefusedError {
    const cause = error instanceof Error ? error.message : String(error);
    const refusal = prepared
      ? new RoomRefusedError(cause, REFUSED_BRIEF)
      : new RoomRefusedError(
          `room ${roomId} cannot be opened: its stored data could not be read (${cause}); ` +
            'other rooms are not affected',
          UNREADABLE_BRIEF,
        );
    this.refused.set(roomId, refusal);
    console.error(`room ${roomId} refused: ${refusal.message}`);
    return refusal;
  }

  /** The room if it is loaded now (never loads it). */
  loaded(roomId: string): Room | undefined {
    return this.rooms.get(roomId);
  }

  /**
   * Create a room whose docs start from the given initial updates, stored in one commit with
   * `extra` (e.g. the GM token), so a crash leaves either the whole room or nothing.
   */
  create(
    roomId: string,
    initial: InitialUpdates,
    settings: unknown,
    extra: (batch: WriteBatch) => void,
  ): Promise<void> {
    return this.storage.write((batch) => {
      batch.createRoom(roomId, settings);
      batch.appendUpdate(docNameOf(roomId, 'public'), initial.public);
      batch.appendUpdate(docNameOf(roomId, 'secrets'), initial.secrets);
      extra(batch);
    });
  }

  get loadedCount(): number {
    return this.rooms.size;
  }

  unloadIdle(now = Date.now()): void {
    for (const room of this.rooms.values()) {
      if (room.listenerCount !== 0 || now - room.lastActive < this.idleMs) continue;
      // Runs on a timer: a room that fails to compact (e.g. a full disk) must not end the process.
      this.unload(room).catch((error: unknown) =>
        console.error(`room ${room.id}: could not compact it while unloading:`, error),
      );
    }
  }

  /**
   * Another process of the cluster is asked for this room (cluster/clusterOwnership.ts): its
   * sockets are closed with `code` (the clients reconnect and reach the other process), and the
   * room is unloaded and released once its writes have committed.
   */
  async handOver(roomId: string, code: number, reason: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (room) {
      room.closeSockets(code, reason);
      return this.unload(room);
    }
    // Held but not served (its load failed, or it failed since): let it go. One being loaded is
    // asked for again by the next request that reaches the other process.
    if (!this.loading.has(roomId) && this.claims?.holds(roomId)) await this.claims.release(roomId);
  }

  /**
   * The database connection that held this process's rooms is gone: none of them may be served
   * or written here any more. Their sockets close with `code`; their clients reconnect.
   */
  dropAll(code: number, reason: string): void {
    const rooms = [...this.rooms.values()];
    this.rooms.clear();
    for (const room of rooms) {
      this.onServing(room.id, false);
      room.closeSockets(code, reason);
      room.docs.forEach((shared) => shared.destroy());
    }
  }

  /** `now`: compact each doc from its live state (shutdown); else the storage does it from its rows. */
  private async unload(room: Room, now = false): Promise<void> {
    if (this.rooms.get(room.id) === room) {
      this.rooms.delete(room.id);
      this.onServing(room.id, false);
    }
    const docs = room.docs;
    try {
      if (now) await Promise.all(docs.map((shared) => shared.compact()));
      else docs.forEach((shared) => shared.compactInBackground());
    } finally {
      docs.forEach((shared) => shared.destroy());
      if (this.claims) {
        // Released in a later commit than the room's writes: the next owner reads them all.
        await this.commits.stored().catch(() => undefined);
        if (!this.rooms.has(room.id) && !this.loading.has(room.id)) await this.claims.release(room.id);
      }
    }
  }

  /**
   * Forget a revoked invite's channel doc: unloaded if its room is loaded, its stored rows
   * deleted either way (src/server/invites.ts).
   */
  forgetChannel(roomId: string, channel: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (room) return room.forgetChannel(channel);
    return this.storage.forgetDoc(channelDocName(roomId, channel));
  }

  /** A write failed: drop the room from memory (clients reconnect and get the stored state). */
  private fail(room: Room, error: unknown): void {
    if (this.rooms.get(room.id) !== room) return;
    console.error(`room ${room.id}: could not store an update, unloading it:`, error);
    this.rooms.delete(room.id);
    this.onServing(room.id, false);
    const docs = room.docs;
    room.closeSockets(1011, 'storage failure');
    queueMicrotask(() => docs.forEach((shared) => shared.destroy()));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.commits.stored().catch(() => undefined);
    await Promise.all([...this.rooms.values()].map((room) => this.unload(room, true)));
  }
}

/** A new room's first content: one Yjs update per doc. */
export interface InitialUpdates {
  readonly public: Uint8Array;
  readonly secrets: Uint8Array;
}

/** Encode a fresh pair of docs after `fill` wrote into them (used when seeding or importing). */
export function initialUpdates(fill: (publicDoc: Y.Doc, secretsDoc: Y.Doc) => void): InitialUpdates {
  const publicDoc = new Y.Doc();
  const secretsDoc = new Y.Doc();
  try {
    fill(publicDoc, secretsDoc);
    const initial = { public: Y.encodeStateAsUpdate(publicDoc), secrets: Y.encodeStateAsUpdate(secretsDoc) };
    // Store nothing this build cannot load back: lib0 writes values it cannot read (see
    // src/schema/json.ts), and a stored room that cannot be read can only be refused.
    for (const update of [initial.public, initial.secrets]) {
      const check = new Y.Doc();
      try {
        Y.applyUpdate(check, update);
      } catch (error) {
        throw new Error(
          `this room's content could not be read back (${(error as Error).message}); nothing was stored`,
          { cause: error },
        );
      } finally {
        check.destroy();
      }
    }
    return initial;
  } finally {
    publicDoc.destroy();
    secretsDoc.destroy();
  }
}
