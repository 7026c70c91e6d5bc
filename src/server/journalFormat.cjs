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
const { writeSync } = require('node:fs');

const HEADER_BYTES = 8;

/**
 * CRC-32 (the IEEE polynomial, as zlib's `crc32`), a table lookup per byte. Plain JavaScript
 * because a record is a few hundred bytes: on the hot path the call into zlib cost more than the
 * loop (≈ 11 µs of a record's cost with cold caches, docs/server.md "Session 22").
 */
const CRC_TABLE = new Int32Array(256);
for (let n = 0; n < 256; n += 1) {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c;
}

function crc32(bytes, start, end) {
  let crc = -1;
  for (let i = start; i < end; i += 1) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/**
 * The buffer records are encoded into, reused: a record is written as soon as it is encoded, and
 * `write()` has copied it into the kernel before the next one is. Allocating a buffer per record
 * cost about as much as the CRC.
 */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/** The kv row naming the newest journal file whose records are in the `updates` table. */
const IMPORTED_KEY = 'journal.imported';

/** The generation of the newest journal file whose records are rows (0: none yet). */
function importedGeneration(db) {
  return Number(db.prepare('SELECT value FROM kv WHERE key = ?').pluck().get(IMPORTED_KEY) ?? 0);
}

/**
 * Encode one record into `scratch` (grown when it may be too small): its size in bytes. Bytes are
 * stored one by one rather than with Buffer's writeUInt32LE and friends, whose argument checks
 * showed in the hot path's cold-cache cost.
 */
function encodeIntoScratch(doc, update) {
  // A UTF-16 unit takes at most 3 bytes of UTF-8.
  const atMost = HEADER_BYTES + 2 + doc.length * 3 + update.byteLength;
  if (atMost > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(atMost, scratch.length * 2));
  const buffer = scratch;
  const docBytes = buffer.write(doc, HEADER_BYTES + 2, 'utf8');
  if (docBytes > 0xffff) throw new RangeError(`journal: a doc name of ${docBytes} bytes`);
  const bodyBytes = 2 + docBytes + update.byteLength;
  const size = HEADER_BYTES + bodyBytes;
  putUint32(buffer, 0, bodyBytes);
  buffer[HEADER_BYTES] = docBytes;
  buffer[HEADER_BYTES + 1] = docBytes >>> 8;
  buffer.set(update, HEADER_BYTES + 2 + docBytes);
  putUint32(buffer, 4, crc32(buffer, HEADER_BYTES, size));
  return size;
}

function putUint32(buffer, at, value) {
  buffer[at] = value;
  buffer[at + 1] = value >>> 8;
  buffer[at + 2] = value >>> 16;
  buffer[at + 3] = value >>> 24;
}

/** Append one record to the open file `fd` with a single write(); throws if it was cut short. */
function writeRecord(fd, doc, update) {
  const size = encodeIntoScratch(doc, update);
  const written = writeSync(fd, scratch, 0, size);
  if (written !== size) throw new Error(`journal: wrote ${written} of ${size} bytes`);
}

/** One record as its own buffer (tests and tools; the server writes with `writeRecord`). */
function encodeRecord(doc, update) {
  return Buffer.from(scratch.subarray(0, encodeIntoScratch(doc, update)));
}

/** Every whole record of a file's bytes, in order: `{ doc, update }`. */
function parseJournal(bytes) {
  const records = [];
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length) {
    const bodyBytes = bytes.readUInt32LE(at);
    const body = at + HEADER_BYTES;
    if (bodyBytes < 2 || body + bodyBytes > bytes.length) break;
    if (crc32(bytes, body, body + bodyBytes) !== bytes.readUInt32LE(at + 4)) break;
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

module.exports = { importedGeneration, encodeRecord, writeRecord, parseJournal, importJournal, crc32 };
