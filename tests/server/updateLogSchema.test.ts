import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/server/store';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-log-schema-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const updatesTableSql = (dir: string): string => {
  const db = new Database(join(dir, 'icon-vtt.sqlite'), { readonly: true });
  try {
    return (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'updates'").get() as { sql: string }).sql;
  } finally {
    db.close();
  }
};

const bytes = (...values: number[]) => new Uint8Array(values);

describe('the update log table', () => {
  it('has no AUTOINCREMENT (each append would also rewrite sqlite_sequence) and keeps the per-doc index', async () => {
    const dir = tempDir();
    await new Store(dir).close();
    const sql = updatesTableSql(dir);
    expect(sql).not.toMatch(/AUTOINCREMENT/i);
    const db = new Database(join(dir, 'icon-vtt.sqlite'), { readonly: true });
    const index = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'updates_doc'").get() as {
      sql: string;
    };
    db.close();
    expect(index.sql).toMatch(/ON updates\s*\(doc, seq\)/);
  });

  it('migrates a log written by an older build: same rows in the same order, appends go after them', async () => {
    const dir = tempDir();
    // The schema of earlier builds, with rows of two docs interleaved and one deleted (compaction).
    const old = new Database(join(dir, 'icon-vtt.sqlite'));
    old.exec(`
      CREATE TABLE updates (seq INTEGER PRIMARY KEY AUTOINCREMENT, doc TEXT NOT NULL, data BLOB NOT NULL);
      CREATE INDEX updates_doc ON updates(doc, seq);
    `);
    const insert = old.prepare('INSERT INTO updates (doc, data) VALUES (?, ?)');
    insert.run('a', bytes(1));
    insert.run('b', bytes(2));
    insert.run('a', bytes(3));
    insert.run('a', bytes(4));
    old.prepare('DELETE FROM updates WHERE seq = 4').run();
    old.close();

    const store = new Store(dir);
    expect(store.readUpdates('a').updates).toEqual([bytes(1), bytes(3)]);
    expect(store.readUpdates('b').updates).toEqual([bytes(2)]);
    store.appendUpdate('a', bytes(5));
    expect(store.readUpdates('a').updates).toEqual([bytes(1), bytes(3), bytes(5)]);
    await store.close();
    expect(updatesTableSql(dir)).not.toMatch(/AUTOINCREMENT/i);

    // Opening it again changes nothing.
    const again = new Store(dir);
    expect(again.readUpdates('a').updates).toEqual([bytes(1), bytes(3), bytes(5)]);
    await again.close();
  });
});
