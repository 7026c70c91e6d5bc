import { z } from 'zod';
import { MAX_NAME_CHARS } from '../../schema/limits';

/**
 * "Your rooms": the rooms a GM made in this browser, kept in localStorage (nothing on the server
 * knows who made what). localStorage is outside input — another script, an old build or a hand
 * edit may have written it — so every read is validated and a bad entry is dropped on its own.
 */
export const YOUR_ROOMS_KEY = 'icon-vtt.yourRooms';
/** Newest first; older ones fall off (the rooms themselves stay on the server). */
export const MAX_YOUR_ROOMS = 20;

/**
 * Only a link to this page with a room and a token: anything else (another site, `javascript:`)
 * would be followed by the "Open" link, so it never gets that far.
 */
const GM_LINK = /^\/\?room=[A-Za-z0-9_-]{1,64}&token=[A-Za-z0-9_-]{16,128}$/;

export const YourRoomSchema = z.object({
  name: z.string().min(1).max(MAX_NAME_CHARS),
  gmLink: z.string().regex(GM_LINK),
  createdAt: z.iso.datetime(),
});
export type YourRoom = z.infer<typeof YourRoomSchema>;

const StoredSchema = z.object({ version: z.literal(1), rooms: z.array(z.unknown()) });

/** Storage as the browser gives it; a parameter so tests can hand in a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered rooms, newest first; unreadable storage or entries read as absent. */
export function readYourRooms(storage: KeyValueStorage): YourRoom[] {
  let raw: unknown;
  try {
    const text = storage.getItem(YOUR_ROOMS_KEY);
    if (text === null) return [];
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  const stored = StoredSchema.safeParse(raw);
  if (!stored.success) return [];
  const seen = new Set<string>();
  const rooms: YourRoom[] = [];
  for (const entry of stored.data.rooms) {
    const room = YourRoomSchema.safeParse(entry);
    if (!room.success || seen.has(room.data.gmLink)) continue;
    seen.add(room.data.gmLink);
    rooms.push(room.data);
  }
  return rooms.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, MAX_YOUR_ROOMS);
}

function write(storage: KeyValueStorage, rooms: readonly YourRoom[]): void {
  try {
    storage.setItem(YOUR_ROOMS_KEY, JSON.stringify({ version: 1, rooms: rooms.slice(0, MAX_YOUR_ROOMS) }));
  } catch {
    // Storage full or switched off: the room exists all the same; only this browser's list misses it.
  }
}

/** Remember a room the GM just made (or opened again); it goes to the top. */
export function rememberRoom(storage: KeyValueStorage, room: YourRoom): void {
  const checked = YourRoomSchema.safeParse(room);
  if (!checked.success) return;
  write(storage, [checked.data, ...readYourRooms(storage).filter((r) => r.gmLink !== room.gmLink)]);
}

/** Drop a room from this browser's list (the room itself stays on the server). */
export function forgetRoom(storage: KeyValueStorage, gmLink: string): void {
  write(
    storage,
    readYourRooms(storage).filter((r) => r.gmLink !== gmLink),
  );
}
