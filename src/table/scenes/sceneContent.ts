import type { CellData } from '../../schema/cell';
import type { SceneContent } from '../../schema/scene';
import { SceneContentSchema } from '../../schema/scene';
import type { RoomSettings } from '../../schema/settings';
import type { Token } from '../../schema/token';
import { footprintMisfit } from '../../grid/footprintFit';
import { nearestPosition } from '../../grid/nearestPosition';
import type { TableDocs } from '../docLayout';
import { cellKey, publicRootsOf, rootsOf } from '../docLayout';
import { applyPartySight, markOf, sightNow } from '../vision/partySight';
import { fogModeOf } from '../vision/tableSight';
import { placeAllHealth, stateDocFor } from '../foeHealth';
import { readChapter, readDestructibleHp, readMapContent, writeMapContent } from '../mapContent';
import { readCombatants, readSettings, readStatBlocks, readTokens } from '../readDoc';
import { readDrawings } from '../readDrawings';
import { TableWriteError } from '../writers/locateToken';

/*
 * A scene's content in and out of the room's live roots (docs/table/scenes.md). The party (every
 * character a player commands) belongs to the room: it is never part of a scene's content and
 * stays in the live roots through every switch, with its HP, wounds, elixirs and sheet.
 */

/** The GM's docs: both, since scenes are kept in the secrets doc. */
export type GmDocs = TableDocs & { readonly secrets: NonNullable<TableDocs['secrets']> };

/** A player's character: it goes with the room from scene to scene. */
export function isPartyToken(token: Pick<Token, 'ownerIds'>): boolean {
  return token.ownerIds.length > 0;
}

function sceneTokens(docs: GmDocs) {
  const problems: string[] = [];
  const shown = [...readTokens(docs.public, 'public', problems).values()].filter((t) => !isPartyToken(t));
  const hidden = [...readTokens(docs.secrets, 'secrets', problems).values()].filter((t) => !isPartyToken(t));
  return { shown, hidden, problems };
}

/** The live battlefield as a scene's content, party left out. */
export function captureScene(docs: GmDocs): SceneContent {
  const map = readMapContent(docs.public);
  if (!map) throw new TableWriteError('this room has no map to keep as a scene');
  const { shown, hidden, problems } = sceneTokens(docs);
  const pick = <T>(all: Map<string, T>, tokens: readonly Token[]) =>
    Object.fromEntries(tokens.flatMap((t) => (all.has(t.id) ? [[t.id, all.get(t.id)!]] : [])));
  const everyone = [...shown, ...hidden];
  const hp = readDestructibleHp(docs.public);
  const content = {
    map,
    chapter: readChapter(docs.public),
    destructibleHp: Object.fromEntries(
      map.destructible.flatMap((c) => {
        const left = hp[cellKey(c.x, c.y)];
        return left === undefined ? [] : [[cellKey(c.x, c.y), left]];
      }),
    ),
    tokens: shown,
    hiddenTokens: hidden,
    statBlocks: pick(readStatBlocks(docs.public, 'public', problems), everyone),
    hiddenStatBlocks: pick(readStatBlocks(docs.secrets, 'secrets', problems), everyone),
    combatants: {
      ...pick(readCombatants(docs.public, 'public', problems), everyone),
      ...pick(readCombatants(docs.secrets, 'secrets', problems), everyone),
    },
    drawings: readDrawings(docs.public, 'table'),
    gmDrawings: readDrawings(docs.secrets, 'gm'),
    vision: readSettings(docs.public, []).vision,
  };
  if (problems.length) throw new TableWriteError(`this scene cannot be kept: ${problems.join('; ')}`);
  return SceneContentSchema.parse(JSON.parse(JSON.stringify(content)));
}

/**
 * Inside the caller's transaction: takes the scene's things off the live roots (every token but
 * the party's, with its stat block, state, offers and face; both drawing layers) so another
 * scene's content can be written.
 */
export function clearScene(docs: GmDocs): void {
  for (const doc of [docs.public, docs.secrets]) {
    const roots = rootsOf(doc);
    for (const [id, value] of [...roots.tokens.entries()]) {
      if (isPartyToken(value as Token)) continue;
      roots.tokens.delete(id);
      roots.statBlocks.delete(id);
      roots.combatants.delete(id);
      roots.offers.delete(id);
    }
    roots.drawings.clear();
  }
  const faces = publicRootsOf(docs.public).shownStates;
  const live = rootsOf(docs.public).tokens;
  for (const id of [...faces.keys()]) if (!live.has(id)) faces.delete(id);
}

