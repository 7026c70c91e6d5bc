import type Database from 'better-sqlite3';
import { closeSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The update journal (DURABILITY=process): an update that commits alone (a GM's frame, an
 * intent's single update) is appended to a plain file with one `write()` instead of an SQLite
 * INSERT. The kernel holds it from the moment `write()` returns, so it survives kill -9 exactly as
 * a WAL commit does under `synchronous=NORMAL`, and it costs ≈ 1 µs against 12–35 µs for the
 * INSERT (two B-tree pages into the WAL): the last part of a GM write's path that the stock
 * y-websocket server does not pay (docs/server.md, "Load and performance").
 *
 * The journal is only a staging area in front of the `updates` table. Every ten seconds (and before
 * a compaction) the open file is closed and the storage worker imports it: its records become rows
 * and the kv row `journal.imported` takes its generation, in one transaction, then the file is
 * deleted. Records of files not imported yet stay in memory too, so a room that loads meanwhile
 * reads them with its rows. Yjs updates commute, so the order rows and records are read in does not
 * matter; a reader takes the rows and the import mark in one snapshot and skips the records of
 * files imported by then, so none is read twice (the worker's commit comes before its reply). At
 * start-up, files left by a killed process are imported before anything reads.
 */

export interface JournalRecord {
  readonly doc: string;
  readonly update: Uint8Array;
}

interface JournalFormat {
  importedGeneration(db: Database.Database): number;
  encodeRecord(doc: string, update: Uint8Array): Buffer;
  writeRecord(fd: number, doc: string, update: Uint8Array): void;
  crc32(bytes: Uint8Array, start: number, end: number): number;
  parseJournal(bytes: Buffer): JournalRecord[];
  importJournal(db: Database.Database, generation: number, records: readonly JournalRecord[]): number;
}

const require = createRequire(import.meta.url);

export const journalFormat = require('./journalFormat.cjs') as JournalFormat;

/** The absolute path of journalFormat.cjs, for the storage worker. */
export const JOURNAL_FORMAT_PATH = require.resolve('./journalFormat.cjs');

/**
 * How often the open file is closed and handed to the storage worker. Seldom enough that the
 * worker, which ends when idle for a few seconds (storageWorker.ts), is down most of the time
 * under a steady stream of moves; the records wait in memory meanwhile (≈ 1,000 of a few hundred
 * bytes for 20 rooms moving 5 tokens a second), and one import takes a few ms of the worker.
 */
export const JOURNAL_ROTATE_MS = 10_000;

/** A file is also handed over once it holds this many records (bounds memory under a burst). */
const ROTATE_AFTER_RECORDS = 5000;

const FILE_PATTERN = /^icon-vtt\.journal\.(\d+)$/;

/**
 * Moves a closed journal file into the `updates` table in the storage worker; undefined when the
 * worker is not running (this thread then imports it, from the records in memory).
 */
export type ImportInBackground = (generation: number, file: string) => Promise<unknown> | undefined;

export class Journal {
  private fd: number | undefined;
  /** Generation of the open file, else of the last one opened or imported. */
  private generation: number;
  /**
   * Records of every file not imported yet, by generation (ascending), in order. A flat list:
   * appending is one push on the hot path; only a room that loads looks for its doc's records.
   */
  private readonly pending = new Map<number, JournalRecord[]>();
  /** The open file's entry of `pending`. */
  private records: JournalRecord[] = [];
  private readonly timer: NodeJS.Timeout;

  /**
   * Import what a previous process left (files with a generation past `db`'s mark), then start.
   * `rotateMs`: tests shorten or stretch the hand-over interval.
   */
  constructor(
    private readonly dataDir: string,
    private readonly db: Database.Database,
    private readonly importInBackground: ImportInBackground,
    rotateMs = JOURNAL_ROTATE_MS,
  ) {
    const marked = journalFormat.importedGeneration(db);
    this.generation = marked;
    for (const generation of this.filesOnDisk()) {
      const file = this.fileOf(generation);
      if (generation > marked)
        journalFormat.importJournal(db, generation, journalFormat.parseJournal(readFileSync(file)));
      rmSync(file, { force: true });
      this.generation = Math.max(this.generation, generation);
    }
    this.timer = setInterval(() => this.rotate(), rotateMs).unref();
  }

  /** Append one update: on return it is in the kernel's hands (see the class comment). */
  append(doc: string, update: Uint8Array): void {
    if (this.fd === undefined) {
      this.generation += 1;
      this.fd = openSync(this.fileOf(this.generation), 'ax');
      this.pending.set(this.generation, (this.records = []));
    }
    try {
      journalFormat.writeRecord(this.fd, doc, update);
    } catch (error) {
      // A partial record may end this file: close it, so nothing is written after it (the reader
      // stops there) and the next append starts a new file.
      this.rotate();
      throw error;
    }
    this.records.push({ doc, update });
    if (this.records.length >= ROTATE_AFTER_RECORDS) this.rotate();
  }

  /**
   * The journaled updates of `doc` not yet in the `updates` table, oldest file first. Those of a
   * file the worker imported but has not reported yet are rows already: the import mark says so.
   * Call it in the read transaction that reads the rows, so both see the same mark.
   */
  updatesOf(doc: string): Uint8Array[] {
    const imported = journalFormat.importedGeneration(this.db);
    const updates: Uint8Array[] = [];
    for (const [generation, records] of this.pending)
      if (generation > imported)
        for (const record of records) if (record.doc === doc) updates.push(record.update);
    return updates;
  }

  /**
   * Close the open file, if any, and hand it to the storage worker (or import it here when the
   * worker is stopped). A worker that fails to import leaves it to this thread.
   */
  rotate(): void {
    const generation = this.closeFile();
    if (generation === undefined) return;
    const job = this.importInBackground(generation, this.fileOf(generation));
    if (!job) return this.importHere(generation);
    job.then(
      () => this.pending.delete(generation),
      (error: unknown) => {
        // Imported here meanwhile (shutdown drains before it stops the worker): nothing to report.
        if (!this.pending.has(generation)) return;
        console.error(
          `journal file ${generation}: the storage worker could not import it (${String(error)}); importing it here`,
        );
        try {
          this.importHere(generation);
        } catch (again) {
          // It stays on disk and in memory: imported at shutdown or at the next start.
          console.error(`journal file ${generation}: could not import it here either:`, again);
        }
      },
    );
  }

  /** Import every file not imported yet on this thread, now: afterwards all rows are in SQLite. */
  drain(): void {
    this.closeFile();
    for (const generation of [...this.pending.keys()]) this.importHere(generation);
  }

  /** Stop the timer and move everything into SQLite (shutdown). */
  close(): void {
    clearInterval(this.timer);
    this.drain();
  }

  /** Close the open file, if any: its generation. */
  private closeFile(): number | undefined {
    if (this.fd === undefined) return undefined;
    closeSync(this.fd);
    this.fd = undefined;
    return this.generation;
  }

  private importHere(generation: number): void {
    const records = this.pending.get(generation);
    if (!records) return; // the worker imported it meanwhile
    journalFormat.importJournal(this.db, generation, records);
    this.pending.delete(generation);
    rmSync(this.fileOf(generation), { force: true });
  }

  private fileOf(generation: number): string {
    return join(this.dataDir, `icon-vtt.journal.${generation}`);
  }

  private filesOnDisk(): number[] {
    return readdirSync(this.dataDir)
      .map((name) => FILE_PATTERN.exec(name)?.[1])
      .filter((generation): generation is string => generation !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }
}
