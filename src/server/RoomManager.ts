import * as Y from 'yjs';
import { CommitQueue } from './CommitQueue';
import type { Store } from './store';
import { SharedDoc } from './SharedDoc';
import { channelDocName, docNameOf } from './permissions';

/**
 * Player channel docs one room keeps loaded at most (docs/table.md "Channels"); past it the least
 * recently used one nobody is connected to is unloaded (its rows stay stored).
 */
export const MAX_LOADED_CHANNELS = 64;

/**
 * A loaded room: its public doc (everyone), secrets doc (GM only) and the channel docs of its
 * players loaded so far (each its own player's; only the server writes them).
 */
export class Room {
  readonly public: SharedDoc;
  readonly secrets: SharedDoc;
  /** Channel id → its doc, least recently used first. */
  private readonly channels = new Map<string, SharedDoc>();
  /** ms timestamp of the last connection or intent; idle rooms are unloaded. */
  lastActive = Date.now();
  /** Called with each channel doc as it is loaded, before anyone receives it (per-player fog fills it). */
  onChannelLoad: ((channel: string, doc: SharedDoc) => void) | null = null;
  /** Brings every loaded channel in step with the room (per-player fog), e.g. after an invite changed. */
  resyncChannels: () => void = () => {};

  constructor(
    readonly id: string,
    private readonly store: Store,
    private readonly commits: CommitQueue,
    private readonly onFailure: (room: Room, error: unknown) => void,
  ) {
    this.public = new SharedDoc(docNameOf(id, 'public'), store, commits, (error) => onFailure(this, error));
    try {
      this.secrets = new SharedDoc(docNameOf(id, 'secrets'), store, commits, (error) =>
        onFailure(this, error),
      );
    } catch (error) {
      this.public.destroy();
      throw error;
    }
  }

  doc(kind: 'public' | 'secrets'): SharedDoc {
    return kind === 'secrets' ? this.secrets : this.public;
  }

  /**
   * The channel doc of `channel`, loaded from the store on first use. The caller has checked that
   * it is a live invite's of this room (a made-up id never gets a doc). Undefined when the room
   * already holds MAX_LOADED_CHANNELS channels that all have someone connected.
   */
  channel(channel: string): SharedDoc | undefined {
    const loaded = this.channels.get(channel);
    if (loaded) {
      this.channels.delete(channel); // to the end: most recently used
      this.channels.set(channel, loaded);
      return loaded;
    }
    if (this.channels.size >= MAX_LOADED_CHANNELS) {
      const idle = [...this.channels].find(([, shared]) => shared.listeners.size === 0);
      if (!idle) return undefined;
      this.unloadChannel(idle[0], idle[1]);
    }
    const shared = new SharedDoc(channelDocName(this.id, channel), this.store, this.commits, (error) =>
      this.onFailure(this, error),
    );
    this.channels.set(channel, shared);
    this.onChannelLoad?.(channel, shared);
    return shared;
  }

  /** The channel doc of `channel` if it is loaded (never loads one). */
  loadedChannel(channel: string): SharedDoc | undefined {
    return this.channels.get(channel);
  }

  /** Every loaded doc: public, secrets, then the channels. */
  get docs(): SharedDoc[] {
    return [this.public, this.secrets, ...this.channels.values()];
  }

  /**
   * A revoked invite's channel: unloaded and its stored rows deleted (the GM keeps the copies in
   * the secrets doc). Its sockets are closed by the caller.
   */
  forgetChannel(channel: string): void {
    const shared = this.channels.get(channel);
    this.commits.flush();
    if (shared) {
      this.channels.delete(channel);
      shared.destroy();
    }
    this.store.forgetDoc(channelDocName(this.id, channel));
  }

  private unloadChannel(channel: string, shared: SharedDoc): void {
    this.channels.delete(channel);
    this.commits.flush();
    shared.compactInBackground();
    shared.destroy();
  }

  get listenerCount(): number {
    let count = 0;
    for (const shared of this.docs) count += shared.listeners.size;
    return count;
  }
}

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

/** Close reasons (≤ 123 bytes) of the two ways a stored room fails to open. */
const UNREADABLE_BRIEF = 'this room cannot be opened: its stored data could not be read (see the server log)';
const REFUSED_BRIEF = 'this room cannot be opened by this server (see the server log)';

/** Unload a room this long (ms) after its last listener left and no intent arrived. */
export const IDLE_UNLOAD_MS = 60_000;

/**
 * Loads rooms from the store on first use (synchronously, so a room is complete before its first
 * sync), keeps them while used and unloads idle ones after compacting their logs.
 */
export class RoomManager {
  private readonly rooms = new Map<string, Room>();
  private readonly timer: NodeJS.Timeout;
  /** Shared by every loaded doc: one transaction per event-loop turn. */
  readonly commits: CommitQueue;

