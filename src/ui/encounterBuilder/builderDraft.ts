import type { CellData } from '../../schema/cell';
import type { Encounter, EncounterFoe } from '../../schema/encounter';
import { MAX_ENCOUNTER_FOES, MAX_PARTY_CHARACTERS } from '../../schema/limits';
import { spaceTypeOfCode } from '../../schema/map';
import type { Foe } from '../../schema/statBlock';
import {
  footprintMisfit,
  misfitSentence,
  squareName,
  squaresNearestFree,
  type FitMap,
} from '../../grid/footprintFit';
import { nearestPosition } from '../../grid/nearestPosition';
import { freeId } from '../../table/foePlacement';
import { numberDuplicates } from '../../table/tokenNames';

/**
 * The encounter builder's pieces on the map, as pure functions: drop N copies of a foe, move,
 * remove, hide, toggle party starts. Every change is all or nothing: a refusal is a sentence and
 * the pieces stay as they were. Names are numbered the way the room will number them when it is
 * seeded (src/table/seedRoom.ts numbers duplicates in the encounter's order).
 */

/** What the builder places: the encounter's foes (in order) and its party starts. */
export interface Pieces {
  readonly foes: readonly EncounterFoe[];
  readonly partyStarts: readonly CellData[];
}

export type Change = { ok: true; pieces: Pieces } | { ok: false; reason: string };

/** What an occupied party start is called in a refusal. */
const PARTY_START = 'a party start';

const key = (x: number, y: number): string => `${x},${y}`;

/** Each foe's name as the room will show it: two "Hollow Husk" are "Hollow Husk 1" and "… 2". */
export function shownFoeNames(foes: readonly EncounterFoe[]): string[] {
  return numberDuplicates(foes.map((f) => f.statBlock.name));
}

/** Square → who stands there (shown names; party starts), leaving out the foe `except`. */
function occupancy(pieces: Pieces, except?: string): Map<string, string> {
  const taken = new Map<string, string>();
  const names = shownFoeNames(pieces.foes);
  pieces.foes.forEach((foe, i) => {
    if (foe.id === except) return;
    const size = foe.statBlock.size;
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++) taken.set(key(foe.cell.x + dx, foe.cell.y + dy), names[i]!);
  });
  for (const s of pieces.partyStarts) if (!taken.has(key(s.x, s.y))) taken.set(key(s.x, s.y), PARTY_START);
  return taken;
}

/** The foe whose footprint covers `cell`, if any. */
export function foeAt(foes: readonly EncounterFoe[], cell: CellData): EncounterFoe | undefined {
  return foes.find(
    (f) =>
      cell.x >= f.cell.x &&
      cell.y >= f.cell.y &&
      cell.x < f.cell.x + f.statBlock.size &&
      cell.y < f.cell.y + f.statBlock.size,
  );
}

/**
 * `count` copies of `statBlock`: the first with its top-left square at `at` (exactly there, or
 * refused with the misfit in words), the others on the nearest squares around it where they fit.
 */
export function dropFoes(
  map: FitMap,
  pieces: Pieces,
  drop: { statBlock: Foe; at: CellData; count: number; hidden: boolean },
): Change {
  const { statBlock, at, count, hidden } = drop;
  if (count < 1) return { ok: false, reason: 'place at least one foe' };
  const room = MAX_ENCOUNTER_FOES - pieces.foes.length;
  if (count > room)
    return {
      ok: false,
      reason: `an encounter holds at most ${MAX_ENCOUNTER_FOES} foes: ${room === 0 ? 'remove one first' : `there is room for ${room} more`}`,
    };
  const taken = occupancy(pieces);
  const occupant = (x: number, y: number) => taken.get(key(x, y));
  const misfit = footprintMisfit(map, at, statBlock.size, occupant);
  if (misfit) return { ok: false, reason: misfitSentence(statBlock, at, map, misfit) };
  for (let dy = 0; dy < statBlock.size; dy++)
    for (let dx = 0; dx < statBlock.size; dx++) taken.set(key(at.x + dx, at.y + dy), statBlock.name);
  const cells = [at, ...squaresNearestFree(map, at, statBlock, count - 1, taken)];
  if (cells.length < count)
    return {
      ok: false,
      reason: `only ${cells.length} of ${count} × ${statBlock.name} fit on this map near ${squareName(at)}`,
    };
  const ids = new Set(pieces.foes.map((f) => f.id));
  const added: EncounterFoe[] = cells.map((cell) => ({
    id: freeId(statBlock.name, ids),
    statBlock,
    cell: { x: cell.x, y: cell.y },
    hidden,
  }));
  return { ok: true, pieces: { ...pieces, foes: [...pieces.foes, ...added] } };
}

