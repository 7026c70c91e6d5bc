import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { journalFormat } from '../../src/server/journal';
import { Store } from '../../src/server/store';
import { useTempDirs, waitFor } from './helpers';

/**
 * The update journal (src/server/journal.ts): an update that commits alone is one write() to a
 * file, moved into SQLite by the storage worker. Nothing acknowledged may be lost or duplicated
 * on the way, whatever instant the process dies at.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const tempDir = useTempDirs('icon-vtt-journal-');

const journalFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('icon-vtt.journal.'));
const update = (i: number) => new Uint8Array([1, 2, 3, i & 255, i >> 8]);

/** What the `updates` table holds, read with a connection of its own. */
function rows(dir: string): { doc: string; data: Buffer }[] {
  const db = new Database(join(dir, 'icon-vtt.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT doc, data FROM updates ORDER BY seq').all() as { doc: string; data: Buffer }[];
  } finally {
    db.close();
  }
}

const marked = (dir: string) => {
  const db = new Database(join(dir, 'icon-vtt.sqlite'), { readonly: true });
  try {
    return db.prepare("SELECT value FROM kv WHERE key = 'journal.imported'").pluck().get();
  } finally {
    db.close();
  }
};

describe('the update journal', () => {
  it('takes an update that commits alone, readable at once, and the worker moves it into the table', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { journalRotateMs: 50 });
    for (let i = 0; i < 30; i++) store.appendAlone('room', update(i));
    // Not a row yet, but every read sees it: a room loading now gets all 30.
    expect(rows(dir)).toHaveLength(0);
    expect(store.readUpdates('room').updates.map((u) => u[3])).toEqual([...Array(30).keys()]);
    expect(store.countUpdates('room')).toBe(30);
    await waitFor(() => rows(dir).length === 30 && !journalFiles(dir).length, 'the worker to import', 10_000);
    expect(rows(dir).map((row) => row.data[3])).toEqual([...Array(30).keys()]);
    expect(store.countUpdates('room')).toBe(30); // never counted twice once imported
    await store.close();
  });

  it('a file the worker has imported but not yet reported is read and counted once', async () => {
    const dir = tempDir();
    // Rotation in an hour: nothing is handed to the worker unless the test does it.
    const store = new Store(dir, 'process', { journalRotateMs: 3_600_000 });
    for (let i = 0; i < 30; i++) store.appendAlone('room', update(i));
    // The worker's commit, done with a connection of its own, before its reply reaches the store.
    const [file] = journalFiles(dir);
    const generation = Number(file!.split('.').pop());
    const worker = new Database(join(dir, 'icon-vtt.sqlite'));
    journalFormat.importJournal(
      worker,
      generation,
      journalFormat.parseJournal(readFileSync(join(dir, file!))),
    );
    worker.close();
    expect(rows(dir)).toHaveLength(30);
    expect(store.countUpdates('room')).toBe(30);
    expect(store.readUpdates('room').updates.map((u) => u[3])).toEqual([...Array(30).keys()]);
    await store.close();
  });

  it('under DURABILITY=full is not used: the update is a row (fsynced) when appendAlone returns', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'full');
    store.appendAlone('room', update(1));
    expect(rows(dir)).toHaveLength(1);
    expect(journalFiles(dir)).toEqual([]);
    await store.close();
  });

  it('survives kill -9 before the worker imported it: the next start imports it, once', async () => {
    const dir = tempDir();
    // A child process appends 200 updates (never handed to the worker: rotation in an hour), says
    // so, and waits to be killed.
    const script = `
      import { Store } from ${JSON.stringify(join(ROOT, 'src/server/store.ts'))};
      const store = new Store(${JSON.stringify(dir)}, 'process', { journalRotateMs: 3_600_000 });
      for (let i = 0; i < 200; i++) store.appendAlone('room', new Uint8Array([1, 2, 3, i & 255, i >> 8]));
      console.log('appended');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      () => output.includes('appended') || child.exitCode !== null,
      'the child to append',
      20_000,
    );
    expect(output).toContain('appended');
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    expect(journalFiles(dir)).toHaveLength(1);
    expect(rows(dir)).toHaveLength(0);

    const store = new Store(dir, 'process');
    expect(journalFiles(dir)).toEqual([]);
    expect(rows(dir).map((row) => row.data.readUInt16LE(3))).toEqual([...Array(200).keys()]);
    expect(store.readUpdates('room').updates).toHaveLength(200);
    await store.close();
    const again = new Store(dir, 'process');
    expect(again.countUpdates('room')).toBe(200);
    await again.close();
  }, 30_000);

  it('a record cut short (the process died inside its write) ends the file: the records before it are kept', async () => {
    const dir = tempDir();
    await new Store(dir, 'process').close(); // the schema
    const file = join(dir, 'icon-vtt.journal.1');
    writeFileSync(file, Buffer.concat([0, 1, 2].map((i) => journalFormat.encodeRecord('room', update(i)))));
    const cut = journalFormat.encodeRecord('room', update(3));
    appendFileSync(file, cut.subarray(0, cut.length - 2));
    const store = new Store(dir, 'process');
    expect(store.readUpdates('room').updates.map((u) => u[3])).toEqual([0, 1, 2]);
    expect(journalFiles(dir)).toEqual([]);
    expect(marked(dir)).toBe('1');
    // The next file gets the next generation: nothing is appended after the cut record.
    store.appendAlone('room', update(9));
    expect(journalFiles(dir)).toEqual(['icon-vtt.journal.2']);
    await store.close();
  });

  it('a record whose bytes changed fails its checksum: reading stops there', async () => {
    const dir = tempDir();
    await new Store(dir, 'process').close();
    const records = [0, 1, 2].map((i) => journalFormat.encodeRecord('room', update(i)));
    records[1]![records[1]!.length - 1]! ^= 0xff;
    writeFileSync(join(dir, 'icon-vtt.journal.1'), Buffer.concat(records));
    const store = new Store(dir, 'process');
    expect(store.readUpdates('room').updates.map((u) => u[3])).toEqual([0]);
    await store.close();
  });

  it("checksums records with the standard CRC-32 (zlib's), whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        expect(journalFormat.crc32(bytes, 0, bytes.length)).toBe(crc32(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('a record larger than the encoding buffer, then small ones, are all read back whole', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { journalRotateMs: 3_600_000 });
    const big = new Uint8Array(200_000).map((_, i) => (i * 7) & 255);
    store.appendAlone('room', update(1));
    store.appendAlone('room', big);
    store.appendAlone('other', update(2));
    const [file] = journalFiles(dir);
    const records = journalFormat.parseJournal(readFileSync(join(dir, file!)));
    expect(records.map((r) => [r.doc, r.update.length])).toEqual([
      ['room', 5],
      ['room', 200_000],
      ['other', 5],
    ]);
    expect(Buffer.compare(records[1]!.update, big)).toBe(0);
    expect([...records[2]!.update]).toEqual([...update(2)]);
    await store.close();
  });

  it('a file imported before a crash but not yet deleted is deleted, not imported again', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { journalRotateMs: 3_600_000 });
    for (let i = 0; i < 5; i++) store.appendAlone('room', update(i));
    const file = join(dir, 'icon-vtt.journal.1');
    const bytes = readFileSync(file);
    await store.close(); // imports it (mark = 1) and deletes it
    writeFileSync(file, bytes); // as if the process had died between the import's commit and the delete
    const reopened = new Store(dir, 'process');
    expect(reopened.countUpdates('room')).toBe(5);
    expect(existsSync(file)).toBe(false);
    await reopened.close();
  });

  it('the worker and this thread importing the same file add its rows once, whichever is first', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { journalRotateMs: 3_600_000 });
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 50; i++) store.appendAlone('room', update(i));
      // Hand the file to the worker (a compaction asks for that) …
      const file = join(dir, journalFiles(dir)[0]!);
      void store.compactInBackground('other')?.catch(() => {});
      // … on odd rounds let it commit the import (it deletes the file after), without letting its
      // answer reach this thread; then import everything here, as forgetting a doc does.
      const deadline = Date.now() + 5_000;
      if (round % 2) while (existsSync(file) && Date.now() < deadline);
      store.forgetDoc('nothing');
    }
    await waitFor(() => !journalFiles(dir).length, 'every file imported and deleted', 10_000);
    await new Promise((done) => setTimeout(done, 200)); // any late import by the worker
    expect(rows(dir).filter((row) => row.doc === 'room')).toHaveLength(500);
    expect(store.countUpdates('room')).toBe(500);
    await store.close();
  });

  it('a forgotten doc does not come back when the journal is imported later', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { journalRotateMs: 20 });
    store.appendAlone('room~channel', update(1));
    store.appendAlone('room', update(2));
    store.forgetDoc('room~channel');
    expect(store.countUpdates('room~channel')).toBe(0);
    await new Promise((done) => setTimeout(done, 200));
    await store.close();
    const reopened = new Store(dir, 'process');
    expect(reopened.countUpdates('room~channel')).toBe(0);
    expect(reopened.countUpdates('room')).toBe(1);
    await reopened.close();
  });

  it('a compaction merges the journaled updates too: the worker imports them first', async () => {
    const dir = tempDir();
    const store = new Store(dir, 'process', { journalRotateMs: 3_600_000 });
    const doc = new Y.Doc();
    doc.on('update', (u: Uint8Array) => store.appendAlone('room', u));
    for (let i = 0; i < 40; i++) doc.getMap('m').set('k', i);
    expect(await store.compactInBackground('room')).toBe(40);
    expect(store.countUpdates('room')).toBe(1);
    const loaded = new Y.Doc();
    store.readUpdates('room').updates.forEach((u) => Y.applyUpdate(loaded, u));
    expect(loaded.getMap('m').get('k')).toBe(39);
    await store.close();
  });
});
