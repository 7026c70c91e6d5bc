import * as Y from 'yjs';
import type pg from 'pg';
import { createRoom, invite, tokenAt, waitFor } from '../helpers';
import { clusterClient } from './clusterFixture';
import type { ClusterClient, ClusterFixture } from './clusterFixture';

/**
 * A room of the cluster tests with a GM writing one new token per move through the proxy and a
 * player watching: a move is acknowledged once the player has it (the server broadcasts only
 * what is committed). The player cannot write, so a reconnecting watcher can never put back
 * something the server lost: the checks read PostgreSQL's rows.
 */
export interface WrittenRoom {
  readonly roomId: string;
  readonly gmToken: string;
  readonly playerToken: string;
  readonly gm: ClusterClient;
  readonly watcher: ClusterClient;
  /** Write the next move (a token `t<n>`). */
  write(): void;
  /** The moves the watcher has: acknowledged. */
  acknowledged(): string[];
  destroy(): void;
}

export async function writtenRoom(f: ClusterFixture): Promise<WrittenRoom> {
  const { roomId, gmToken } = await createRoom(f.cluster.origin);
  const playerToken = await invite(f.cluster.origin, roomId, gmToken, 'Watcher');
  const gm = clusterClient(f.wsUrl, roomId, gmToken);
  const watcher = clusterClient(f.wsUrl, roomId, playerToken);
  await waitFor(() => gm.syncs() > 0 && watcher.syncs() > 0, 'the room’s clients to sync', 20_000);
  let n = 0;
  return {
    roomId,
    gmToken,
    playerToken,
    gm,
    watcher,
    write() {
      n += 1;
      gm.doc.getMap('tokens').set(`t${n}`, tokenAt(`t${n}`, n % 8, Math.floor(n / 8) % 6));
    },
    acknowledged: () => [...watcher.doc.getMap('tokens').keys()].filter((key) => /^t\d+$/.test(key)),
    destroy() {
      gm.destroy();
      watcher.destroy();
    },
  };
}

/** A doc as PostgreSQL holds it now: what any process would load. */
export async function storedDoc(db: pg.Client, docName: string): Promise<Y.Doc> {
  const { rows } = await db.query<{ data: Buffer }>('SELECT data FROM updates WHERE doc = $1 ORDER BY seq', [
    docName,
  ]);
  const doc = new Y.Doc();
  for (const row of rows) Y.applyUpdate(doc, row.data);
  return doc;
}

/** Acknowledged moves PostgreSQL does not hold (must be none). */
export async function lostMoves(db: pg.Client, room: WrittenRoom, acknowledged = room.acknowledged()) {
  const stored = (await storedDoc(db, room.roomId)).getMap('tokens');
  return acknowledged.filter((key) => !stored.has(key));
}

/** Write a move every `everyMs` in each room until stopped. */
export function keepWriting(rooms: readonly WrittenRoom[], everyMs = 40): () => void {
  const timer = setInterval(() => rooms.forEach((room) => room.write()), everyMs);
  return () => clearInterval(timer);
}
