import type { CellData } from '../schema/cell';
import { TERRAIN_CODES } from '../schema/map';
import { nearestPosition } from './nearestPosition';

/** What a footprint needs to know of a map: its size and its terrain codes row by row. */
export interface FitMap {
  readonly width: number;
  readonly height: number;
  readonly cells: readonly (string | readonly string[])[];
}

/** Why a Size×Size footprint cannot stand somewhere (null from `footprintMisfit` = it can). */
export type Misfit =
  | { kind: 'outside' }
  | { kind: 'impassable'; at: CellData }
  | { kind: 'edge'; at: CellData }
  | { kind: 'occupied'; at: CellData; by: string };

/**
 * Can a Size×Size character stand with its top-left square at `at`: inside the map, on squares a
 * character may stand on (not impassable, not an edge: ending a turn there removes it), and on
 * no square `occupant` names someone on. The first problem found, or null.
 */
export function footprintMisfit(
  map: FitMap,
  at: CellData,
  size: number,
  occupant: (x: number, y: number) => string | undefined = () => undefined,
): Misfit | null {
  if (at.x < 0 || at.y < 0 || at.x + size > map.width || at.y + size > map.height) return { kind: 'outside' };
  for (let y = at.y; y < at.y + size; y++) {
    for (let x = at.x; x < at.x + size; x++) {
      const code = map.cells[y]?.[x];
      if (code === TERRAIN_CODES.impassable) return { kind: 'impassable', at: { x, y } };
      if (code === TERRAIN_CODES.edge) return { kind: 'edge', at: { x, y } };
      const by = occupant(x, y);
      if (by !== undefined) return { kind: 'occupied', at: { x, y }, by };
    }
  }
  return null;
}

/**
 * Up to `count` top-left squares for Size×Size copies of `name`, each the nearest to `from` (in
 * orthogonal steps) where it fits clear of `taken` and of the copies before it; fewer when the
 * map runs out of room. `taken` ("x,y" → who stands there) gains the copies' squares.
 */
export function squaresNearestFree(
  map: FitMap,
  from: CellData,
  copy: { size: number; name: string },
  count: number,
  taken: Map<string, string>,
): CellData[] {
  const out: CellData[] = [];
  for (let i = 0; i < count; i++) {
    const at = nearestPosition(
      map.width,
      map.height,
      from,
      (c) => !footprintMisfit(map, c, copy.size, (x, y) => taken.get(`${x},${y}`)),
    );
    if (!at) break;
    out.push(at);
    for (let dy = 0; dy < copy.size; dy++)
      for (let dx = 0; dx < copy.size; dx++) taken.set(`${at.x + dx},${at.y + dy}`, copy.name);
  }
  return out;
}

/** A square as the table names it everywhere (log, refusals, sight panel): "(3,4)". */
export function squareName(c: CellData): string {
  return `(${c.x},${c.y})`;
}

/**
 * The misfit in words a GM acts on: "The Ruin Drake (size 2) stands at (17,3), outside this
 * 12×10 map"; "the Ogre (size 2) does not fit at (2,3): impassable ground is in the way at (3,3)".
 */
export function misfitSentence(
  who: { readonly name: string; readonly size: number },
  at: CellData,
  map: Pick<FitMap, 'width' | 'height'>,
  misfit: Misfit,
): string {
  const name = `${who.name} (size ${who.size})`;
  const where = squareName(at);
  switch (misfit.kind) {
    case 'outside': {
      const cornerInside = at.x >= 0 && at.y >= 0 && at.x < map.width && at.y < map.height;
      return cornerInside
        ? `${name} at ${where} reaches past the side of this ${map.width}×${map.height} map`
        : `${name} stands at ${where}, outside this ${map.width}×${map.height} map`;
    }
    case 'impassable':
      return `${name} does not fit at ${where}: impassable ground is in the way at ${squareName(misfit.at)}`;
    case 'edge':
      return `${name} does not fit at ${where}: ${squareName(misfit.at)} is an edge, where a character cannot stay`;
    case 'occupied':
      return `${name} does not fit at ${where}: ${misfit.by} is in the way at ${squareName(misfit.at)}`;
  }
}

/**
 * The smallest map an encounter's pieces fit on: one past the farthest square any footprint
 * covers (the start page compares it with the chosen map before a room is made).
 */
export function extentOf(pieces: readonly { cell: CellData; size: number }[]): {
  width: number;
  height: number;
} {
  let width = 0;
  let height = 0;
  for (const p of pieces) {
    width = Math.max(width, p.cell.x + p.size);
    height = Math.max(height, p.cell.y + p.size);
  }
  return { width, height };
}
