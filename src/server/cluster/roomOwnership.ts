import { createHash } from 'node:crypto';
import type { CommitLane } from '../storage/CommitLane';

/**
 * One owner per room in a cluster (docs/scaling.md, "Ownership"): a PostgreSQL session-level
 * advisory lock per room, taken on the very connection (commit lane) that commits the room's
 * writes. The lock and the writes share fate: if the connection is lost, the lock is released by
 * PostgreSQL and the lane refuses every further write (`CommitLane.lost`), so a paused or
 * partitioned process can never commit for a room another process has taken since. No lease to
 * renew, no clock to trust.
 */

/** The room's lock key: the first 8 bytes of the SHA-256 of its id, as PostgreSQL's signed bigint. */
export function roomLockKey(roomId: string): bigint {
  return createHash('sha256').update(roomId, 'utf8').digest().readBigInt64BE(0);
}

/** The rooms one process owns, all locked on its commit lane. */
export class RoomOwnership {
  private readonly owned = new Set<string>();

  constructor(private readonly lane: CommitLane) {}

  /** Settles once the lane's connection is gone: every room it held is then someone else's to take. */
  get lost(): Promise<Error> {
    return this.lane.lost;
  }

  /** Whether this process holds `roomId` now (false once the lane is lost). */
  holds(roomId: string): boolean {
    return !this.lane.isLost && this.owned.has(roomId);
  }

  /**
   * Takes the room if nobody holds it: true when this process owns it now (already or newly),
   * false when another process does. Never waits for the other owner.
   */
  async claim(roomId: string): Promise<boolean> {
    if (this.holds(roomId)) return true;
    const taken = await this.lane.run(
      async (client) =>
        (
          await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
            roomLockKey(roomId).toString(),
          ])
        ).rows[0]!.ok,
    );
    if (taken) this.owned.add(roomId);
    return taken;
  }

  /** Lets another process take the room (an idle room unloaded here). */
  async release(roomId: string): Promise<void> {
    if (!this.owned.delete(roomId) || this.lane.isLost) return;
    await this.lane.run((client) =>
      client.query('SELECT pg_advisory_unlock($1)', [roomLockKey(roomId).toString()]),
    );
  }
}