/** The foe `id` to a new top-left square, checked against the map and everyone else. */
export function moveFoe(map: FitMap, pieces: Pieces, id: string, to: CellData): Change {
  const index = pieces.foes.findIndex((f) => f.id === id);
  const foe = pieces.foes[index];
  if (!foe) return { ok: false, reason: 'that foe is no longer in the encounter' };
  const taken = occupancy(pieces, id);
  const misfit = footprintMisfit(map, to, foe.statBlock.size, (x, y) => taken.get(key(x, y)));
  const name = shownFoeNames(pieces.foes)[index]!;
  if (misfit)
    return { ok: false, reason: misfitSentence({ name, size: foe.statBlock.size }, to, map, misfit) };
  const foes = pieces.foes.map((f) => (f.id === id ? { ...f, cell: { x: to.x, y: to.y } } : f));
  return { ok: true, pieces: { ...pieces, foes } };
}

/** Without the foe `id`; the others' numbers close up ("Husk 3" becomes "Husk 2"), as in the room. */
export function removeFoe(pieces: Pieces, id: string): Pieces {
  return { ...pieces, foes: pieces.foes.filter((f) => f.id !== id) };
}

/** The foe `id` starts hidden from players (or not). */
export function setFoeHidden(pieces: Pieces, id: string, hidden: boolean): Pieces {
  return { ...pieces, foes: pieces.foes.map((f) => (f.id === id ? { ...f, hidden } : f)) };
}

/** A square where a party character starts: taken back when it is one, else added if free. */
export function toggleStart(map: FitMap, pieces: Pieces, at: CellData): Change {
  const i = pieces.partyStarts.findIndex((s) => s.x === at.x && s.y === at.y);
  if (i >= 0)
    return { ok: true, pieces: { ...pieces, partyStarts: pieces.partyStarts.filter((_, j) => j !== i) } };
  if (pieces.partyStarts.length >= MAX_PARTY_CHARACTERS)
    return { ok: false, reason: `a party has at most ${MAX_PARTY_CHARACTERS} starting squares` };
  const taken = occupancy(pieces);
  const misfit = footprintMisfit(map, at, 1, (x, y) => taken.get(key(x, y)));
  if (misfit)
    return { ok: false, reason: misfitSentence({ name: 'A party start', size: 1 }, at, map, misfit) };
  return { ok: true, pieces: { ...pieces, partyStarts: [...pieces.partyStarts, { x: at.x, y: at.y }] } };
}

/**
 * Why these pieces cannot be played on `map` (another map was chosen, or a foe was edited), one
 * sentence per piece; [] = they all fit. Party starts count as the room will use them.
 */
export function misfitsOn(map: FitMap, pieces: Pieces): string[] {
  const out: string[] = [];
  const names = shownFoeNames(pieces.foes);
  pieces.foes.forEach((foe, i) => {
    const taken = occupancy({ foes: pieces.foes.slice(0, i), partyStarts: [] });
    const misfit = footprintMisfit(map, foe.cell, foe.statBlock.size, (x, y) => taken.get(key(x, y)));
    if (misfit)
      out.push(misfitSentence({ name: names[i]!, size: foe.statBlock.size }, foe.cell, map, misfit));
  });
  for (const s of pieces.partyStarts) {
    const misfit = footprintMisfit(map, s, 1);
    if (misfit) out.push(misfitSentence({ name: 'A party start', size: 1 }, s, map, misfit));
  }
  return out;
}

/** A first party start for a new encounter: the free square nearest the middle of the south side. */
export function firstStart(map: FitMap, pieces: Pieces): CellData | null {
  const taken = occupancy(pieces);
  return nearestPosition(
    map.width,
    map.height,
    { x: Math.floor(map.width / 2), y: map.height - 1 },
    (c) => !footprintMisfit(map, c, 1, (x, y) => taken.get(key(x, y))),
  );
}

/** What the square cursor is on, for the builder's live line: "Square (8,6): ground, nobody." */
export function squareDescription(map: FitMap, pieces: Pieces, at: CellData): string {
  const type = spaceTypeOfCode(String(map.cells[at.y]?.[at.x] ?? '.')) ?? 'ground';
  const under = foeAt(pieces.foes, at);
  const start = pieces.partyStarts.some((s) => s.x === at.x && s.y === at.y);
  const who = under
    ? shownFoeNames(pieces.foes)[pieces.foes.indexOf(under)]
    : start
      ? 'a party start'
      : 'nobody';
  return `Square ${squareName(at)}: ${type}, ${who}.`;
}

/**
 * The encounter the builder holds: `initial` with what the GM changed, on a map recorded by file
 * name and, for a library map, by its entry id (a sample map has none, so an old one is dropped).
 */
export function encounterOf(
  initial: Encounter,
  map: { readonly file: string; readonly entryId?: string },
  fields: { readonly name: string; readonly chapter: number },
  pieces: Pieces,
): Encounter {
  const base: Encounter = { ...initial };
  delete base.mapEntry;
  return {
    ...base,
    name: fields.name.trim(),
    chapter: fields.chapter,
    map: map.file,
    ...(map.entryId ? { mapEntry: map.entryId } : {}),
    foes: [...pieces.foes],
    partyStarts: [...pieces.partyStarts],
  };
}
