import { CHANNEL_ID_CHARS } from '../storeSchema';
import type { Queryable } from './CommitLane';
import { bufferOf } from './CommitLane';
import type { AssetCaps, AssetRefusal, AssetRow, IntentKeyRow, LibraryEntryRow, TokenRow } from './Storage';
import { assetRefusal } from './Storage';

/**
 * The PostgreSQL backend's statements (postgresStorage.ts): the writes, each run on a commit
 * lane's connection inside its turn's transaction (alone, or in a batch), and how rows read back
 * become the storage interface's types.
 */

export const TOKEN_COLUMNS =
  'token_hash AS "tokenHash", room_id AS "roomId", role, name, character_ids AS "characterIds", channel';

export const LIBRARY_COLUMNS = 'library_id AS "libraryId", id, kind, name, data, updated_at AS "updatedAt"';

export interface StoredToken extends Omit<TokenRow, 'characterIds' | 'channel'> {
  readonly characterIds: string;
  readonly channel: string | null;
}

export function tokenRowOf({ channel, ...raw }: StoredToken): TokenRow {
  return {
    ...raw,
    characterIds: JSON.parse(raw.characterIds) as string[],
    ...(raw.role === 'player' ? { channel: channel ?? raw.tokenHash.slice(0, CHANNEL_ID_CHARS) } : {}),
  };
}

/** BIGINT columns arrive as strings (they may pass 2^53); ours are ms times and counts. */
export const libraryRowOf = (row: LibraryEntryRow): LibraryEntryRow => ({
  ...row,
  updatedAt: Number(row.updatedAt),
});

export async function insertRoom(c: Queryable, id: string, settings: unknown = {}): Promise<void> {
  await c.query('INSERT INTO rooms (id, created_at, settings) VALUES ($1, $2, $3)', [
    id,
    Date.now(),
    JSON.stringify(settings),
  ]);
}

export async function insertToken(c: Queryable, row: TokenRow): Promise<void> {
  await c.query(
    'INSERT INTO tokens (token_hash, room_id, role, name, character_ids, channel) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      row.tokenHash,
      row.roomId,
      row.role,
      row.name,
      JSON.stringify(row.characterIds),
      row.role === 'player' ? (row.channel ?? row.tokenHash.slice(0, CHANNEL_ID_CHARS)) : null,
    ],
  );
}

/** As store.ts: upsert, then the age cut, then the count cut (keys of the max-th newest ms stay). */
export async function putIntentKey(
  c: Queryable,
  row: IntentKeyRow,
  max: number,
  maxAgeMs: number,
): Promise<void> {
  await c.query(
    `INSERT INTO intent_keys (room_id, token_hash, key, intent_hash, result, at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (room_id, token_hash, key) DO UPDATE SET intent_hash = excluded.intent_hash, result = excluded.result, at = excluded.at`,
    [row.roomId, row.tokenHash, row.key, row.intentHash, row.result, row.at],
  );
  await c.query('DELETE FROM intent_keys WHERE room_id = $1 AND at < $2', [row.roomId, row.at - maxAgeMs]);
  await c.query(
    'DELETE FROM intent_keys WHERE room_id = $1 AND at < (SELECT at FROM intent_keys WHERE room_id = $1 ORDER BY at DESC LIMIT 1 OFFSET $2)',
    [row.roomId, max - 1],
  );
}

export async function setKv(c: Queryable, key: string, value: string): Promise<void> {
  await c.query(
    'INSERT INTO kv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [key, value],
  );
}

export async function putLibraryEntry(c: Queryable, row: LibraryEntryRow): Promise<void> {
  await c.query(
    `INSERT INTO library_entries (library_id, id, kind, name, data, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (library_id, id) DO UPDATE SET kind = excluded.kind, name = excluded.name, data = excluded.data, updated_at = excluded.updated_at`,
    [row.libraryId, row.id, row.kind, row.name, row.data, row.updatedAt],
  );
}

/**
 * The caps check and the writes in one transaction, the room's row locked (FOR UPDATE) so two
 * connections linking images to one room take turns.
 */
export async function putRoomAsset(
  c: Queryable,
  roomId: string,
  image: AssetRow | string,
  caps: AssetCaps,
): Promise<AssetRefusal | undefined> {
  const hash = typeof image === 'string' ? image : image.hash;
  await c.query('SELECT 1 FROM rooms WHERE id = $1 FOR UPDATE', [roomId]);
  if ((await c.query('SELECT 1 FROM room_assets WHERE room_id = $1 AND hash = $2', [roomId, hash])).rowCount)
    return undefined;
  let size: number;
  if (typeof image === 'string') {
    const { rows } = await c.query<{ size: number }>(
      'SELECT octet_length(data) AS size FROM assets WHERE hash = $1',
      [hash],
    );
    if (!rows[0]) throw new Error(`no image ${hash} is stored`);
    size = rows[0].size;
  } else size = image.bytes.length;
  const { rows } = await c.query<{ count: number; bytes: string }>(
    'SELECT COUNT(*)::int AS count, COALESCE(SUM(octet_length(a.data)), 0) AS bytes FROM room_assets r JOIN assets a ON a.hash = r.hash WHERE r.room_id = $1',
    [roomId],
  );
  const refusal = assetRefusal({ count: rows[0]!.count, bytes: Number(rows[0]!.bytes) }, size, caps);
  if (refusal) return refusal;
  if (typeof image !== 'string') {
    const { format, width, height, tileSize, levels, bytes, tiles } = image;
    await c.query(
      `INSERT INTO assets (hash, format, width, height, tile_size, levels, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (hash) DO NOTHING`,
      [hash, format, width, height, tileSize, JSON.stringify(levels), bufferOf(bytes), Date.now()],
    );
    if (tiles.length)
      await c.query(
        `INSERT INTO asset_tiles (hash, level, col, row, data)
         SELECT $1, l, x, y, d FROM unnest($2::int[], $3::int[], $4::int[], $5::bytea[]) AS t(l, x, y, d)
         ON CONFLICT DO NOTHING`,
        [
          hash,
          tiles.map((t) => t.level),
          tiles.map((t) => t.column),
          tiles.map((t) => t.row),
          tiles.map((t) => bufferOf(t.data)),
        ],
      );
  }
  await c.query('INSERT INTO room_assets (room_id, hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    roomId,
    hash,
  ]);
  return undefined;
}
