import type { RequestLimits } from './limits';
import type { RoomDice } from './roomDice';
import type { RoomManager } from './RoomManager';
import type { Storage } from './storage/Storage';
import type { TokenBucket } from './TokenBucket';

/** What request handlers share: storage, loaded rooms, each room's dice and where files live. */
export interface ServerContext {
  /** SQLite (one process) or PostgreSQL (a cluster): src/server/storage/. */
  readonly storage: Storage;
  readonly rooms: RoomManager;
  readonly dice: RoomDice;
  /** Project root: maps/ and encounters/ are read from here. */
  readonly rootDir: string;
  /** DATA_DIR: the database and the demo room's key file live here. */
  readonly dataDir: string;
  /** The built client (dist/). */
  readonly distDir: string;
  /** Rooms created (or imported) per client address; null = no limit. */
  readonly roomCreation: TokenBucket | null;
  /** Campaign libraries started per client address; null = no limit (src/server/http/library.ts). */
  readonly libraryCreation: TokenBucket | null;
  /** Intents per token, sync requests per token and doc, failed logins per address (limits.ts). */
  readonly limits: RequestLimits;
  /** Open websockets per token hash (capped at MAX_SOCKETS_PER_TOKEN). */
  readonly openSockets: Map<string, number>;
}

/** `http://host:port/?room=<roomId>&token=<token>`, the link a GM or player opens. */
export function joinLink(origin: string, roomId: string, token: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('room', roomId);
  url.searchParams.set('token', token);
  return url.toString();
}
