import { z } from 'zod';
import { ExploredSchema, PlayerExploredSchema } from './explored';
import { ChatMessageSchema, LogEntrySchema } from './logEntry';
import { MapSchema } from './map';
import { RoomSettingsSchema } from './settings';
import { StatBlockSchema } from './statBlock';
import { TurnOrderSchema } from './turnOrder';
import {
  atMost,
  boundedList,
  boundedRecord,
  boundedText,
  MAX_LOG_ENTRIES,
  MAX_MAP_IMAGE_BYTES,
  MAX_MAP_SIDE,
  MAX_ROOM_ASSET_BYTES,
  MAX_ROOM_ASSETS,
  MAX_NOTE_CHARS,
  MAX_STAT,
  MAX_TOKENS,
} from './limits';

import { CombatantStateSchema } from './combatant';
import { AssetHashSchema } from './asset';
import { ReplayContentSchema } from './replay';
import { drawingList, TokenListSchema } from './tokenList';
import { ActiveSceneSchema, MAX_SCENES, SceneSchema } from './scene';
import { InterruptOffersSchema } from './interruptOffer';
import { HandoutSchema, MAX_HANDOUTS } from './actions/handout';
export { CombatantStateSchema, type CombatantState } from './combatant';

// In a module of its own: the page reads a session before anything else, and importing it from
// here would put every room file schema into a player's first download.
export { SessionSchema, type Session } from './session';

/** Bump with a migration in `migrateRoomFile` when the room file shape changes. */
export const ROOM_FILE_SCHEMA_VERSION = 1;

/**
 * Interrupts offered and not yet taken up or lapsed, by owner's token id (docs/table.md
 * "Interrupt offers"): pending until the turn in progress ends, so a room exported mid-turn keeps
 * them. Absent in files from before issue 32.
 */
const offersRecord = boundedRecord(
  InterruptOffersSchema,
  MAX_TOKENS,
  'characters with interrupt offers',
).default({});

/** Handouts by id (docs/table/handouts.md); absent in files from before issue 32. */
const handoutsRecord = boundedRecord(HandoutSchema, MAX_HANDOUTS, 'handouts').default({});

/** The public doc's content as plain JSON. */
export const PublicContentSchema = z.object({
  map: MapSchema,
  chapter: z.number().int().min(1).max(10, atMost(10, '')).default(1),
  /** Remaining HP per destructible square, keyed "x,y". */
  destructibleHp: z
    .record(z.string().regex(/^\d{1,3},\d{1,3}$/), z.number().int().min(0).max(MAX_STAT))
    .refine(
      (record) => Object.keys(record).length <= MAX_MAP_SIDE * MAX_MAP_SIDE,
      atMost(MAX_MAP_SIDE * MAX_MAP_SIDE, 'squares'),
    )
    .default({}),
  tokens: TokenListSchema,
  statBlocks: boundedRecord(StatBlockSchema, MAX_TOKENS, 'stat blocks').default({}),
  combatants: boundedRecord(CombatantStateSchema, MAX_TOKENS, 'combatants').default({}),
  turn: TurnOrderSchema.nullable().default(null),
  log: boundedList(LogEntrySchema, MAX_LOG_ENTRIES, 'log entries').default([]),
  chat: boundedList(ChatMessageSchema, MAX_LOG_ENTRIES, 'chat lines').default([]),
  settings: RoomSettingsSchema,
  /** The table layer's drawings (everyone sees them). */
  drawings: drawingList('table'),
  /** Offers to characters players command (the public doc's `offers`). */
  offers: offersRecord,
  /** The active scene's id and name (absent in rooms that never had a second scene). */
  scene: ActiveSceneSchema.optional(),
  /** Handouts shown to everyone. */
  handouts: handoutsRecord,
  /** What the party has seen under fog of war, per scene (absent in files from before issue 34). */
  explored: ExploredSchema.default({}),
});
export type PublicContent = z.infer<typeof PublicContentSchema>;

