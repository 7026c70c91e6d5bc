import type * as Y from 'yjs';
import type { ActiveScene } from '../schema/scene';
import type { CellData } from '../schema/cell';
import type { Combatant } from '../schema/combatant';
import type { InterruptOffer } from '../schema/interruptOffer';
import type { ChatMessage, LogEntry } from '../schema/logEntry';
import type { Handout } from '../schema/actions/handout';
import type { MapData } from '../schema/map';
import type { RoomSettings } from '../schema/settings';
import type { StatBlock } from '../schema/statBlock';
import type { StatusCatalog } from '../schema/status';
import type { Token } from '../schema/token';
import type { TurnOrder } from '../schema/turnOrder';
import { footprintCells, footprintElevation } from '../grid/battlefield';
import { isBloodied, maxHp } from '../rules/health';
import { emptyRecord } from '../lib/ownRecord';
import type { CombatantState } from './docLayout';
import { channelRootsOf, publicRootsOf, secretRootsOf } from './docLayout';
import { stateOfFace } from './shownState';
import { shownNames } from './tokenNames';
import { deepFreeze, readChat, readHandouts, readLog } from './readDoc';
import type { TableParts } from './tableParts';
import { readTableParts } from './tableParts';

/** A token as the renderer and UI see it: where, how high, whose, and its combatant state. */
export interface TokenView extends Token {
  /** True for tokens that live in the secrets doc (only the GM ever sees these). */
  readonly hidden: boolean;
  /** Terrain height the token stands at (highest square under its footprint). */
  readonly elevation: number;
  readonly footprint: readonly CellData[];
  readonly state: CombatantState | null;
  /** Null when the stats are hidden from this reader (or the token has none). */
  readonly statBlock: StatBlock | null;
  /** The GM keeps this token's stat block in the secrets doc. */
  readonly statsHidden: boolean;
  /** Max HP after wounds, when the stat block is known (and this reader gets the HP). */
  readonly maxHp: number | null;
  readonly bloodied: boolean;
  /**
   * This reader does not receive the HP, vigor and wounds (a foe under the room's `foeHp`):
   * `state` holds 0 for them, and views show no number; `bloodied` is what the room tells.
   */
  readonly hpHidden: boolean;
  /** With `hpHidden`: the room still tells whether it is bloodied (setting `foeHp` 'bloodied'). */
  readonly bloodiedTold: boolean;
}

/** Read-only, frozen view of a room for one reader (GM = both docs, player = public doc). */
export interface RoomSnapshot {
  readonly schemaVersion: number | null;
  readonly roomName: string;
  /** The scene the party is in (docs/table/scenes.md); null in a room that had one scene. */
  readonly scene: ActiveScene | null;
  /** 'gm' when the secrets doc was read too. */
  readonly view: 'gm' | 'player';
  readonly map: MapData | null;
  readonly chapter: number;
  /** Remaining HP per destructible square, keyed "x,y" (null-prototype, like every id-keyed record here). */
  readonly destructibleHp: Readonly<Record<string, number>>;
  /** Visible tokens first (sorted by id), then hidden ones (GM only). */
  readonly tokens: readonly TokenView[];
  readonly tokensById: Readonly<Record<string, TokenView>>;
  /** Null when no combat is running. */
  readonly turn: TurnOrder | null;
  /** Public entries and (GM) GM-only ones, merged oldest first. */
  readonly log: readonly LogEntry[];
  readonly chat: readonly ChatMessage[];
  /**
   * Handouts this reader received, oldest first: everyone's, and the GM's copies of every
   * one-player handout (GM) or this player's own (docs/table/handouts.md).
   */
  readonly handouts: readonly Handout[];
  readonly settings: RoomSettings;
  readonly statusCatalog: StatusCatalog;
  /**
   * Interrupt offers as stored, keyed by their owner's token id (players: only their characters'
   * from the public doc; the GM: everyone's). Lapsed ones included: read them with `pendingOffers`.
   */
  readonly offers: Readonly<Record<string, readonly InterruptOffer[]>>;
  /** GM notes keyed by token id or 'room'; empty for players. */
  readonly notes: Readonly<Record<string, string>>;
  /** Stored values that failed validation and were skipped, with their path. */
  readonly problems: readonly string[];
  /**
   * Under fog of war, what the party (or, per-player, this player) has seen per scene (SquareSet
   * text; docs/table/fog-of-war.md).
   */
  readonly explored: Readonly<Record<string, string>>;
  /** The GM's: what each player has seen under per-player fog, by `<channel>:<scene>`; empty for players. */
  readonly playerExplored: Readonly<Record<string, string>>;
}

