import type * as Y from 'yjs';
import type { RoomFile } from '../schema/room';
import type { RootName } from './docRoots';
import type { z } from 'zod';
import { migrateRoomFile, ROOM_FILE_SCHEMA_VERSION, RoomFileSchema } from '../schema/room';
import { SquareSetSchema } from '../schema/explored';
import { applyPartySight } from './vision/partySight';
import { fullTurnOrder } from './vision/turnSight';
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
import { readChapter, readDestructibleHp, readMapContent, writeMapContent } from './mapContent';
import {
  readChat,
  readCombatants,
  readHandouts,
  readLog,
  readNotes,
  readOffers,
  readSettings,
  readStatBlocks,
  readTokens,
} from './readDoc';
import { readMeta } from './readDoc';
import { plainIssue } from '../schema/issueSentence';
import { placeAllHealth, stateDocFor } from './foeHealth';
import { readDrawings } from './readDrawings';
import { readReplayContent } from './replay/replayStore';
import { readActiveScene, readScenes } from './scenes/readScenes';

/** Thrown when a room cannot be exported or imported; nothing has been written. */
export class RoomFileError extends Error {}

/**
 * How a room file carries each root of the docs (./docRoots.ts): `file` = exported and written
 * back by the import as it was; `derived` = not in the file, rebuilt by the import from what is.
 * A record over every root name, so a root added to DOC_ROOTS does not compile until it is
 * decided here (tests/table/roomFileRoundTrip.test.ts walks DOC_ROOTS through a room too).
 * Players' channel docs (their copies of whispers, by invite) are not in files at all: invites
 * are not, and the GM's copy of every whisper is (`secrets.chat`).
 */
export const ROOM_FILE_ROOTS = {
  /** `name`, `public.scene` (the active scene); `schemaVersion` is this build's, written by the import. */
  meta: 'file',
  /** `public.tokens` (visible), `secrets.tokens` (hidden). */
  tokens: 'file',
  /** `public.statBlocks`, `secrets.statBlocks` (hidden stats). */
  statBlocks: 'file',
  /** `public.combatants`, `secrets.combatants`, each put where the room's `foeHp` keeps it. */
  combatants: 'file',
  /** `public.log`, `secrets.log`. */
  log: 'file',
  /** `public.offers`, `secrets.offers`: pending until the turn ends, so a mid-turn export keeps them. */
  offers: 'file',
  /** `public.drawings` (table layer), `secrets.drawings` (GM's layer). */
  drawings: 'file',
  /** `public.map` (name, size, background) and `public.chapter`. */
  map: 'file',
  /** `public.map.cells` and `heights`, with the painted squares folded in. */
  mapRows: 'file',
  /** Folded into `public.map.cells`/`heights` (the file is a map file's shape): empty after import. */
  mapPaint: 'derived',
  /** `public.map.destructible` (which squares) and `public.destructibleHp` (their HP). */
  destructible: 'file',
  /** `public.map.doors`, each open or closed as it was. */
  doors: 'file',
  /** `public.turn`. */
  turn: 'file',
  /** `public.chat` (everyone's), `secrets.chat` (the GM's copy of every whisper). */
  chat: 'file',
  /** `public.settings`. */
  settings: 'file',
  /** Players' view of foes' HP: recomputed from combatants, stat blocks and `foeHp` (placeAllHealth). */
  shownStates: 'derived',
  /** `secrets.notes`. */
  notes: 'file',
  /** `secrets.replay.records`. */
  replay: 'file',
  /** `secrets.replay.inputs`. */
  replayInputs: 'file',
  /** `secrets.scenes`: every kept scene whole, and the active one's entry. */
  scenes: 'file',
  /** `public.handouts` (everyone's), `secrets.handouts` (the GM's copy of each one-player handout). */
  handouts: 'file',
  /** `public.explored`: what the party has seen under fog of war, per scene. */
  explored: 'file',
  /** `secrets.playerExplored`: what each player has seen under per-player fog, per scene. */
  playerExplored: 'file',
} as const satisfies Record<RootName, 'file' | 'derived'>;