/** The secrets doc's content: hidden tokens and stats, GM-only log, notes, the GM's copy of whispers. */
export const SecretContentSchema = z.object({
  tokens: TokenListSchema.default([]),
  statBlocks: boundedRecord(StatBlockSchema, MAX_TOKENS, 'stat blocks').default({}),
  combatants: boundedRecord(CombatantStateSchema, MAX_TOKENS, 'combatants').default({}),
  log: boundedList(LogEntrySchema, MAX_LOG_ENTRIES, 'log entries').default([]),
  notes: boundedRecord(boundedText(MAX_NOTE_CHARS), MAX_TOKENS + 1, 'notes').default({}),
  /** The GM's layer of drawings (never sent to players). */
  drawings: drawingList('gm'),
  /** The GM's copy of every whisper and private roll (absent in files from before issue 15). */
  chat: boundedList(ChatMessageSchema, MAX_LOG_ENTRIES, 'chat lines').default([]),
  /**
   * What each outcome was computed from (docs/table/replay.md): records by log entry id, facts by
   * content hash. Absent in files from before issue 31 (their entries are "older entries").
   */
  replay: ReplayContentSchema.default({ records: {}, inputs: {} }),
  /** Offers to every other character: foes, hidden ones, ones with hidden stats (GM-only). */
  offers: offersRecord,
  /** The room's other scenes, kept with their content, and the active one's entry (no content). */
  scenes: boundedRecord(SceneSchema, MAX_SCENES, 'scenes').default({}),
  /** The GM's copy of every handout shown to one player (players' channel docs are not in files). */
  handouts: handoutsRecord,
  /** What each player has seen under per-player fog, per scene (absent in older files). */
  playerExplored: PlayerExploredSchema.default({}),
});
export type SecretContent = z.infer<typeof SecretContentSchema>;

/** Characters of `bytes` bytes in base64. */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/**
 * An image the room uses, carried in its file: its id (SHA-256 of the bytes) and the bytes in
 * base64. The server checks each again on import like an upload (src/server/assets/).
 */
export const RoomFileAssetSchema = z.object({
  hash: AssetHashSchema,
  data: z
    .base64()
    .max(base64Length(MAX_MAP_IMAGE_BYTES), `an image of ${atMost(MAX_MAP_IMAGE_BYTES, 'bytes')}`),
});
export type RoomFileAsset = z.infer<typeof RoomFileAssetSchema>;

export const RoomFileAssetsSchema = boundedList(RoomFileAssetSchema, MAX_ROOM_ASSETS, 'images').refine(
  (assets) => assets.reduce((sum, a) => sum + a.data.length, 0) <= base64Length(MAX_ROOM_ASSET_BYTES),
  `images of ${atMost(MAX_ROOM_ASSET_BYTES, 'bytes')} in all`,
);

/**
 * A whole room as a JSON file, for backup and for moving between servers (`GET .../export`,
 * `POST /api/rooms/import`). Documents only: no tokens/credentials.
 */
export const RoomFileSchema = z
  .object({
    schemaVersion: z.literal(ROOM_FILE_SCHEMA_VERSION),
    kind: z.literal('room'),
    name: z.string().max(120),
    /** Milliseconds since the epoch. */
    exportedAt: z.number().int().nonnegative(),
    public: PublicContentSchema,
    secrets: SecretContentSchema,
    /** The images the room uses (battlemap background, portraits); absent when it has none. */
    assets: RoomFileAssetsSchema.optional(),
  })
  .superRefine((file, ctx) => {
    // Remaining HP belongs to a destructible square of the map; any other is refused, not dropped.
    const destructible = new Set(file.public.map.destructible.map((c) => `${c.x},${c.y}`));
    for (const key of Object.keys(file.public.destructibleHp)) {
      if (!destructible.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['public', 'destructibleHp', key],
          message: `(${key}) is not a destructible square of the map (public.map.destructible)`,
        });
      }
    }
    const visible = new Set(file.public.tokens.map((t) => t.id));
    file.secrets.tokens.forEach((t, i) => {
      if (visible.has(t.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['secrets', 'tokens', i, 'id'],
          message: `token '${t.id}' is both visible and hidden`,
        });
      }
    });
  });
export type RoomFile = z.infer<typeof RoomFileSchema>;

/** Migration hook: v1 is the first version, so this passes data through. */
export function migrateRoomFile(data: unknown): unknown {
  return data;
}
