import type * as Y from 'yjs';
import type { ActiveScene } from '../schema/scene';
import type { InterruptOffer } from '../schema/interruptOffer';
import type { MapData } from '../schema/map';
import type { RoomSettings } from '../schema/settings';
import type { StatBlock } from '../schema/statBlock';
import type { Token } from '../schema/token';
import type { TurnOrder } from '../schema/turnOrder';
import type { CombatantState } from './docLayout';
import { rootsOf } from './docLayout';
import type { ShownState } from './shownState';
import { readChapter, readDestructibleHp, readMapContent } from './mapContent';
import {
  deepFreeze,
  readCombatants,
  readMeta,
  readNotes,
  readOffers,
  readSettings,
  readShownStates,
  readSightCopies,
  readStatBlocks,
  readTokens,
  readTurnOrder,
} from './readDoc';

/** What one doc holds of the characters: tokens, stat blocks, combatant states, interrupt offers. */
export interface DocParts {
  readonly tokens: ReadonlyMap<string, Token>;
  readonly statBlocks: ReadonlyMap<string, StatBlock>;
  readonly combatants: ReadonlyMap<string, CombatantState>;
  readonly offers: ReadonlyMap<string, readonly InterruptOffer[]>;
}

/**
 * A room's table as plain, validated parts, before `tableStateOf` (src/table/snapshot.ts) derives
 * the `TableState` intents read from them: read from the docs by `readTableParts`, or rebuilt from
 * a replay record (src/table/replay/), so both go through the same derivation.
 */
export interface TableParts {
  readonly meta: {
    readonly schemaVersion: number | null;
    readonly name: string;
    /** The scene the party is in (docs/table/scenes.md); null in a room that had one scene. */
    readonly scene: ActiveScene | null;
  };
  readonly map: MapData | null;
  readonly chapter: number;
  readonly destructibleHp: Readonly<Record<string, number>>;
  readonly turn: TurnOrder | null;
  readonly settings: RoomSettings;
  readonly public: DocParts;
  /** Null for a player's view (the public doc only). */
  readonly secrets: DocParts | null;
  /** Players only: faces of foes whose HP the room keeps from them (empty for the GM). */
  readonly faces: ReadonlyMap<string, ShownState>;
  readonly notes: Readonly<Record<string, string>>;
  /** Stored values that failed validation and were skipped, with their path. */
  readonly problems: readonly string[];
}

interface MapEntry {
  dirty: boolean;
  map: MapData | null;
  destructibleHp: Readonly<Record<string, number>>;
}
const mapCache = new WeakMap<Y.Doc, MapEntry>();

/**
 * The map and the destructible squares' HP, read again only after a map root changed (painting,
 * resizing, a square damaged), else the same objects (the replay recorder hashes each once).
 */
function cachedMap(doc: Y.Doc): MapEntry {
  let entry = mapCache.get(doc);
  if (!entry) {
    const fresh: MapEntry = { dirty: true, map: null, destructibleHp: {} };
    const markDirty = () => {
      fresh.dirty = true;
    };
    for (const name of ['map', 'mapRows', 'mapPaint', 'destructible', 'doors'])
      doc.getMap(name).observe(markDirty);
    mapCache.set(doc, fresh);
    entry = fresh;
  }
  if (entry.dirty) {
    entry.map = deepFreeze(readMapContent(doc));
    entry.destructibleHp = deepFreeze(readDestructibleHp(doc));
    entry.dirty = false;
  }
  return entry;
}

/**
 * Reads the parts of a room's table (GM: both docs; players: the public doc, and under per-player
 * fog the characters their channel doc adds, read as if they were public).
 */
export function readTableParts(publicDoc: Y.Doc, secretsDoc?: Y.Doc, channelDoc?: Y.Doc): TableParts {
  const problems: string[] = [];
  const parts = readDocs(publicDoc, secretsDoc, problems);
  if (secretsDoc || !channelDoc) return parts;
  const copies = readSightCopies(channelDoc, problems);
  if (copies.tokens.size === 0) return parts;
  // The public doc wins: a copy the server has not yet removed is the same character.
  const merged = <T>(copy: ReadonlyMap<string, T>, own: ReadonlyMap<string, T>) => new Map([...copy, ...own]);
  return {
    ...parts,
    public: {
      ...parts.public,
      tokens: merged(copies.tokens, parts.public.tokens),
      statBlocks: merged(copies.statBlocks, parts.public.statBlocks),
      combatants: merged(copies.combatants, parts.public.combatants),
    },
    faces: merged(copies.faces, parts.faces),
  };
}

function readDocs(publicDoc: Y.Doc, secretsDoc: Y.Doc | undefined, problems: string[]): TableParts {
  const meta = readMeta(publicDoc);
  const { map, destructibleHp } = cachedMap(publicDoc);
  const publicBlocks = readStatBlocks(publicDoc, 'public', problems);
  const secretBlocks = secretsDoc ? readStatBlocks(secretsDoc, 'secrets', problems) : null;
  const publicStates = readCombatants(publicDoc, 'public', problems);
  const secretStates = secretsDoc ? readCombatants(secretsDoc, 'secrets', problems) : null;
  // Players only: faces of foes whose HP the room keeps from them (the GM reads the whole state).
  const faces = secretsDoc ? new Map<string, ShownState>() : readShownStates(publicDoc, problems);
  const publicTokens = readTokens(publicDoc, 'public', problems);
  const secretTokens = secretsDoc ? readTokens(secretsDoc, 'secrets', problems) : null;
  const publicOffers = readOffers(publicDoc, 'public', problems);
  const secretOffers = secretsDoc ? readOffers(secretsDoc, 'secrets', problems) : null;
  const settings = readSettings(publicDoc, problems);
  // The whole order is the secrets doc's while fog keeps someone in it from players.
  const turn =
    secretsDoc && rootsOf(secretsDoc).turn.has('order')
      ? readTurnOrder(secretsDoc, problems)
      : readTurnOrder(publicDoc, problems);
  return {
    meta,
    map,
    chapter: readChapter(publicDoc),
    destructibleHp,
    turn,
    settings,
    public: {
      tokens: publicTokens,
      statBlocks: publicBlocks,
      combatants: publicStates,
      offers: publicOffers,
    },
    secrets:
      secretsDoc && secretBlocks && secretStates && secretTokens && secretOffers
        ? { tokens: secretTokens, statBlocks: secretBlocks, combatants: secretStates, offers: secretOffers }
        : null,
    faces,
    notes: secretsDoc ? readNotes(secretsDoc) : {},
    problems,
  };
}
