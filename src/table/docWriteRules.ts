import type { z } from 'zod';
import { CombatantStateSchema } from '../schema/combatant';
import {
  atMost,
  MAX_ID_CHARS,
  MAX_INVITES,
  MAX_LOG_ENTRIES,
  MAX_MAP_SIDE,
  MAX_NAME_CHARS,
  MAX_NOTE_CHARS,
  MAX_STAT,
  MAX_TOKENS,
} from '../schema/limits';
import { InterruptOffersSchema } from '../schema/interruptOffer';
import { ChatMessageSchema, LogEntrySchema } from '../schema/logEntry';
import { MapBackgroundSchema, MapSideSchema } from '../schema/map';
import { RoomSettingsSchema } from '../schema/settings';
import { StatBlockSchema } from '../schema/statBlock';
import { TokenSchema } from '../schema/token';
import { TurnOrderSchema } from '../schema/turnOrder';
import { TABLE_SCHEMA_VERSION } from './docLayout';
import type { RootName } from './docRoots';
import { rootNamesIn } from './docRoots';
import { MapCellPaintSchema, MapRowSchema } from './mapContent';
import { plainIssue } from '../schema/issueSentence';
import { isPlainValidToken } from './tokenFastCheck';
import { SquareSetSchema } from '../schema/explored';
import { ShownStateSchema } from './shownState';
import { DrawingSchema, MAX_DRAWINGS, type DrawingLayer } from '../schema/drawing';
import type { Scene } from '../schema/scene';
import {
  ActiveSceneSchema,
  MAX_SCENE_BYTES,
  MAX_SCENES,
  SceneSchema,
  sceneBytes,
  sceneSize,
} from '../schema/scene';

/**
 * What a GM may write into each root of a room's docs (src/table/docRoots.ts): the readers'
 * schemas per value, key formats and doc-level bounds. Used by `checkDocWrite`.
 */

export type WrittenDoc = 'public' | 'secrets';

/** Why one value may not be stored at `key` (a sentence), or null when it may. */
export type ValueCheck = (key: string | null, value: unknown) => string | null;

export interface RootRule {
  readonly type: 'map' | 'array';
  readonly check: ValueCheck;
  /** Keys the map may hold at most (maps whose keys are squares are bounded by their key check). */
  readonly maxKeys?: { readonly count: number; readonly what: string };
  /**
   * Items a list may hold at most: the room file's bound, so a room can always be exported and
   * imported again.
   */
  readonly maxItems?: { readonly count: number; readonly what: string };
  /**
   * Only the server writes this root (replay records: docs/table/replay.md): a client's write to
   * it, or deletion of anything in it, is refused with this sentence.
   */
  readonly serverOnly?: string;
}

function bySchema(schema: z.ZodType): ValueCheck {
  return (_key, value) => {
    const result = schema.safeParse(value);
    if (result.success) return null;
    const issue = result.error.issues[0]!;
    return `${issue.path.length ? `${issue.path.map(String).join('.')}: ` : ''}${plainIssue(issue)}`;
  };
}

function keyed(keys: Readonly<Record<string, (value: unknown) => string | null>>, what: string): ValueCheck {
  return (key, value) =>
    key !== null && Object.hasOwn(keys, key) ? keys[key]!(value) : `'${key}' is not a ${what} field`;
}

const idKey =
  (inner: ValueCheck): ValueCheck =>
  (key, value) =>
    key !== null && key.length > MAX_ID_CHARS
      ? `the key is too long (${atMost(MAX_ID_CHARS, 'characters')})`
      : inner(key, value);

const SQUARE_KEY = /^(\d{1,3}),(\d{1,3})$/;
const squareKey =
  (inner: ValueCheck): ValueCheck =>
  (key, value) => {
    const match = key === null ? null : SQUARE_KEY.exec(key);
    if (!match || Number(match[1]) >= MAX_MAP_SIDE || Number(match[2]) >= MAX_MAP_SIDE)
      return `'${key}' is not a square "x,y" of a map of at most ${MAX_MAP_SIDE}×${MAX_MAP_SIDE}`;
    return inner(key, value);
  };

const name = (value: unknown) =>
  typeof value === 'string' && value.length <= MAX_NAME_CHARS
    ? null
    : `expected a name of ${atMost(MAX_NAME_CHARS, 'characters')}`;
