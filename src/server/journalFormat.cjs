'use strict';
/**
 * The update journal's file format and its import into SQLite (src/server/journal.ts explains
 * the journal). Plain CommonJS because two threads load it: the server (TypeScript, through
 * `createRequire`) and the storage worker, which runs without a TypeScript loader.
 *
 * A journal file is a sequence of records, each written by one `write()`:
 *
 *   u32 LE  body length
 *   u32 LE  CRC-32 of the body
 *   body:   u16 LE doc-name length, the doc name (UTF-8), the Yjs update
 *
 * A process killed in the middle of a write leaves at most one incomplete record, at the end of
 * its file: the reader stops at the first record that is cut short or fails its checksum. Such a
 * record was never acknowledged (nothing is broadcast before its write returns).
 */
const { crc32 } = require('node:zlib');

const HEADER_BYTES = 8;

/** The kv row naming the newest journal file whose records are in the `updates` table. */
const IMPORTED_KEY = 'journal.imported';

/** The generation of the newest journal file whose records are rows (0: none yet). */
function importedGeneration(db) {
  return Number(db.prepare('SELECT value FROM kv WHERE key = ?').pluck().get(IMPORTED_KEY) ?? 0);
}

/** One record, ready for a single write(). */
function encodeRecord(doc, update) {
  const docBytes = Buffer.byteLength(doc);
  const bodyBytes = 2 + docBytes + update.byteLength;
  const record = Buffer.allocUnsafe(HEADER_BYTES + bodyBytes);
  record.writeUInt32LE(bodyBytes, 0);
  record.writeUInt16LE(docBytes, HEADER_BYTES);
  record.write(doc, HEADER_BYTES + 2, docBytes, 'utf8');
  record.set(update, HEADER_BYTES + 2 + docBytes);
  record.writeUInt32LE(crc32(record.subarray(HEADER_BYTES)), 4);
  return record;
}

/** Every whole record of a file's bytes, in order: `{ doc, update }`. */
function parseJournal(bytes) {
  const records = [];
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length) {
    const bodyBytes = bytes.readUInt32LE(at);
    const body = at + HEADER_BYTES;
    if (bodyBytes < 2 || body + bodyBytes > bytes.length) break;
    if (crc32(bytes.subarray(body, body + bodyBytes)) !== bytes.readUInt32LE(at + 4)) break;
    const docBytes = bytes.readUInt16LE(body);
    if (2 + docBytes > bodyBytes) break;
    records.push({
      doc: bytes.toString('utf8', body + 2, body + 2 + docBytes),
      update: bytes.subarray(body + 2 + docBytes, body + bodyBytes),
    });
    at = body + bodyBytes;
  }
  return records;
}

/**
 * Append the records of journal file `generation` to the `updates` table, and mark the file
 * imported, in one transaction; nothing when a file of that generation or a later one is marked
 * already (both threads may try the same file: whichever commits first imports it). Returns how
 * many rows it added.
 */
function importJournal(db, generation, records) {
  const append = db.prepare('INSERT INTO updates (doc, data) VALUES (?, ?)');
  const mark = db.prepare(
    'INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  // IMMEDIATE: take the write lock before reading the mark, so two importers never both see it old.
  return db
    .transaction(() => {
      if (importedGeneration(db) >= generation) return 0;
      for (const record of records) append.run(record.doc, record.update);
      mark.run(IMPORTED_KEY, String(generation));
      return records.length;
    })
    .immediate();
}

module.exports = { importedGeneration, encodeRecord, parseJournal, importJournal };