/** Full combatant (state + stat block), for the rules engine; null when either part is missing. */
export function combatantOf(view: TokenView): Combatant | null {
  return view.state && view.statBlock ? { ...view.state, statBlock: view.statBlock } : null;
}

/**
 * A room without its log and chat: what intent handlers read. The log grows all campaign long
 * (40,000 lines is a real room), so nothing on the intent path may read it whole; handlers that
 * need one entry use `findLogEntry`.
 */
export type TableState = Omit<RoomSnapshot, 'log' | 'chat' | 'handouts' | 'explored' | 'playerExplored'>;

/**
 * Reads a room into a frozen snapshot. Pass the secrets doc for the GM's view (hidden tokens,
 * hidden stat blocks, notes, GM-only log, every whisper); players pass the public doc and their
 * channel doc (their whispers: docs/table.md "Channels").
 */
export function readSnapshot(publicDoc: Y.Doc, secretsDoc?: Y.Doc, channelDoc?: Y.Doc): RoomSnapshot {
  const state = tableStateOf(readTableParts(publicDoc, secretsDoc, channelDoc));
  const problems = [...state.problems];
  const publicLog = readLog(publicDoc, 'public', problems);
  const log = secretsDoc ? mergeLogs(publicLog, readLog(secretsDoc, 'secrets', problems)) : publicLog;
  const chat = readChat(publicDoc, problems);
  // Whispers in their place among the public lines: one list, oldest first (a stable sort).
  const whispers = secretsDoc
    ? readChat(secretsDoc, problems, 'secrets')
    : channelDoc
      ? readChat(channelDoc, problems, 'channel')
      : [];
  if (whispers.length) {
    chat.push(...whispers);
    chat.sort((a, b) => a.at - b.at);
  }
  const handouts = readHandouts(publicDoc, problems);
  const own = secretsDoc
    ? readHandouts(secretsDoc, problems, 'secrets')
    : channelDoc
      ? readHandouts(channelDoc, problems, 'channel')
      : [];
  if (own.length) {
    handouts.push(...own);
    handouts.sort((a, b) => a.at - b.at);
  }
  // Under per-player fog a player's explored squares are their channel's, not the party's.
  const mine = channelDoc && !secretsDoc && state.settings.vision === 'per-player' ? channelDoc : null;
  const explored = squareSets(mine ? channelRootsOf(mine).explored : publicRootsOf(publicDoc).explored);
  const playerExplored = secretsDoc ? squareSets(secretRootsOf(secretsDoc).playerExplored) : {};
  return deepFreeze({ ...state, log, chat, handouts, problems, explored, playerExplored });
}

function squareSets(root: Y.Map<unknown>): Record<string, string> {
  const out = emptyRecord<string>();
  root.forEach((value, key) => {
    if (typeof value === 'string') out[key] = value;
  });
  return out;
}

/**
 * The log as the GM reads it: a secrets entry with a public entry's id is the full version of a
 * redacted twin (src/table/intents/redactLog.ts), read once in the twin's place; GM-only entries
 * among the others by time.
 */
export function mergeLogs(publicLog: readonly LogEntry[], secretLog: readonly LogEntry[]): LogEntry[] {
  const full = new Map(secretLog.map((e) => [e.id, e]));
  const log = publicLog.map((e) => full.get(e.id) ?? e);
  for (const e of log) full.delete(e.id);
  log.push(...full.values());
  log.sort((a, b) => a.at - b.at);
  return log;
}

