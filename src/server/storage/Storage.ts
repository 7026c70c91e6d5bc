import type { IntentKeyRow, LibraryEntryRow, RoomRow, TokenRow } from '../store';
import type { TileLevel } from '../../schema/tilePyramid';
import type { ImageFormat } from '../assets/sniffImage';

export type { IntentKeyRow, LibraryEntryRow, RoomRow, TokenRow } from '../store';

/**
 * What the server stores, as one asynchronous interface: `sqliteStorage.ts` implements it over the
 * embedded store (store.ts), `postgresStorage.ts` on PostgreSQL for several server processes
 * (docs/scaling.md). Method names follow store.ts, so moving a caller over is mechanical: add
 * `await`. tests/server/storage/storageSuite.ts holds both to the same behaviour.
 *
 * Writes commit in call order, all of one event-loop turn in one transaction (group commit), and
 * a write's promise resolves only once its transaction has committed: persist before broadcast
 * means "broadcast when the promise resolves". Reads see what has committed, never a write whose
 * promise has not resolved. Sizes are bounded by the callers (src/server/limits.ts and the
 * checks beside each caller), as they are with the synchronous store.
 */

/** A doc's stored updates, oldest first, and the seq of the newest row read (0: none). */
export interface StoredUpdates {
  readonly updates: Uint8Array[];
  readonly lastSeq: number;
}

/** `GET …/assets/<hash>`: what the renderer needs to ask for tiles. */
export interface AssetInfoRow {
  readonly hash: string;
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  readonly levels: readonly TileLevel[];
}

/** An image cut into tiles (src/server/assets/cutImage.ts `CutImage` fits it). */
export interface AssetRow extends AssetInfoRow {
  readonly format: ImageFormat;
  readonly bytes: Uint8Array;
  readonly tiles: readonly { level: number; column: number; row: number; data: Uint8Array }[];
}

/** Why an image was not linked to a room: its caps, with the room's usage before it. */
export interface AssetRefusal {
  readonly reason: 'count' | 'bytes';
  readonly count: number;
  readonly bytes: number;
  /** The refused image's bytes. */
  readonly size: number;
}

/** A batch's image refused by the room's caps (`WriteBatch.putRoomAsset`): the batch wrote nothing. */
export class AssetRefusedError extends Error {
  constructor(readonly refusal: AssetRefusal) {
    super(`the room's images are at their ${refusal.reason === 'count' ? 'count' : 'size'} cap`);
  }
}

/** One group commit as it happened, for tests and `npm run load:cluster`'s commit figures. */
export interface CommitInfo {
  /** Update rows appended by it (plain appends and those inside batches). */
  readonly updates: number;
  /** Calls it committed (appends, batches, single writes). */
  readonly writes: number;
  /** From its first statement to the end of its commit. */
  readonly ms: number;
}

/**
 * Writes that commit together or not at all (`Storage.write`): a new room with its token and
 * seed updates, an intent's updates with its idempotency key, a library import.
 */
export interface WriteBatch {
  /** A new room lands whole: with its GM token and seed updates, or not at all. */
  createRoom(id: string, settings?: unknown): void;
  /** The new room's GM link, or the demo room's links renewed together. */
  insertToken(row: TokenRow): void;
  /** The demo room's old links go in the same commit as the new ones. */
  deleteToken(tokenHash: string): void;
  /** A seed update or an intent's update, committed with the rest. */
  appendUpdate(doc: string, update: Uint8Array): void;
  /** An intent's key lands with its updates: a retry finds the key exactly when the moves exist. */
  putIntentKey(row: IntentKeyRow, max: number, maxAgeMs: number): void;
  /** A server record that must match the rest (the demo room's). */
  setKv(key: string, value: string): void;
  /** A library import lands whole. */
  putLibraryEntry(row: LibraryEntryRow): void;
  /** A new room's images, under its caps; a refusal fails the batch with an AssetRefusedError. */
  putRoomAsset(roomId: string, image: AssetRow | string, caps: AssetCaps): void;
}

/** A room's image caps (src/server/assets/assetLimits.ts). */
export interface AssetCaps {
  readonly maxRoomAssets: number;
  readonly maxRoomBytes: number;
}

export interface Storage {
  /** Which engine: logs and the load figures name it. */
  readonly kind: 'sqlite' | 'postgres';

  // The update log.
  /** Persist one Yjs update before anyone is sent it; joins this turn's group commit. */
  appendUpdate(doc: string, update: Uint8Array): Promise<void>;
  /** Several writes in one atomic commit, inside this turn's group commit (a failure fails only them). */
  write(build: (batch: WriteBatch) => void): Promise<void>;
  /** Everything a doc's Y.Doc is rebuilt from when its room loads; `lastSeq` bounds a compaction. */
  readUpdates(doc: string): Promise<StoredUpdates>;
  /** How long the log has grown since the last compaction (the caller compacts past a threshold). */
  countUpdates(doc: string): Promise<number>;
  /** A revoked invite's channel must not come back: every update of the doc goes. */
  forgetDoc(doc: string): Promise<void>;
  /** Bound a doc's log: rows up to `uptoSeq` become `merged` (at least their state); later rows stay. */
  compact(doc: string, uptoSeq: number, merged: Uint8Array): Promise<void>;
  /**
   * Merge a doc's stored rows into one (off the event loop where the engine can); resolves with
   * the number of rows merged. Rows appended meanwhile stay after it.
   */
  compactLog(doc: string): Promise<number>;
  /**
   * Only engines that commit on the caller's stack (SQLite under DURABILITY=process): store one
   * update now, after everything queued before it. A GM's frame is then stored and broadcast
   * within its own websocket frame (CommitQueue.addFrame); elsewhere it joins the turn's commit.
   */
  readonly appendNow?: (doc: string, update: Uint8Array) => void;

