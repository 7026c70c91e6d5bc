import pg from 'pg';
import type { PostgresStorage } from '../storage/postgresStorage';
import type { RoomClaims } from '../RoomManager';
import { RoomOwnership } from './roomOwnership';

/**
 * Room ownership for a server process on PostgreSQL (docs/scaling.md "Ownership"): each room's
 * advisory lock on the process's commit lane (roomOwnership.ts), plus the two things a cluster
 * needs around it.
 *
 * - **Losing the connection**: every room locked on it is dropped at once (`onLost`: their sockets
 *   close with "reconnect"), and only then is a new lane opened for new claims. No write of a
 *   dropped room can reach the new connection, which does not hold its lock.
 * - **Handing a room over**: the proxy sends each room to one process, but which one changes when
 *   a process goes down and comes back. A process asked for a room another holds says so on a
 *   PostgreSQL channel (`NOTIFY`); the holder closes the room's sockets, commits, and releases
 *   the lock (`onWanted`), and the asker takes it. Clients that reconnect meanwhile are told to
 *   try again (CLOSE_ROOM_MOVED, HTTP 503).
 */

/** The notification channel asking a room's holder to let it go. */
const WANTED_CHANNEL = 'icon_vtt_room_wanted';

/** How long a claim waits for the holder to let the room go, and how often it looks. */
const HANDOVER_WAIT_MS = 3_000;
const HANDOVER_POLL_MS = 50;

export interface OwnershipHooks {
  /** The lane is gone: drop every room (their sockets close, their clients reconnect). */
  onLost(reason: string): void;
  /** Another process asks for a room this one may hold: hand it over (close, commit, release). */
  onWanted(roomId: string): void;
}

export class ClusterOwnership implements RoomClaims {
  private ownership!: RoomOwnership;
  /** Set while a lost lane is being replaced: claims wait for it. */
  private renewing: Promise<void> | undefined;
  private listener: pg.Client | undefined;
  private closed = false;

  private constructor(
    private readonly storage: PostgresStorage,
    private readonly hooks: OwnershipHooks,
  ) {}

  static async open(storage: PostgresStorage, hooks: OwnershipHooks): Promise<ClusterOwnership> {
    const ownership = new ClusterOwnership(storage, hooks);
    ownership.follow(new RoomOwnership(await storage.defaultLane()));
    await ownership.listen();
    return ownership;
  }

  private follow(ownership: RoomOwnership): void {
    this.ownership = ownership;
    void ownership.lost.then((error) => {
      if (this.closed || this.ownership !== ownership) return;
      console.error(`cluster: ${error.message}; dropping this process's rooms`);
      this.hooks.onLost(error.message);
      this.renewing = this.renew().finally(() => (this.renewing = undefined));
    });
  }

  /** A new lane once the old one's rooms are dropped; retried while PostgreSQL is away. */
  private async renew(): Promise<void> {
    for (let wait = 100; !this.closed; wait = Math.min(wait * 2, 2_000)) {
      try {
        return this.follow(new RoomOwnership(await this.storage.renewLane()));
      } catch (error) {
        console.error(`cluster: no database connection yet (${(error as Error).message}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** The handover channel, on a connection of its own (the lane is busy with transactions). */
  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.storage.url });
    client.on('notification', (message) => {
      if (message.channel === WANTED_CHANNEL && message.payload && this.holds(message.payload))
        this.hooks.onWanted(message.payload);
    });
    client.on('error', () => undefined); // 'end' follows
    client.on('end', () => {
      if (this.closed || this.listener !== client) return;
      this.listener = undefined;
      setTimeout(() => void this.listen().catch(() => undefined), 500); // PostgreSQL restarted: again
    });
    await client.connect();
    await client.query(`LISTEN ${WANTED_CHANNEL}`);
    this.listener = client;
  }

  holds(roomId: string): boolean {
    return this.ownership.holds(roomId);
  }

  /**
   * Own the room: at once when nobody holds it; else ask its holder to let go and wait for it
   * (at most HANDOVER_WAIT_MS). False when it is still another process's.
   */
  async claim(roomId: string): Promise<boolean> {
    if (this.renewing) await this.renewing;
    if (await this.ownership.claim(roomId)) return true;
    await this.storage.pool.query('SELECT pg_notify($1, $2)', [WANTED_CHANNEL, roomId]);
    for (let waited = 0; waited < HANDOVER_WAIT_MS; waited += HANDOVER_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, HANDOVER_POLL_MS));
      if (this.closed) return false;
      if (await this.ownership.claim(roomId)) return true;
    }
    return false;
  }

  release(roomId: string): Promise<void> {
    return this.ownership.release(roomId).catch(() => undefined); // a lost lane released it already
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }
}