/** `readSnapshot` without the log and chat (see `TableState`); cost independent of the log. */
export function readTableState(publicDoc: Y.Doc, secretsDoc?: Y.Doc): TableState {
  return tableStateOf(readTableParts(publicDoc, secretsDoc));
}

/**
 * The `TableState` of a room's parts: a pure function of them, used by `readTableState` and by
 * the replay of a log entry (src/table/replay/), which rebuilds the parts from its record.
 */
export function tableStateOf(parts: TableParts): TableState {
  const problems = [...parts.problems];
  const { map, faces } = parts;
  const publicBlocks = parts.public.statBlocks;
  const secretBlocks = parts.secrets?.statBlocks ?? new Map<string, StatBlock>();
  const publicStates = parts.public.combatants;
  const secretStates = parts.secrets?.combatants ?? new Map<string, CombatantState>();

  const view = (token: Token, hidden: boolean): TokenView => {
    const face = faces.get(token.id);
    const state =
      secretStates.get(token.id) ?? publicStates.get(token.id) ?? (face ? stateOfFace(face) : null);
    const statsHidden = !publicBlocks.has(token.id) && secretBlocks.has(token.id);
    const statBlock = publicBlocks.get(token.id) ?? secretBlocks.get(token.id) ?? null;
    // A face that carries HP (a foe with hidden stats in a room that shows HP) hides none.
    const hpHidden = !publicStates.has(token.id) && face !== undefined && face.hp === undefined;
    const full = state && statBlock && !hpHidden ? { ...state, statBlock } : null;
    return {
      ...token,
      hidden,
      elevation: map ? footprintElevation(map, token.cell, token.size) : 0,
      footprint: footprintCells(token.cell, token.size).map((c) => ({ x: c.x, y: c.y })),
      state,
      statBlock,
      statsHidden,
      maxHp: full ? maxHp(full) : null,
      bloodied: hpHidden ? face?.bloodied === true : full ? isBloodied(full) : false,
      hpHidden,
      bloodiedTold: hpHidden && typeof face?.bloodied === 'boolean',
    };
  };
  const byId = (a: Token, b: Token) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const visible = [...parts.public.tokens.values()].sort(byId).map((t) => view(t, false));
  const hidden = parts.secrets ? [...parts.secrets.tokens.values()].sort(byId).map((t) => view(t, true)) : [];
  // Rooms seeded before names were numbered may hold two "Hollow Husk": shown numbered, and the
  // combatant carries the token's name so a rename reads the same everywhere (issue 12).
  const shown = shownNames([...visible, ...hidden]);
  const tokens = [...visible, ...hidden].map((t) => {
    const name = shown.get(t.id) ?? t.name;
    if (name === t.name && (!t.state || t.state.name === name)) return t;
    return { ...t, name, state: t.state && { ...t.state, name } };
  });
  // No prototype: an id such as 'constructor' or '__proto__' is an ordinary key (never inherited).
  const tokensById = emptyRecord<TokenView>();
  for (const t of tokens) tokensById[t.id] ??= t;

  const offers = emptyRecord<readonly InterruptOffer[]>();
  for (const [id, list] of parts.public.offers) offers[id] = list;
  if (parts.secrets) for (const [id, list] of parts.secrets.offers) offers[id] = list;

  return deepFreeze({
    schemaVersion: parts.meta.schemaVersion,
    roomName: parts.meta.name,
    scene: parts.meta.scene,
    view: parts.secrets ? 'gm' : 'player',
    map,
    chapter: parts.chapter,
    destructibleHp: parts.destructibleHp,
    tokens,
    tokensById,
    turn: parts.turn,
    settings: parts.settings,
    statusCatalog: parts.settings.statuses,
    offers,
    notes: parts.notes,
    problems,
  });
}
