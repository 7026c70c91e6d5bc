import type { CommitQueue } from './CommitQueue';
import type { Storage, TokenRow } from './storage/Storage';
import { SharedDoc } from './SharedDoc';
import { CHANNEL_ID_CHARS } from './storeSchema';
import { channelDocName, docNameOf } from './permissions';

/**
 * Player channel docs one room keeps loaded at most (docs/table.md "Channels"): a room's live
 * invites' channels load with it (a room keeps at most MAX_INVITES invites, far fewer).
 */
export const MAX_LOADED_CHANNELS = 64;

/** What a room is built from: its stored updates per doc and its player invites, read first. */
export interface StoredRoom {
  readonly public: readonly Uint8Array[];
  readonly secrets: readonly Uint8Array[];
  /** Channel id → its stored updates. */
  readonly channels: ReadonlyMap<string, readonly Uint8Array[]>;
  readonly invites: TokenRow[];
}

/** A player invite's channel id (its first token's hash start, kept when the link is renewed). */
export function channelOfToken(row: TokenRow): string {
  return row.channel ?? row.tokenHash.slice(0, CHANNEL_ID_CHARS);
}

/**
 * A loaded room: its public doc (everyone), secrets doc (GM only) and the channel docs of its
 * players (each its own player's; only the server writes them).
 */
export class Room {
  readonly public: SharedDoc;
  readonly secrets: SharedDoc;
  /** Channel id → its doc. */
  private readonly channels = new Map<string, SharedDoc>();
  /**
   * The room's player invites, oldest first: read with the room and kept in step by invites.ts
   * (this process owns the room, so every change of them passes here). The table's followers
   * read them synchronously, inside a change.
   */
  invites: TokenRow[];
  /** ms timestamp of the last connection or intent; idle rooms are unloaded. */
  lastActive = Date.now();
  /** Called with each channel doc as it is loaded, before anyone receives it (per-player fog fills it). */
  onChannelLoad: ((channel: string, doc: SharedDoc) => void) | null = null;
  /** Brings every loaded channel in step with the room (per-player fog), e.g. after an invite changed. */
  resyncChannels: () => void = () => {};

  constructor(
    readonly id: string,
    private readonly storage: Storage,
    private readonly commits: CommitQueue,
    private readonly onFailure: (room: Room, error: unknown) => void,
    stored: StoredRoom,
  ) {
    const fail = (error: unknown) => onFailure(this, error);
    this.invites = stored.invites;
    const made: SharedDoc[] = [];
    try {
      this.public = new SharedDoc(docNameOf(id, 'public'), storage, commits, fail, stored.public);
      made.push(this.public);
      this.secrets = new SharedDoc(docNameOf(id, 'secrets'), storage, commits, fail, stored.secrets);
      made.push(this.secrets);
      for (const [channel, updates] of stored.channels) {
        const shared = new SharedDoc(channelDocName(id, channel), storage, commits, fail, updates);
        made.push(shared);
        this.channels.set(channel, shared);
      }
    } catch (error) {
      made.forEach((shared) => shared.destroy());
      throw error;
    }
  }

  doc(kind: 'public' | 'secrets'): SharedDoc {
    return kind === 'secrets' ? this.secrets : this.public;
  }

  /**
   * The channel doc of `channel`. The caller has checked that it is a live invite's of this room
   * (a made-up id never gets a doc). One not loaded with the room is a newer invite's, which has
   * nothing stored yet. Undefined past MAX_LOADED_CHANNELS.
   */
  channel(channel: string): SharedDoc | undefined {
    const loaded = this.channels.get(channel);
    if (loaded) return loaded;
    if (this.channels.size >= MAX_LOADED_CHANNELS) return undefined;
    const shared = new SharedDoc(
      channelDocName(this.id, channel),
      this.storage,
      this.commits,
      (error) => this.onFailure(this, error),
      [],
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
   * the secrets doc); after the doc's own writes, which commit first (call order). Its sockets
   * are closed by the caller.
   */
  forgetChannel(channel: string): Promise<void> {
    const shared = this.channels.get(channel);
    if (shared) {
      this.channels.delete(channel);
      shared.destroy();
    }
    return this.storage.forgetDoc(channelDocName(this.id, channel));
  }

  get listenerCount(): number {
    let count = 0;
    for (const shared of this.docs) count += shared.listeners.size;
    return count;
  }

  /** Close every socket of the room (it is unloaded, or moves to another process). */
  closeSockets(code: number, reason: string): void {
    for (const shared of this.docs)
      for (const listener of [...shared.listeners]) listener.close(code, reason);
  }
}
