import type * as Y from 'yjs';

/**
 * Every root of a room's Yjs documents, in one table: its name, its Yjs type, the documents that
 * hold it, and what a change to it means to the page (`observed`, read by `observeTable`). The
 * layout (`rootsOf`, `publicRootsOf`, `secretRootsOf`, `channelRootsOf` in ./docLayout.ts) is
 * derived from it, and the GM-write rules (./docWriteRules.ts) and readers are records over its
 * names, so a root added here does not compile until it has its write rule.
 * docs/table/document-layout.md draws the picture.
 */

/** The documents of a room: everyone's, the GM's only, one player's channel. */
export type RoomDoc = 'public' | 'secrets' | 'channel';

/** What a change to a root makes the page redraw (src/table/observeTable.ts `TableChanges`). */
export type Observed =
  | 'mapAll'
  | 'cells'
  | 'tokens'
  | 'turn'
  | 'log'
  | 'chat'
  | 'settings'
  | 'notes'
  | 'meta'
  | 'scenes'
  | 'handouts'
  /** Read when needed, never redrawn from a change list (drawings have their own observer). */
  | null;

interface RootSpec {
  readonly type: 'map' | 'array';
  readonly in: readonly RoomDoc[];
  readonly observed: Observed;
  /**
   * Its values may name an uploaded image (a content hash) the page shows: a player may fetch an
   * image only while a root so marked in a doc they receive names it (src/table/imageRefs.ts).
   */
  readonly images?: true;
}

const BOTH = ['public', 'secrets'] as const;
/** Roots a player's channel also carries under per-player fog (the server's copies). */
const WITH_SIGHT = ['public', 'secrets', 'channel'] as const;

export const DOC_ROOTS = {
  /** schemaVersion, room name; public doc: `scene`, the active scene's id and name (ActiveScene). */
  meta: { type: 'map', in: BOTH, observed: 'meta' },
  /**
   * id → Token (public: visible tokens; secrets: hidden ones; a channel: the characters only that
   * player sees under per-player fog, copied by the server: docs/table/fog-of-war.md).
   */
  tokens: { type: 'map', in: WITH_SIGHT, observed: 'tokens' },
  /** token id → StatBlock (public doc: visible stats; secrets doc: hidden stats; channel: as tokens). */
  statBlocks: { type: 'map', in: WITH_SIGHT, observed: 'tokens', images: true },
  /** token id → CombatantState (channel: as tokens). */
  combatants: { type: 'map', in: WITH_SIGHT, observed: 'tokens' },
  /** LogEntry, oldest first (secrets doc: GM-only entries and full twins). */
  log: { type: 'array', in: BOTH, observed: 'log' },
  /**
   * token id → InterruptOffer[]: interrupts offered to their owner (public doc: characters
   * players command; secrets doc: everyone else's, so a foe's abilities never reach players).
   */
  offers: { type: 'map', in: BOTH, observed: null },
  /** id → Drawing: public doc the table layer, secrets doc the GM's layer. Never read by rules. */
  drawings: { type: 'map', in: BOTH, observed: null },
  /** name, width, height (numbers), chapter, background (MapBackground, when the map has art). */
  map: { type: 'map', in: ['public'], observed: 'mapAll', images: true },
  /** row index (string) → MapRow: the map as seeded/resized. */
  mapRows: { type: 'map', in: ['public'], observed: 'mapAll' },
  /** "x,y" → MapCellPaint: cells painted since, one small entry per painted cell. */
  mapPaint: { type: 'map', in: ['public'], observed: 'cells' },
  /** "x,y" → remaining HP of destructible terrain (10 per height level when full). */
  destructible: { type: 'map', in: ['public'], observed: 'cells' },
  /** "x,y" → true when the door on that square is closed (the map's doors, opened in play). */
  doors: { type: 'map', in: ['public'], observed: 'cells' },
  /**
   * 'order' → TurnOrder | null (null = not in combat). The secrets doc holds the whole order only while fog of war keeps
   * a combatant in it from players; the public doc then holds what players may read
   * (src/table/vision/turnSight.ts).
   */
  turn: { type: 'map', in: BOTH, observed: 'turn' },
  /**
   * ChatMessage, oldest first: everyone's lines (public), the GM's copy of every whisper and
   * private roll (secrets), one player's copy of theirs (channel).
   */
  chat: { type: 'array', in: ['public', 'secrets', 'channel'], observed: 'chat' },
  /**
   * handout id → Handout (src/schema/actions/handout.ts, docs/table/handouts.md): everyone's
   * (public), the GM's copy of every handout to one player (secrets), one player's (channel).
   * Written by the server (`show-handout`); the GM may only take one back (delete it).
   */
  handouts: { type: 'map', in: ['public', 'secrets', 'channel'], observed: 'handouts', images: true },
  /** 'room' → RoomSettings (includes the status catalog). */
  settings: { type: 'map', in: ['public'], observed: 'settings' },
  /**
   * token id → ShownState: what players see of a visible foe whose HP the room keeps from them
   * (setting `foeHp`; its whole state is then in the secrets doc, src/table/foeHealth.ts).
   */
  shownStates: { type: 'map', in: ['public', 'channel'], observed: 'tokens' },
  /**
   * scene id (or 'room') → SquareSet: what the party (public doc) or one player (their channel,
   * per-player fog) has seen there under fog of war (docs/table/fog-of-war.md); players draw the
   * rest dark, these squares dimmed.
   */
  explored: { type: 'map', in: ['public', 'channel'], observed: 'cells' },
  /**
   * `<channel>:<scene id or 'room'>` → SquareSet: what each player has explored under per-player
   * fog, kept for the GM and the room file; the server copies each player's into their channel.
   */
  playerExplored: { type: 'map', in: ['secrets'], observed: null },
  /** token id (or 'room') → GM note text. */
  notes: { type: 'map', in: ['secrets'], observed: 'notes' },
  /**
   * log entry id → ReplayRecord (src/schema/replay.ts): what the entry's outcome was computed
   * from (docs/table/replay.md). Written by the server only (docWriteRules: `serverOnly`).
   */
  replay: { type: 'map', in: ['secrets'], observed: null },
  /**
   * scene id → Scene (src/schema/scene.ts): the room's battlefields; every one but the active one
   * with its content, kept here so players never receive a scene they are not in.
   */
  scenes: { type: 'map', in: ['secrets'], observed: 'scenes' },
  /** content hash → a fact a replay record names (a token, a stat block, the map…): stored once. */
  replayInputs: { type: 'map', in: ['secrets'], observed: null },
} as const satisfies Readonly<Record<string, RootSpec>>;

export type RootName = keyof typeof DOC_ROOTS;
type Spec<N extends RootName> = (typeof DOC_ROOTS)[N];
/** The roots `doc` holds, by name, as their Yjs types. */
export type RootsIn<D extends RoomDoc> = {
  readonly [N in RootName as D extends Spec<N>['in'][number] ? N : never]: Spec<N>['type'] extends 'map'
    ? Y.Map<unknown>
    : Y.Array<unknown>;
};

/** The names of the roots `doc` holds. */
export function rootNamesIn(doc: RoomDoc): RootName[] {
  return (Object.keys(DOC_ROOTS) as RootName[]).filter((n) =>
    (DOC_ROOTS[n].in as readonly RoomDoc[]).includes(doc),
  );
}
