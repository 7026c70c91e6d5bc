import { z } from 'zod';
import { CellSchema } from './cell';
import { CombatantStateSchema } from './combatant';
import { MapSchema } from './map';
import { StatBlockSchema } from './statBlock';
import { VisionSchema } from './settings';
import { drawingList, TokenListSchema } from './tokenList';
import {
  atMost,
  boundedList,
  boundedRecord,
  boundedText,
  MAX_ID_CHARS,
  MAX_MAP_SIDE,
  MAX_PARTY_CHARACTERS,
  MAX_STAT,
  MAX_TOKENS,
} from './limits';

/**
 * Scenes a room keeps at most, the active one included: a campaign's battlefields. With every
 * scene at its size bound the room file stays far inside MAX_ROOM_FILE_BYTES.
 */
export const MAX_SCENES = 24;

/**
 * A kept scene's JSON, in UTF-8 bytes. A switch writes the scene left and the scene entered in
 * one GM write, which travels as one websocket frame of at most 1 MiB (src/server/startServer.ts);
 * and a room file carries every scene, so a room import takes MAX_SCENES of these on top of the
 * rest of a room (src/server/assets/roomFileImages.ts `MAX_ROOM_IMPORT_BYTES`).
 */
export const MAX_SCENE_BYTES = 400_000;

const utf8 = new TextEncoder();

/** A scene's size as the bound counts it: the UTF-8 bytes of its JSON. */
export function sceneBytes(scene: unknown): number {
  return utf8.encode(JSON.stringify(scene)).length;
}

/** "312 KB": a scene's JSON size as a refusal says it. */
export function sceneSize(bytes: number): string {
  return `${Math.ceil(bytes / 1000)} KB`;
}

/** The log's line for a switch, with the new scene's id as its `scene`: players learn names from it. */
export const MOVED_ON = 'The party moves on to ';

/** A scene's name as the GM's list and the log say it. */
export const SceneNameSchema = z
  .string()
  .trim()
  .min(1, 'a scene needs a name')
  .max(80, atMost(80, 'characters'));

/**
 * One battlefield kept while the party is elsewhere (docs/table/scenes.md): everything of the
 * room's live roots that belongs to the place, the party's characters left out (they belong to
 * the room and go with it).
 */
export const SceneContentSchema = z.object({
  /** The map with its battlemap and its doors as they were left open or closed. */
  map: MapSchema,
  chapter: z.number().int().min(1).max(10, atMost(10, '')).default(1),
  /** Remaining HP per destructible square, keyed "x,y". */
  destructibleHp: boundedRecord(
    z.number().int().min(0).max(MAX_STAT),
    MAX_MAP_SIDE * MAX_MAP_SIDE,
    'squares',
  ).default({}),
  /** Tokens players see, and tokens only the GM sees (foes not yet revealed). */
  tokens: TokenListSchema.default([]),
  hiddenTokens: TokenListSchema.default([]),
  /** Stat blocks players read, and those the GM keeps hidden, by token id. */
  statBlocks: boundedRecord(StatBlockSchema, MAX_TOKENS, 'stat blocks').default({}),
  hiddenStatBlocks: boundedRecord(StatBlockSchema, MAX_TOKENS, 'stat blocks').default({}),
  /** Each character's state (HP, statuses…), wherever the room keeps it when the scene is live. */
  combatants: boundedRecord(CombatantStateSchema, MAX_TOKENS, 'combatants').default({}),
  drawings: drawingList('table'),
  gmDrawings: drawingList('gm'),
  /**
   * The scene's fog of war (room setting `vision`) as it was when the party left; the room takes
   * it when the party comes back. Absent (a new scene): the room's setting stays as it is.
   */
  vision: VisionSchema.optional(),
});
export type SceneContent = z.infer<typeof SceneContentSchema>;

const SceneId = boundedText(MAX_ID_CHARS).regex(/^[A-Za-z0-9_-]+$/, 'expected a scene id');

/**
 * A scene of the room, kept in the secrets doc's `scenes` root so players never receive one they
 * are not in. `content` is null for the active scene: its content is the room's live roots.
 */
export const SceneSchema = z.object({
  id: SceneId,
  name: SceneNameSchema,
  /** Milliseconds since the epoch: the list's order. */
  createdAt: z.number().int().nonnegative(),
  /** Where the party arrives (an encounter's party starts); none: where they stand, or nearby. */
  partyStarts: boundedList(CellSchema, MAX_PARTY_CHARACTERS, 'party starts').default([]),
  content: SceneContentSchema.nullable(),
});
export type Scene = z.infer<typeof SceneSchema>;

/** The active scene as the public doc names it (players read its name, never another scene's). */
export const ActiveSceneSchema = z.object({ id: SceneId, name: SceneNameSchema });
export type ActiveScene = z.infer<typeof ActiveSceneSchema>;