const chapter = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 10
    ? null
    : 'expected a chapter 1–10';
const tokenSchemaCheck = bySchema(TokenSchema);
/** Every GM move writes a token: the common shape is recognised without zod (tokenFastCheck.ts). */
const tokenCheck: ValueCheck = (key, value) =>
  isPlainValidToken(value) ? null : tokenSchemaCheck(key, value);

const sceneSchemaCheck = bySchema(SceneSchema);

const SERVER_ONLY_TEXT = 'replay records are written by the server only';
const SERVER_ONLY: ValueCheck = () => SERVER_ONLY_TEXT;

const TOKEN_COUNT = { count: MAX_TOKENS, what: 'tokens in one document' };

/**
 * Handouts (docs/table/handouts.md) are shown through the server, which checks the picture is the
 * room's and writes a one-player handout to that player's channel too; the GM's page may only take
 * one back (a deletion, which needs no check).
 */
const HANDOUTS_BY_SERVER: ValueCheck = () =>
  'a handout is shown through the server (Show in the Handouts panel); the GM may only take one back';

const drawingSchemaCheck = bySchema(DrawingSchema);
/**
 * Drawings (issue 15) written straight by the GM: each doc holds one layer (the GM's layer only in
 * the secrets doc, so it is never sent to players), keyed by the drawing's id, at most MAX_DRAWINGS.
 */
const drawingsRoot = (layer: DrawingLayer): RootRule => ({
  type: 'map',
  maxKeys: { count: MAX_DRAWINGS, what: 'drawings on one layer' },
  check: idKey((key, value) => {
    const problem = drawingSchemaCheck(key, value);
    if (problem) return problem;
    const drawing = value as { id: string; layer: DrawingLayer };
    if (drawing.layer !== layer) return `a drawing in this document is on the '${layer}' layer`;
    return drawing.id === key ? null : `id: expected '${key}' (the drawing's key)`;
  }),
});

/**
 * What a GM may write into each root (./docRoots.ts), by name: a root added to the table does not
 * compile until it has its rule here. One rule for every doc that holds the root, or one per doc.
 */