  /** Rooms that failed `prepare` (e.g. written by a newer build): refused until restart. */
  private readonly refused = new Map<string, RoomRefusedError>();

  /**
   * `prepare` runs on a room's docs right after they are read from storage and before anyone can
   * see them (the server passes the table's migrations); throwing refuses the room.
   */
  constructor(
    private readonly store: Store,
    private readonly idleMs = IDLE_UNLOAD_MS,
    private readonly prepare: (room: Room) => void = () => {},
  ) {
    this.commits = new CommitQueue(store);
    this.timer = setInterval(() => this.unloadIdle(), Math.max(1_000, Math.min(idleMs, 10_000)));
    this.timer.unref();
  }

  /**
   * The loaded room, loading it from the store; undefined when no such room exists. Throws a
   * `RoomRefusedError` (already logged) when the stored room cannot be opened by this build.
   */
  get(roomId: string): Room | undefined {
    const loaded = this.rooms.get(roomId);
    if (loaded) {
      loaded.lastActive = Date.now();
      return loaded;
    }
    const refused = this.refused.get(roomId);
    if (refused) throw refused;
    if (!this.store.getRoom(roomId)) return undefined;
    let room: Room | undefined;
    try {
      // The whole load is guarded: reading and applying the stored updates, then migrating.
      room = new Room(roomId, this.store, this.commits, (failed, error) => this.fail(failed, error));
      this.prepare(room);
    } catch (error) {
      // Nothing was attached or broadcast; drop the docs without compacting (the rows stay as stored).
      room?.public.destroy();
      room?.secrets.destroy();
      const cause = error instanceof Error ? error.message : String(error);
      const refusal = room
        ? new RoomRefusedError(cause, REFUSED_BRIEF)
        : new RoomRefusedError(
            `room ${roomId} cannot be opened: its stored data could not be read (${cause}); ` +
              'other rooms are not affected',
            UNREADABLE_BRIEF,
          );
      this.refused.set(roomId, refusal);
      console.error(`room ${roomId} refused: ${refusal.message}`);
      throw refusal;
    }
    this.rooms.set(roomId, room);
    return room;
  }

  /** The room if it is loaded now (never loads it). */
  loaded(roomId: string): Room | undefined {
    return this.rooms.get(roomId);
  }

  /**
   * Create a room whose docs start from the given initial updates, stored in one commit with
   * `extra` (e.g. the GM token), so a crash leaves either the whole room or nothing.
   */
  create(roomId: string, initial: InitialUpdates, settings: unknown, extra: () => void): void {
    this.store.transaction(() => {
      this.store.createRoom(roomId, settings);
      this.store.appendUpdate(docNameOf(roomId, 'public'), initial.public);
      this.store.appendUpdate(docNameOf(roomId, 'secrets'), initial.secrets);
      extra();
    });
  }

  get loadedCount(): number {
    return this.rooms.size;
  }

  unloadIdle(now = Date.now()): void {
    for (const room of this.rooms.values()) {
      if (room.listenerCount !== 0 || now - room.lastActive < this.idleMs) continue;
      // Runs on a timer: a room that fails to compact (e.g. a full disk) must not end the process.
      try {
        this.unload(room);
      } catch (error) {
        console.error(`room ${room.id}: could not compact it while unloading:`, error);
      }
    }
  }

  /** `now`: compact on this thread (shutdown); else the storage worker does it from disk. */
  private unload(room: Room, now = false): void {
    this.rooms.delete(room.id);
    this.commits.flush();
    const docs = room.docs;
    for (const shared of docs) {
      if (now) shared.compact();
      else shared.compactInBackground();
    }
    for (const shared of docs) shared.destroy();
  }

  /**
   * Forget a revoked invite's channel doc: unloaded if its room is loaded, its stored rows
   * deleted either way (src/server/invites.ts).
   */
  forgetChannel(roomId: string, channel: string): void {
    const room = this.rooms.get(roomId);
    if (room) return room.forgetChannel(channel);
    this.commits.flush();
    this.store.forgetDoc(channelDocName(roomId, channel));
  }

  /** A write to disk failed: drop the room from memory (clients reconnect and get the disk state). */
  private fail(room: Room, error: unknown): void {
    console.error(`room ${room.id}: could not store an update, unloading it:`, error);
    this.rooms.delete(room.id);
    const docs = room.docs;
    for (const shared of docs) {
      for (const listener of shared.listeners) listener.close(1011, 'storage failure');
    }
    queueMicrotask(() => docs.forEach((shared) => shared.destroy()));
  }

  close(): void {
    clearInterval(this.timer);
    this.commits.flush();
    for (const room of [...this.rooms.values()]) this.unload(room, true);
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
