import { SchemaError, parseOrThrow } from '../schema/formatIssues';
import { migrateRoomFile, RoomFileSchema, type RoomFile } from '../schema/room';
import { tooLargeText } from '../schema/limits';

/** The server refuses request bodies over 8 MiB (docs/server.md): say so before uploading. */
export const MAX_ROOM_FILE_BYTES = 8 * 1024 * 1024;

/** What every exported room file's name ends with, so it is told apart from map files. */
export const ROOM_FILE_SUFFIX = '.icon-vtt.json';

/**
 * The download name of an export: the room's own name, kept readable (spaces and case stay),
 * with only the characters file systems refuse replaced (docs/ui.md, export/import).
 */
export function roomFileName(roomName: string): string {
  const base = roomName
    .replace(/\s+/g, ' ')
    // Refused on Windows or meaningful as a path: / \ : * ? " < > | and control characters.
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .trim()
    // A leading dot hides the file; trailing dots and spaces are dropped by Windows.
    .replace(/^[.\s-]+|[.\s]+$/g, '')
    .slice(0, 100)
    .trim();
  return (base || 'room') + ROOM_FILE_SUFFIX;
}

/** The export as a file: pretty JSON (two-space indent) with a final newline. */
export function serializeRoomFile(file: unknown): string {
  return JSON.stringify(file, null, 2) + '\n';
}

export type ParsedRoomFile =
  { ok: true; file: RoomFile; data: unknown; summary: string } | { ok: false; error: string };

/**
 * Check a room file's text before it is posted: size, JSON syntax, then `RoomFileSchema` — every
 * problem named with the file and its JSON path ("public.tokens.0.cell.x: …"). `data` is the
 * file as written (after migration), which is what gets posted: the server validates it again.
 */
export function parseRoomFile(text: string, fileName: string): ParsedRoomFile {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_ROOM_FILE_BYTES)
    return {
      ok: false,
      error: `${fileName}: ${tooLargeText(bytes, MAX_ROOM_FILE_BYTES)}`,
    };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `${fileName}: not valid JSON (${(e as Error).message})` };
  }
  const data = migrateRoomFile(raw);
  try {
    const file = parseOrThrow(RoomFileSchema, data, fileName);
    return { ok: true, file, data, summary: describeRoomFile(file) };
  } catch (e) {
    if (e instanceof SchemaError) return { ok: false, error: e.message };
    throw e;
  }
}

/** One line for the create screen: what the GM is about to import. */
export function describeRoomFile(file: RoomFile): string {
  const { map } = file.public;
  const visible = file.public.tokens.length;
  const hidden = file.secrets.tokens.length;
  const when = new Date(file.exportedAt).toISOString().slice(0, 16).replace('T', ' ');
  return (
    `Room “${file.name}”: map “${map.name}” ${map.width}×${map.height}, ` +
    `${plural(visible + hidden, 'token')} (${hidden} hidden)` +
    `${file.public.turn ? `, in combat (round ${file.public.turn.round})` : ''}, exported ${when} UTC.`
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
