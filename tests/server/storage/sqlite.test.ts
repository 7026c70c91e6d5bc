import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { journalFormat } from '../../../src/server/journal';
import type { Durability } from '../../../src/server/store';
import { Store } from '../../../src/server/store';
import { SqliteStorage } from '../../../src/server/storage/sqliteStorage';
import type { StorageHarness } from './storageSuite';
import { storageSuite } from './storageSuite';

/**
 * The shared storage suite on the embedded store, in both durability modes: under `process` a
 * lone append goes to the update journal (a file), under `full` every append is an SQLite row.
 */

/** What a restarted process would find: the rows (another connection) and the journal files not imported. */
function readElsewhere(dir: string, doc: string): Uint8Array[] {
  const db = new Database(join(dir, 'icon-vtt.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT data FROM updates WHERE doc = ? ORDER BY seq')
      .pluck()
      .all(doc) as Buffer[];
    const imported = journalFormat.importedGeneration(db);
    const journaled = readdirSync(dir)
      .map((name) => /^icon-vtt\.journal\.(\d+)$/.exec(name))
      .filter((match): match is RegExpExecArray => !!match && Number(match[1]) > imported)
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .flatMap((match) => journalFormat.parseJournal(readFileSync(join(dir, match[0]))))
      .filter((record) => record.doc === doc)
      .map((record) => record.update);
    return [...rows, ...journaled];
  } finally {
    db.close();
  }
}

function openSqlite(durability: Durability): () => Promise<StorageHarness> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-storage-'));
    const storage = new SqliteStorage(new Store(dir, durability));
    return {
      storage,
      readElsewhere: async (doc) => readElsewhere(dir, doc),
      async close() {
        await storage.close();
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      },
    };
  };
}

storageSuite('sqlite, DURABILITY=process', openSqlite('process'));
storageSuite('sqlite, DURABILITY=full', openSqlite('full'));
