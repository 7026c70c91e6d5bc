import { z } from 'zod';

/**
 * Bounds shared by several schemas. Every one is far above what a real table uses and low enough
 * that no single request can make the server loop, allocate or store without end. The table a
 * self-hosting GM reads is in docs/server.md ("Limits"); change both together.
 */

/** Largest map side, in squares: keeps typed-array grids, files and loops over squares bounded. */
export const MAX_MAP_SIDE = 200;

/** Ids of tokens, characters, statuses, log lines (characters). */
export const MAX_ID_CHARS = 64;
/** Display names: characters, abilities, maps, rooms (characters). */
export const MAX_NAME_CHARS = 120;
/** Free text: descriptions, effect text, chat lines, log lines (characters). */
export const MAX_TEXT_CHARS = 2_000;
/** One GM note (characters). */
export const MAX_NOTE_CHARS = 20_000;
/** Tokens in one doc of a room, and characters in one encounter + party. */
export const MAX_TOKENS = 500;
/** Player characters in one party file. */
export const MAX_PARTY_CHARACTERS = 20;
/** Player invites one room keeps at most (each has a channel doc the server writes under per-player fog). */
export const MAX_INVITES = 20;
/** Foes in one encounter file. */
export const MAX_ENCOUNTER_FOES = 200;
/** Abilities, traits, statuses, keywords … in one list of a stat block or combatant. */
export const MAX_LIST_ITEMS = 50;
/** Entries in a room's status catalog. */
export const MAX_CATALOG_STATUSES = 100;
/**
 * Boons or curses on one modifier or status effect, and bonus dice/boosts on one damage spec. The
 * exact odds stop at 12 net boons (src/rules/hitChance.ts) and a 13th d6 changes nothing a table
 * would notice; see docs/rules.md "Boons and curses".
 */
export const MAX_BOONS = 12;
/** Largest number a stat, HP, range or counter may hold. */
export const MAX_STAT = 9_999;
/** Log entries or chat lines in one room file. */
export const MAX_LOG_ENTRIES = 100_000;

/** A string of at most `max` characters, saying the bound when it is too long. */
export function boundedText(max: number) {
  return z.string().max(max, atMost(max, 'characters'));
}

/** A list of at most `max` items, naming them ("at most 50 abilities"). */
export function boundedList<T extends z.ZodType>(item: T, max: number, what: string) {
  return z.array(item).max(max, atMost(max, what));
}

/** A string-keyed record of at most `max` entries (keys at most MAX_ID_CHARS characters). */
export function boundedRecord<T extends z.ZodType>(value: T, max: number, what: string) {
  return z
    .record(z.string().max(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters in a key')), value)
    .refine((record) => Object.keys(record).length <= max, atMost(max, what));
}

/**
 * "40,000": one formatter for every bound. `toLocaleString` builds a formatter per call, and the
 * schemas call `atMost` for each bounded field while they are built, at page start-up.
 */
const GROUPED = new Intl.NumberFormat('en-US');

/** "at most N" with thousands separators, for error messages. */
export function atMost(limit: number, what: string): string {
  return `at most ${GROUPED.format(limit)}${what ? ` ${what}` : ''}`;
}

/**
 * Uploaded images (issue 14; src/server/assets/). A battlemap file may be up to 25 MB, a portrait
 * up to 2 MB (then shrunk to at most PORTRAIT_MAX_SIDE on a side). A room holds at most
 * MAX_ROOM_ASSETS images totalling MAX_ROOM_ASSET_BYTES, which also bounds what a room file carries.
 */
export const MAX_MAP_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_PORTRAIT_IMAGE_BYTES = 2 * 1024 * 1024;
export const PORTRAIT_MAX_SIDE = 512;
export const MAX_ROOM_ASSETS = 100;
export const MAX_ROOM_ASSET_BYTES = 64 * 1024 * 1024;

/** "3 MB", "25 MB", "1.5 MB", "200 KB": a size as people read it (MB = 1024 × 1024 bytes). */
export function megabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  return `${mb >= 10 ? Math.round(mb) : +mb.toFixed(1)} MB`;
}

/** The sentence for a file over `limit` bytes; `size` undefined when it was counted while streaming. */
export function tooLargeText(size: number | undefined, limit: number): string {
  const said =
    size === undefined || megabytes(size) === megabytes(limit) ? `over ${megabytes(limit)}` : megabytes(size);
  return `the file is ${said}; at most ${megabytes(limit)}`;
}

/**
 * A room file read from disk (`npm run verify`): its documents plus its images in base64 fit well
 * under this (the server takes 8 MB of documents and 64 MB of images in one import).
 */
export const MAX_ROOM_FILE_BYTES = 128 * 1024 * 1024;
