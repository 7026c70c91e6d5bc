import { z } from 'zod';
import { MapSchema } from '../schema/map';
import type { CellData } from '../schema/cell';
import { TallTerrainBlocksSightSchema } from '../schema/settings';
import type { Occupant } from './occupant';
import { OccupantSchema } from './occupant';
import type { Cell } from './cell';
import { cell } from './cell';
import { elevationIn } from './sightCore';
import { terrainOf } from './terrain';

/**
 * Everything the geometry reads: the map, who stands where, and the chapter (dangerous spaces deal
 * piercing damage equal to the chapter number). Plain data; derived grids are cached per value.
 */
export const BattlefieldSchema = z.object({
  map: MapSchema,
  occupants: z.array(OccupantSchema),
  chapter: z.number().int().min(1).default(1),
  /** Room setting `tallTerrainBlocksSight`; left out = 'adjacent-only' (the rules as written). */
  tallTerrainBlocksSight: TallTerrainBlocksSightSchema.optional(),
  /** Room setting `defeatedPlayersObstruct`; left out = true (the text lifts obstruction for foes only). */
  defeatedPlayersObstruct: z.boolean().optional(),
  /** Room setting `allySpaceForbids`; left out = 'turn-end' (a move may end on an ally, a turn not). */
  allySpaceForbids: z.enum(['turn-end', 'move-end']).optional(),
});
export type Battlefield = z.infer<typeof BattlefieldSchema>;
/** Callers may leave out defaults (chapter 1, not incapacitated). */
export type BattlefieldInput = z.input<typeof BattlefieldSchema>;

/** Room settings the geometry honours (pass the room's settings object as it is). */
export interface BattlefieldOptions {
  tallTerrainBlocksSight?: Battlefield['tallTerrainBlocksSight'];
  defeatedPlayersObstruct?: Battlefield['defeatedPlayersObstruct'];
  allySpaceForbids?: Battlefield['allySpaceForbids'];
}

export function makeBattlefield(
  map: Battlefield['map'],
  occupants: readonly z.input<typeof OccupantSchema>[],
  chapter = 1,
  options: BattlefieldOptions = {},
): Battlefield {
  return {
    map,
    occupants: occupants.map((o) => ({ ...o, incapacitated: o.incapacitated ?? false })),
    chapter,
    ...(options.tallTerrainBlocksSight ? { tallTerrainBlocksSight: options.tallTerrainBlocksSight } : {}),
    ...(options.defeatedPlayersObstruct !== undefined
      ? { defeatedPlayersObstruct: options.defeatedPlayersObstruct }
      : {}),
    ...(options.allySpaceForbids ? { allySpaceForbids: options.allySpaceForbids } : {}),
  };
}

/** Thrown for a programming error such as an unknown occupant id (the caller should know its ids). */
export class BattlefieldError extends Error {}

const byIdCache = new WeakMap<readonly Occupant[], Map<string, Occupant>>();

export function occupantById(bf: Battlefield, id: string): Occupant {
  let byId = byIdCache.get(bf.occupants);
  if (!byId) {
    byId = new Map(bf.occupants.map((o) => [o.id, o]));
    byIdCache.set(bf.occupants, byId);
  }
  const found = byId.get(id);
  if (!found) throw new BattlefieldError(`no occupant with id '${id}' on the battlefield`);
  return found;
}

/** Every square of a Size×Size footprint whose north-west square is `at`, row by row. */
export function footprintCells(at: CellData, size: number): Cell[] {
  const cells: Cell[] = [];
  for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) cells.push(cell(at.x + dx, at.y + dy));
  return cells;
}

/**
 * Elevation of a footprint: the HIGHEST terrain height under any of its squares (a large creature
 * half on a ledge stands as high as the ledge). See docs/rules.md "Elevation".
 */
export function footprintElevation(map: Battlefield['map'], at: CellData, size: number): number {
  return elevationIn(terrainOf(map), { cell: at, size });
}

export function elevationOf(bf: Battlefield, occupant: Occupant): number {
  return footprintElevation(bf.map, occupant.cell, occupant.size);
}

/** Whether two footprints share a square. */
export function footprintsOverlap(a: CellData, aSize: number, b: CellData, bSize: number): boolean {
  return a.x < b.x + bSize && b.x < a.x + aSize && a.y < b.y + bSize && b.y < a.y + aSize;
}

/**
 * Squares between two footprints, diagonals counting 1 (Chebyshev): 0 when they overlap, 1 when
 * adjacent. Rulebook: "Distances are measured in squares from the edge of the origin".
 */
export function footprintDistance(a: CellData, aSize: number, b: CellData, bSize: number): number {
  const gapX = Math.max(0, b.x - (a.x + aSize - 1), a.x - (b.x + bSize - 1));
  const gapY = Math.max(0, b.y - (a.y + aSize - 1), a.y - (b.y + bSize - 1));
  return Math.max(gapX, gapY);
}

/** Adjacent = touching on a side or corner without overlapping. */
export function footprintsAdjacent(a: CellData, aSize: number, b: CellData, bSize: number): boolean {
  return footprintDistance(a, aSize, b, bSize) === 1;
}

/**
 * Occupant index + 1 per square (0 = empty), cached per occupants array. Occupants are assumed
 * not to overlap (validate.ts and the table enforce it); on overlap the later one wins.
 */
const occupancyCache = new WeakMap<readonly Occupant[], Int32Array>();
export function occupancyGrid(bf: Battlefield): Int32Array {
  const hit = occupancyCache.get(bf.occupants);
  const t = terrainOf(bf.map);
  if (hit && hit.length === t.width * t.height) return hit;
  const grid = new Int32Array(t.width * t.height);
  bf.occupants.forEach((o, i) => {
    for (let dy = 0; dy < o.size; dy++) {
      for (let dx = 0; dx < o.size; dx++) {
        const x = o.cell.x + dx;
        const y = o.cell.y + dy;
        if (x < t.width && y < t.height) grid[y * t.width + x] = i + 1;
      }
    }
  });
  occupancyCache.set(bf.occupants, grid);
  return grid;
}