/**
 * Inside the caller's transaction, after `clearScene`: writes the scene's map, tokens, states
 * and drawings into the live roots, each where the room's settings keep it, then moves the
 * party onto the map.
 */
export function loadScene(
  docs: GmDocs,
  content: SceneContent,
  partyStarts: readonly CellData[],
  settings: RoomSettings,
): void {
  writeMapContent(docs.public, content.map, content.chapter);
  const destructible = publicRootsOf(docs.public).destructible;
  for (const [key, hp] of Object.entries(content.destructibleHp))
    if (destructible.has(key)) destructible.set(key, hp);
  const write = (token: Token, hidden: boolean) => {
    rootsOf(hidden ? docs.secrets : docs.public).tokens.set(token.id, token);
    const shownBlock = content.statBlocks[token.id];
    const hiddenBlock = content.hiddenStatBlocks[token.id];
    if (shownBlock) rootsOf(hidden ? docs.secrets : docs.public).statBlocks.set(token.id, shownBlock);
    if (hiddenBlock) rootsOf(docs.secrets).statBlocks.set(token.id, hiddenBlock);
    const state = content.combatants[token.id];
    if (state) rootsOf(stateDocFor(docs, token, hidden, settings)).combatants.set(token.id, state);
  };
  // Fog of war: the revealed foes wait until the party stands on the new map; those not every
  // player may see are written with the GM's tokens only, marked to come back when seen (never
  // sent). The party's own characters are placed first: their sight decides.
  const fog = fogModeOf(settings) !== null;
  for (const token of content.hiddenTokens) write(token, true);
  for (const token of content.tokens) if (!fog || token.side !== 'foes') write(token, false);
  for (const d of content.drawings) rootsOf(docs.public).drawings.set(d.id, d);
  for (const d of content.gmDrawings) rootsOf(docs.secrets).drawings.set(d.id, d);
  placeParty(docs, content, partyStarts);
  if (fog) {
    const sight = sightNow(docs);
    for (const token of content.tokens) {
      if (token.side !== 'foes') continue;
      const seen = sight === null || sight.shows(token, token.cell);
      const mark = markOf(content.hiddenStatBlocks[token.id] !== undefined);
      write(seen ? token : { ...token, outOfSight: mark }, !seen);
    }
  }
  // What the party explores on arrival; and, with fog off here, whoever fog kept away comes back.
  applyPartySight(docs);
  placeAllHealth(docs, settings);
}

/**
 * The party arrives: each character on the scene's next party start, or where it stands, or on
 * the nearest free square to either (its footprint inside the map, on ground, on nobody).
 */
function placeParty(docs: GmDocs, content: SceneContent, partyStarts: readonly CellData[]): void {
  const map = content.map;
  const occupied = new Map<string, string>();
  const mark = (t: Pick<Token, 'cell' | 'size' | 'name'>) => {
    for (let dy = 0; dy < t.size; dy++)
      for (let dx = 0; dx < t.size; dx++) occupied.set(cellKey(t.cell.x + dx, t.cell.y + dy), t.name);
  };
  for (const t of [...content.tokens, ...content.hiddenTokens]) if (t.combatant) mark(t);
  let start = 0;
  for (const doc of [docs.public, docs.secrets]) {
    const tokens = rootsOf(doc).tokens;
    for (const [id, value] of [...tokens.entries()]) {
      const token = value as Token;
      if (!isPartyToken(token)) continue;
      const fits = (at: CellData) =>
        !footprintMisfit(map, at, token.size, (x, y) => occupied.get(cellKey(x, y)));
      const wanted = partyStarts[start++] ?? token.cell;
      const from = {
        x: Math.min(Math.max(0, wanted.x), map.width - 1),
        y: Math.min(Math.max(0, wanted.y), map.height - 1),
      };
      const cell = fits(from) ? from : nearestPosition(map.width, map.height, from, fits);
      if (!cell) throw new TableWriteError(`there is no free square left on ${map.name} for ${token.name}`);
      const moved = { ...token, cell };
      mark(moved);
      if (cell.x !== token.cell.x || cell.y !== token.cell.y) tokens.set(id, moved);
    }
  }
}
