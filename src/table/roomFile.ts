import type * as Y from 'yjs';
import type { RoomFile } from '../schema/room';
import { migrateRoomFile, ROOM_FILE_SCHEMA_VERSION, RoomFileSchema } from '../schema/room';
import { parseOrThrow } from '../schema/formatIssues';
import {
  cellKey,
  publicRootsOf,
  rootsOf,
  secretRootsOf,
  SYSTEM_ORIGIN,
  TABLE_SCHEMA_VERSION,
  transactBoth,
} from './docLayout';
import { fullDestructibleHp, readChapter, readDestructibleHp, readMapContent } from './mapContent';
import {
  readChat,
  readCombatants,
  readLog,
  readNotes,
  readSettings,
  readStatBlocks,
  readTokens,
  readTurnOrder,
} from './readDoc';
import { readMeta } from './readDoc';
import { plainIssue } from '../schema/issueSentence';
import { placeAllHealth, stateDocFor } from './foeHealth';
import { readDrawings } from './readDrawings';
import { readReplayContent } from './replay/replayStore';

/** Thrown when a room cannot be exported or imported; nothing has been written. */
export class RoomFileError extends Error {}

/**
 * The room as a JSON file: both docs' content as plain validated data (the map with painted
 * squares folded in). Values that fail validation are not exported; they are listed in the error.
 */
export function exportRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc, now = Date.now()): RoomFile {
  const problems: string[] = [];
  const map = readMapContent(publicDoc);
  if (!map) throw new RoomFileError('this room has no map to export');
  const file = {
    schemaVersion: ROOM_FILE_SCHEMA_VERSION,
    kind: 'room',
    name: readMeta(publicDoc).name,
    exportedAt: now,
    public: {
      map,
      chapter: readChapter(publicDoc),
      destructibleHp: readDestructibleHp(publicDoc),
      tokens: [...readTokens(publicDoc, 'public', problems).values()],
      statBlocks: Object.fromEntries(readStatBlocks(publicDoc, 'public', problems)),
      combatants: Object.fromEntries(readCombatants(publicDoc, 'public', problems)),
      turn: readTurnOrder(publicDoc, problems),
      log: readLog(publicDoc, 'public', problems),
      chat: readChat(publicDoc, problems),
      settings: readSettings(publicDoc, problems),
      drawings: readDrawings(publicDoc, 'table'),
    },
    secrets: {
      tokens: [...readTokens(secretsDoc, 'secrets', problems).values()],
      statBlocks: Object.fromEntries(readStatBlocks(secretsDoc, 'secrets', problems)),
      combatants: Object.fromEntries(readCombatants(secretsDoc, 'secrets', problems)),
      log: readLog(secretsDoc, 'secrets', problems),
      notes: readNotes(secretsDoc),
      drawings: readDrawings(secretsDoc, 'gm'),
      // The GM's copy of every whisper; players' channel docs are not in the file (nor invites).
      chat: readChat(secretsDoc, problems, 'secrets'),
      // What each outcome was computed from (docs/table/replay.md): GM-only like the rest here.
      replay: readReplayContent(secretsDoc),
    },
  };
  // Round-trip through JSON so the file holds no frozen or shared objects.
  const plain: unknown = JSON.parse(JSON.stringify(file));
  const parsed = RoomFileSchema.safeParse(plain);
  if (!parsed.success || problems.length) {
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${plainIssue(i)}`);
    throw new RoomFileError(`room export is not valid:\n  ${[...problems, ...issues].join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * Fills two EMPTY docs from a room file (validated first: every problem is named with its path,
 * e.g. "room file: public.tokens.0.cell.x: ..."). One transaction per doc, not undoable.
 */
export function importRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc, data: unknown): RoomFile {
  const file = parseOrThrow(RoomFileSchema, migrateRoomFile(data), 'room file');
  if (rootsOf(publicDoc).meta.get('schemaVersion') !== undefined)
    throw new RoomFileError('this room is not empty');
  transactBoth({ public: publicDoc, secrets: secretsDoc }, SYSTEM_ORIGIN, () => {
    for (const doc of [publicDoc, secretsDoc]) rootsOf(doc).meta.set('schemaVersion', TABLE_SCHEMA_VERSION);
    rootsOf(publicDoc).meta.set('name', file.name);
    const pub = publicRootsOf(publicDoc);
    const map = file.public.map;
    pub.map.set('name', map.name);
    pub.map.set('width', map.width);
    pub.map.set('height', map.height);
    pub.map.set('chapter', file.public.chapter);
    map.cells.forEach((cells, y) => pub.mapRows.set(String(y), { cells, heights: map.heights[y]! }));
    for (const c of map.destructible) {
      const key = cellKey(c.x, c.y);
      pub.destructible.set(key, file.public.destructibleHp[key] ?? fullDestructibleHp(map, c));
    }
    pub.settings.set('room', file.public.settings);
    pub.turn.set('order', file.public.turn);
    if (file.public.chat.length) pub.chat.push(file.public.chat);
    const sec = secretRootsOf(secretsDoc);
    const docs = { public: publicDoc, secrets: secretsDoc };
    const visible = new Map(file.public.tokens.map((t) => [t.id, t]));
    for (const [roots, part] of [
      [pub, file.public],
      [sec, file.secrets],
    ] as const) {
      for (const t of part.tokens) roots.tokens.set(t.id, t);
      for (const [id, block] of Object.entries(part.statBlocks)) roots.statBlocks.set(id, block);
      for (const [id, state] of Object.entries(part.combatants)) {
        // Where the room's `foeHp` keeps it (a file from an `exact` room keeps foes' HP public).
        const token = visible.get(id);
        const home = token ? rootsOf(stateDocFor(docs, token, false, file.public.settings)) : roots;
        home.combatants.set(id, state);
      }
      if (part.log.length) roots.log.push(part.log);
      for (const drawing of part.drawings) roots.drawings.set(drawing.id, drawing);
    }
    for (const [key, text] of Object.entries(file.secrets.notes)) sec.notes.set(key, text);
    if (file.secrets.chat.length) sec.chat.push(file.secrets.chat);
    for (const [id, record] of Object.entries(file.secrets.replay.records)) sec.replay.set(id, record);
    for (const [hash, input] of Object.entries(file.secrets.replay.inputs)) sec.replayInputs.set(hash, input);
    placeAllHealth(docs, file.public.settings);
  });
  return file;
}