  // Rooms and their tokens (only hashes: a token's plaintext lives in its link).
  /** A room exists before anything names it (tokens, intent keys, assets refer to it). */
  createRoom(id: string, settings?: unknown): Promise<void>;
  /** Whether a room id names a room, and its settings. */
  getRoom(id: string): Promise<RoomRow | undefined>;
  /** A new link (GM or player invite) becomes valid once this resolves. */
  insertToken(row: TokenRow): Promise<void>;
  /** Every request authenticates by its token's hash. */
  getToken(tokenHash: string): Promise<TokenRow | undefined>;
  /** The GM's invite list, oldest first (its order survives new links). */
  roomTokens(roomId: string): Promise<TokenRow[]>;
  /** Revocation: the link stops working once this resolves. */
  deleteToken(tokenHash: string): Promise<void>;
  /** A new link for an invite, atomically (old or new works, never both); false: no such token. */
  replaceTokenHash(oldHash: string, newHash: string): Promise<boolean>;

  // Idempotency keys of applied intents.
  /** A retried intent gets its first answer instead of being applied twice. */
  getIntentKey(
    roomId: string,
    tokenHash: string,
    key: string,
  ): Promise<Pick<IntentKeyRow, 'intentHash' | 'result' | 'at'> | undefined>;
  /** Remember an answer, keeping at most `max` keys per room and none older than `maxAgeMs`. */
  putIntentKey(row: IntentKeyRow, max: number, maxAgeMs: number): Promise<void>;

  // Small server records (the demo room's, the journal's import mark).
  /** Server-wide records that outlive a restart. */
  getKv(key: string): Promise<string | undefined>;
  /** Replace a server-wide record. */
  setKv(key: string, value: string): Promise<void>;

  // The GM's campaign library (src/server/library.ts checks entries and bounds).
  /** A library key's library comes into being on its first use. */
  createLibrary(id: string, keyHash: string): Promise<void>;
  /** A request names its library only by its key's hash. */
  libraryByKeyHash(keyHash: string): Promise<{ id: string; keyHash: string } | undefined>;
  /** The library panel's list, by kind then name (byte order on both engines). */
  libraryEntries(libraryId: string): Promise<LibraryEntryRow[]>;
  /** One entry for placing it or replacing it (its old size counts against the bounds). */
  libraryEntry(libraryId: string, id: string): Promise<LibraryEntryRow | undefined>;
  /** Save one entry (insert or replace). */
  putLibraryEntry(row: LibraryEntryRow): Promise<void>;
  /** False when there was no such entry (the API answers 404). */
  deleteLibraryEntry(libraryId: string, id: string): Promise<boolean>;
  /** The library's bounds are on entries and UTF-8 bytes of their data. */
  librarySize(libraryId: string): Promise<{ entries: number; bytes: number }>;

  // Images (battlemaps, portraits): stored once per content hash, linked to the rooms using them.
  /** An image the server holds already is linked, not uploaded again (room files, new rooms). */
  hasAsset(hash: string): Promise<boolean>;
  /** A room may read only the images it links to. */
  isAssetLinked(roomId: string, hash: string): Promise<boolean>;
  /** The tile pyramid's shape for the renderer. */
  assetInfo(hash: string): Promise<AssetInfoRow | undefined>;
  /** The whole image, for a download or a portrait. */
  assetImage(hash: string): Promise<{ format: ImageFormat; data: Uint8Array } | undefined>;
  /** One tile of the pyramid. */
  assetTile(hash: string, level: number, column: number, row: number): Promise<Uint8Array | undefined>;
  /** A room export carries its images, oldest link first. */
  roomImages(roomId: string): Promise<{ hash: string; data: Uint8Array }[]>;
  /**
   * Store an image (or reuse one stored by its hash) and link it to a room, atomically with the
   * room's caps: a refusal writes nothing. Undefined when linked (already, or now).
   */
  putRoomAsset(roomId: string, image: AssetRow | string, caps: AssetCaps): Promise<AssetRefusal | undefined>;

  /** Measure group commits (tests count them; the load run reports their latency and size). */
  observeCommits(listener: (commit: CommitInfo) => void): () => void;
  /** Commit what is queued, then close every connection. */
  close(): Promise<void>;
}

/** The caps check both engines run inside the commit that links an image (as AssetStore did). */
export function assetRefusal(
  usage: { count: number; bytes: number },
  size: number,
  caps: AssetCaps,
): AssetRefusal | undefined {
  if (usage.count + 1 > caps.maxRoomAssets) return { reason: 'count', ...usage, size };
  if (usage.bytes + size > caps.maxRoomBytes) return { reason: 'bytes', ...usage, size };
  return undefined;
}
