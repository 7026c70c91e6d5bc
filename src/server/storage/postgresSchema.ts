import type pg from 'pg';

/**
 * The tables of storeSchema.ts on PostgreSQL, created on start. Differences, and why:
 * - `updates.seq` is an identity column (a sequence): a doc's appends all commit through one
 *   connection (its room owner's commit lane, postgresStorage.ts), one transaction after another,
 *   so its rows' seqs grow in commit order, as SQLite's rowids do; a compaction that read rows up to
 *   a seq deletes exactly those.
 * - `tokens.ord` and `room_assets.ord` stand for SQLite's rowid: the order lists are read in.
 * - Times are BIGINT milliseconds; update and image bytes BYTEA.
 * Text is compared with `COLLATE "C"` where order is read (byte order, as SQLite's BINARY).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  settings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS tokens (
  token_hash TEXT PRIMARY KEY,
  room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('gm', 'player')),
  name TEXT NOT NULL,
  character_ids TEXT NOT NULL DEFAULT '[]',
  channel TEXT,
  ord BIGINT GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX IF NOT EXISTS tokens_room ON tokens(room_id, ord);
CREATE TABLE IF NOT EXISTS updates (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc TEXT NOT NULL,
  data BYTEA NOT NULL
);
CREATE INDEX IF NOT EXISTS updates_doc ON updates(doc, seq);
CREATE TABLE IF NOT EXISTS intent_keys (
  room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL,
  key TEXT NOT NULL,
  intent_hash TEXT NOT NULL,
  result TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (room_id, token_hash, key)
);
CREATE INDEX IF NOT EXISTS intent_keys_age ON intent_keys(room_id, at);
CREATE TABLE IF NOT EXISTS kv (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS libraries (
  id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS library_entries (
  library_id TEXT NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (library_id, id)
);
CREATE TABLE IF NOT EXISTS assets (
  hash TEXT PRIMARY KEY,
  format TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  tile_size INTEGER NOT NULL,
  levels TEXT NOT NULL,
  data BYTEA NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS asset_tiles (
  hash TEXT NOT NULL REFERENCES assets(hash) ON DELETE CASCADE,
  level INTEGER NOT NULL,
  col INTEGER NOT NULL,
  row INTEGER NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (hash, level, col, row)
);
CREATE TABLE IF NOT EXISTS room_assets (
  room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  hash TEXT NOT NULL REFERENCES assets(hash),
  ord BIGINT GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (room_id, hash)
);
CREATE INDEX IF NOT EXISTS room_assets_hash ON room_assets(hash);
`;

/** Any 64-bit key of our own: processes starting together create the tables one at a time. */
const SCHEMA_LOCK = 0x1c0_77a7;

/**
 * Create every table and index the database lacks, in one transaction. Under a transaction-level
 * advisory lock: two `CREATE TABLE IF NOT EXISTS` racing can both pass the check and one fail.
 */
export async function createPostgresSchema(client: pg.ClientBase): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