const RULES: { readonly [N in RootName]: RootRule | Readonly<Record<WrittenDoc, RootRule>> } = {
  meta: {
    type: 'map',
    check: keyed(
      {
        schemaVersion: (v) => (v === TABLE_SCHEMA_VERSION ? null : `must stay ${TABLE_SCHEMA_VERSION}`),
        name,
        // The active scene's id and name, in the public doc only (src/table/scenes/).
        scene: (v) => bySchema(ActiveSceneSchema)(null, v),
      },
      'meta',
    ),
  },
  tokens: {
    type: 'map',
    maxKeys: TOKEN_COUNT,
    check: idKey((key, value) => {
      const problem = tokenCheck(key, value);
      if (problem) return problem;
      return (value as { id: unknown }).id === key ? null : `id: expected '${key}' (the token's key)`;
    }),
  },
  statBlocks: {
    type: 'map',
    maxKeys: { ...TOKEN_COUNT, what: 'stat blocks' },
    check: idKey(bySchema(StatBlockSchema)),
  },
  combatants: {
    type: 'map',
    maxKeys: { ...TOKEN_COUNT, what: 'combatants' },
    check: idKey(bySchema(CombatantStateSchema)),
  },
  // The GM's "Undo this application" writes offers back (reverseDiff).
  offers: {
    type: 'map',
    maxKeys: { ...TOKEN_COUNT, what: 'characters with interrupt offers' },
    check: idKey(bySchema(InterruptOffersSchema)),
  },
  log: {
    type: 'array',
    check: bySchema(LogEntrySchema),
    maxItems: { count: MAX_LOG_ENTRIES, what: 'log entries' },
  },
  drawings: { public: drawingsRoot('table'), secrets: drawingsRoot('gm') },
  map: {
    type: 'map',
    check: keyed(
      {
        name,
        width: (v) => bySchema(MapSideSchema)(null, v),
        height: (v) => bySchema(MapSideSchema)(null, v),
        chapter,
        background: (v) => bySchema(MapBackgroundSchema)(null, v),
      },
      'map',
    ),
  },
  mapRows: {
    type: 'map',
    check: (key, value) =>
      key !== null && /^\d{1,3}$/.test(key) && Number(key) < MAX_MAP_SIDE
        ? bySchema(MapRowSchema)(key, value)
        : `'${key}' is not a row of a map of at most ${MAX_MAP_SIDE}×${MAX_MAP_SIDE}`,
  },
  mapPaint: { type: 'map', check: squareKey(bySchema(MapCellPaintSchema)) },
  destructible: {
    type: 'map',
    check: squareKey((_key, value) =>
      Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_STAT
        ? null
        : `expected remaining HP 0–${MAX_STAT}`,
    ),
  },
  // Doors opened and closed in play (the map's doors; src/table/mapContent.ts).
  doors: {
    type: 'map',
    check: squareKey((_key, value) =>
      typeof value === 'boolean' ? null : 'expected true (closed) or false (open)',
    ),
  },
  turn: {
    type: 'map',
    check: keyed({ order: (v) => bySchema(TurnOrderSchema.nullable())(null, v) }, 'turn'),
  },
  settings: {
    type: 'map',
    check: keyed({ room: (v) => bySchema(RoomSettingsSchema)(null, v) }, 'settings'),
  },
  // Fog of war: the GM's writers add what the party sees (src/table/vision/partySight.ts).
  explored: {
    type: 'map',
    maxKeys: { count: MAX_SCENES + 1, what: 'scenes explored' },
    check: idKey(bySchema(SquareSetSchema)),
  },
  // Per-player fog: the server adds what each player sees; the GM's brush adds or takes squares.
  playerExplored: {
    type: 'map',
    maxKeys: { count: MAX_INVITES * (MAX_SCENES + 1), what: "players' explored scenes" },
    check: (key, value) =>
      key !== null && key.length > 2 * MAX_ID_CHARS + 1
        ? `the key is too long (${atMost(2 * MAX_ID_CHARS + 1, 'characters')})`
        : bySchema(SquareSetSchema)(key, value),
  },
  // The GM's writers keep these faces in step with the secrets doc (src/table/foeHealth.ts).
  shownStates: {
    type: 'map',
    maxKeys: { ...TOKEN_COUNT, what: 'foe faces' },
    check: idKey(bySchema(ShownStateSchema)),
  },
  chat: {
    type: 'array',
    check: bySchema(ChatMessageSchema),
    maxItems: { count: MAX_LOG_ENTRIES, what: 'chat lines' },
  },
  notes: {
    type: 'map',
    maxKeys: { count: MAX_TOKENS + 1, what: 'notes' },
    check: idKey((_key, value) =>
      typeof value === 'string' && value.length <= MAX_NOTE_CHARS
        ? null
        : `expected a note of ${atMost(MAX_NOTE_CHARS, 'characters')}`,
    ),
  },
  // What each outcome was computed from (docs/table/replay.md): the server writes it while it
  // resolves an intent; a GM client may neither forge nor delete a record.
  scenes: {
    type: 'map',
    maxKeys: { count: MAX_SCENES, what: 'scenes' },
    check: idKey((key, value) => {
      const problem = sceneSchemaCheck(key, value);
      if (problem) return problem;
      if ((value as Scene).id !== key) return `id: expected '${key}' (the scene's key)`;
      const bytes = sceneBytes(value);
      return bytes > MAX_SCENE_BYTES
        ? `the scene is ${sceneSize(bytes)}; a scene keeps ${atMost(MAX_SCENE_BYTES, 'bytes')}`
        : null;
    }),
  },
  // Bounded by `show-handout` (MAX_HANDOUTS), the only way one is written.
  handouts: { type: 'map', check: HANDOUTS_BY_SERVER },
  replay: { type: 'map', check: SERVER_ONLY, serverOnly: SERVER_ONLY_TEXT },
  replayInputs: { type: 'map', check: SERVER_ONLY, serverOnly: SERVER_ONLY_TEXT },
};

/** The rules of each doc's roots, as `checkDocWrite` looks them up. */
export const ROOTS: Readonly<Record<WrittenDoc, Readonly<Record<string, RootRule>>>> = {
  public: rulesIn('public'),
  secrets: rulesIn('secrets'),
};

function rulesIn(doc: WrittenDoc): Readonly<Record<string, RootRule>> {
  return Object.fromEntries(
    rootNamesIn(doc).map((n) => {
      const rule = RULES[n];
      return [n, 'check' in rule ? rule : rule[doc]];
    }),
  );
}