/** How `importRoom` learns which images the new room will have. */
export interface ImportRoomOptions {
  /**
   * Whether an image (by its hash) will be the new room's: the server says "carried by the file
   * or already stored". Default: the images the file itself carries (`assets`).
   */
  readonly hasImage?: (hash: string) => boolean;
}

/**
 * The room as a JSON file: both docs' content as plain validated data (the map with painted
 * squares folded in). Values that fail validation are not exported; they are listed in the error.
 */
export function exportRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc, now = Date.now()): RoomFile {
  const problems: string[] = [];
  const map = readMapContent(publicDoc);
  if (!map) throw new RoomFileError('this room has no map to export');
  const destructibleHp = readDestructibleHp(publicDoc);
  const activeScene = readActiveScene(publicDoc);
  const file = {
    schemaVersion: ROOM_FILE_SCHEMA_VERSION,
    kind: 'room',
    name: readMeta(publicDoc).name,
    exportedAt: now,
    public: {
      map,
      chapter: readChapter(publicDoc),
      // Only the map's destructible squares: an entry for any other square is read by nothing.
      destructibleHp: Object.fromEntries(
        map.destructible.flatMap((c) => {
          const hp = destructibleHp[cellKey(c.x, c.y)];
          return hp === undefined ? [] : [[cellKey(c.x, c.y), hp]];
        }),
      ),
      tokens: [...readTokens(publicDoc, 'public', problems).values()],
      statBlocks: Object.fromEntries(readStatBlocks(publicDoc, 'public', problems)),
      combatants: Object.fromEntries(readCombatants(publicDoc, 'public', problems)),
      turn: fullTurnOrder({ public: publicDoc, secrets: secretsDoc }) ?? null,
      log: readLog(publicDoc, 'public', problems),
      chat: readChat(publicDoc, problems),
      settings: readSettings(publicDoc, problems),
      drawings: readDrawings(publicDoc, 'table'),
      offers: Object.fromEntries(readOffers(publicDoc, 'public', problems)),
      ...(activeScene ? { scene: activeScene } : {}),
      handouts: handoutsOf(publicDoc, 'public', problems),
      explored: exploredOf(publicDoc, problems),
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
      offers: Object.fromEntries(readOffers(secretsDoc, 'secrets', problems)),
      scenes: Object.fromEntries(readScenes(secretsDoc, problems).map((scene) => [scene.id, scene])),
      // The GM's copies; each player's own copy (their channel doc) is not in the file.
      handouts: handoutsOf(secretsDoc, 'secrets', problems),
      playerExplored: squareSetsOf(
        secretRootsOf(secretsDoc).playerExplored,
        'secrets.playerExplored',
        problems,
      ),
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
 * Fills two EMPTY docs from a room file: every root the file carries (ROOM_FILE_ROOTS), so
 * export → import → export gives the same file. Validated first, and what cannot be imported is
 * refused, never dropped: every problem is named with its path ("room file: public.tokens.0.cell.x:
 * …", "room file: public.map.background.asset: …"). One transaction per doc, not undoable.
 */
export function importRoom(
  publicDoc: Y.Doc,
  secretsDoc: Y.Doc,
  data: unknown,
  options: ImportRoomOptions = {},
): RoomFile {
  const schema = RoomFileSchema.superRefine(imagesRefine(options.hasImage));
  const file = parseOrThrow(schema, migrateRoomFile(data), 'room file');
  if (rootsOf(publicDoc).meta.get('schemaVersion') !== undefined)
    throw new RoomFileError('this room is not empty');
  transactBoth({ public: publicDoc, secrets: secretsDoc }, SYSTEM_ORIGIN, () => {
    for (const doc of [publicDoc, secretsDoc]) rootsOf(doc).meta.set('schemaVersion', TABLE_SCHEMA_VERSION);
    rootsOf(publicDoc).meta.set('name', file.name);
    if (file.public.scene) rootsOf(publicDoc).meta.set('scene', file.public.scene);
    for (const scene of Object.values(file.secrets.scenes))
      secretRootsOf(secretsDoc).scenes.set(scene.id, scene);
    const pub = publicRootsOf(publicDoc);
    // The map as a map file sets it (rows, background, doors, destructible squares at full HP)…
    writeMapContent(publicDoc, file.public.map, file.public.chapter);
    // …then the HP each destructible square had left (the schema refuses any other square).
    for (const [key, hp] of Object.entries(file.public.destructibleHp)) pub.destructible.set(key, hp);
    pub.settings.set('room', file.public.settings);
    pub.turn.set('order', file.public.turn);
    for (const [scene, squares] of Object.entries(file.public.explored)) pub.explored.set(scene, squares);
    if (file.public.chat.length) pub.chat.push(file.public.chat);
    const sec = secretRootsOf(secretsDoc);
    for (const [key, squares] of Object.entries(file.secrets.playerExplored))
      sec.playerExplored.set(key, squares);
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
      for (const [id, offers] of Object.entries(part.offers)) roots.offers.set(id, offers);
      for (const handout of Object.values(part.handouts)) roots.handouts.set(handout.id, handout);
    }
    for (const [key, text] of Object.entries(file.secrets.notes)) sec.notes.set(key, text);
    if (file.secrets.chat.length) sec.chat.push(file.secrets.chat);
    for (const [id, record] of Object.entries(file.secrets.replay.records)) sec.replay.set(id, record);
    for (const [hash, input] of Object.entries(file.secrets.replay.inputs)) sec.replayInputs.set(hash, input);
    // Derived roots (ROOM_FILE_ROOTS): players' faces of foes' HP.
    placeAllHealth(docs, file.public.settings);
    // Fog of war on in the file: foes the party cannot see go to the GM's tokens at once.
    applyPartySight(docs);
  });
  return file;
}

/** What the party has explored, per scene, for the file (a value that is no square set is named). */
function exploredOf(doc: Y.Doc, problems: string[]): Record<string, string> {
  return squareSetsOf(publicRootsOf(doc).explored, 'public.explored', problems);
}

/** A map of square sets for the file (a value that is no square set is named). */
function squareSetsOf(root: Y.Map<unknown>, where: string, problems: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  root.forEach((value, key) => {
    const parsed = SquareSetSchema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else problems.push(`${where}.${key}: not a set of squares`);
  });
  return out;
}

/** A doc's handouts by id, for the file. */
function handoutsOf(doc: Y.Doc, where: 'public' | 'secrets', problems: string[]) {
  return Object.fromEntries(readHandouts(doc, problems, where).map((handout) => [handout.id, handout]));
}

/**
 * The images the docs name by hash must be the new room's: a battlemap whose image is missing
 * would be a blank map, a handout's a blank handout. (Portraits are left out with a note instead:
 * src/table/portraitRefs.ts.)
 */
function imagesRefine(hasImage: ImportRoomOptions['hasImage']) {
  return (file: RoomFile, ctx: z.RefinementCtx) => {
    const has = hasImage ?? ((hash: string) => !!file.assets?.some((a) => a.hash === hash));
    const background = file.public.map.background;
    if (background && !has(background.asset)) {
      ctx.addIssue({
        code: 'custom',
        path: ['public', 'map', 'background', 'asset'],
        message: `the battlemap's image ${background.asset} is not among the file's images (assets)`,
      });
    }
    for (const which of ['public', 'secrets'] as const)
      for (const [id, handout] of Object.entries(file[which].handouts))
        if (handout.image && !has(handout.image))
          ctx.addIssue({
            code: 'custom',
            path: [which, 'handouts', id, 'image'],
            message: `the handout's picture ${handout.image} is not among the file's images (assets)`,
          });
  };
}

/** Every image a room file's docs name that the new room must hold: the battlemap's, the handouts'. */
export function imagesNamedByFile(file: RoomFile): string[] {
  const handouts = [...Object.values(file.public.handouts), ...Object.values(file.secrets.handouts)];
  return [
    ...(file.public.map.background ? [file.public.map.background.asset] : []),
    ...handouts.flatMap((handout) => (handout.image ? [handout.image] : [])),
  ];
}
