import type Database from 'better-sqlite3';

/**
 * The tables of the embedded store (store.ts) and the migrations of older layouts. What each
 * table holds, and why: docs/server.md, "Storage".
 */

/**
 * The update log. `seq` is the rowid: SQLite gives a new row one more than the largest rowid in
 * the table, so a doc's rows stay in append order, and rows appended while the storage worker
 * compacts always sort after the ones it read. No AUTOINCREMENT: it would make every append also
 * rewrite the `sqlite_sequence` row, a third B-tree page per commit (≈20% of an append measured
 * in a loop); never reusing a deleted rowid buys us nothing.
 */
const UPDATES_TABLE = `CREATE TABLE IF NOT EXISTS updates (
  seq INTEGER PRIMARY KEY,
  doc TEXT NOT NULL,
  data BLOB NOT NULL
);`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  settings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS tokens (
  token_hash TEXT PRIMARY KEY,
  room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('gm', 'player')),
  name TEXT NOT NULL,
  character_ids TEXT NOT NULL DEFAULT '[]',
  channel TEXT
);
CREATE INDEX IF NOT EXISTS tokens_room ON tokens(room_id);
${UPDATES_TABLE}
CREATE INDEX IF NOT EXISTS updates_doc ON updates(doc, seq);
CREATE TABLE IF NOT EXISTS intent_keys (
  room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL,
  key TEXT NOT NULL,
  intent_hash TEXT NOT NULL,
  result TEXT NOT NULL,
  at INTEGER NOT NULL,
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
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS library_entries (
  library_id TEXT NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (library_id, id)
);
CREATE TABLE IF NOT EXISTS assets (
  hash TEXT PRIMARY KEY,
  format TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  tile_size INTEGER NOT NULL,
  levels TEXT NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS asset_tiles (
  hash TEXT NOT NULL REFERENCES assets(hash) ON DELETE CASCADE,
  level INTEGER NOT NULL,
  col INTEGER NOT NULL,
  row INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (hash, level, col, row)
);
CREATE TABLE IF NOT EXISTS room_assets (
  room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  hash TEXT NOT NULL REFERENCES assets(hash),
  PRIMARY KEY (room_id, hash)
);
CREATE INDEX IF NOT EXISTS room_assets_hash ON room_assets(hash);
`;

/**
 * Databases written by builds before the update log lost AUTOINCREMENT: copy the log into the
 * current table, keeping every row's seq (so order), in one transaction. Runs once per database.
 */
function migrateUpdatesTable(db: Database.Database): void {
  const row = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'updates'").get() as
    { sql: string } | undefined;
  if (!row || !/AUTOINCREMENT/i.test(row.sql)) return;
  db.transaction(() => {
    db.exec(`
      ALTER TABLE updates RENAME TO updates_autoincrement;
      DROP INDEX IF EXISTS updates_doc;
      ${UPDATES_TABLE}
      INSERT INTO updates (seq, doc, data) SELECT seq, doc, data FROM updates_autoincrement ORDER BY seq;
      DROP TABLE updates_autoincrement;
      DELETE FROM sqlite_sequence WHERE name IN ('updates', 'updates_autoincrement');
      CREATE INDEX updates_doc ON updates(doc, seq);
    `);
  })();
}

/**
 * A player invite's id, which is also its channel (the doc of its whispers, docs/table/chat.md):
 * this many hex digits, fixed when the invite is made (the start of its first token's SHA-256)
 * and kept through new links, so the whispers, drawings and colour that name it stay the player's.
 */
export const CHANNEL_ID_CHARS = 12;

/**
 * Databases written by builds before invites could get a new link: their tokens have no
 * `channel` column, and an invite's channel was the start of its token's hash. Add the column and
 * give every player token without one that very id (so every channel keeps its doc), in one
 * transaction. The fill runs at every start: a row an older build inserted since gets its id too.
 */
function migrateTokenChannels(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(tokens)').all() as { name: string }[];
  db.transaction(() => {
    if (!columns.some((column) => column.name === 'channel'))
      db.exec('ALTER TABLE tokens ADD COLUMN channel TEXT');
    db.prepare(
      `UPDATE tokens SET channel = substr(token_hash, 1, ${CHANNEL_ID_CHARS}) WHERE role = 'player' AND channel IS NULL`,
    ).run();
  })();
}

/** Create every table and index a database lacks, and migrate older tables. */
export function createSchema(db: Database.Database): void {
  db.exec(SCHEMA);
  migrateUpdatesTable(db);
  migrateTokenChannels(db);
}
