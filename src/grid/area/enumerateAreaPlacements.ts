import type { AreaPattern } from '../../schema/area';
import type { CellData } from '../../schema/cell';
import type { Battlefield } from '../battlefield';
import { footprintDistance, occupantById } from '../battlefield';
import type { Cell } from '../cell';
import { ORTHOGONAL_STEPS } from '../cell';
import type { Terrain } from '../terrain';
import { terrainOf } from '../terrain';
import type { Footprint } from '../sightCore';
import { elevationIn } from '../sightCore';
import type { AreaOptions, AreaPlacement, ShapePlacement } from './areaPlacement';
import type { AreaResult } from './placeArea';
import { newAreaEvalCache, placeArea } from './placeArea';
import { arcCandidates } from './arcSquares';
import { shapeContext } from './shapeSquares';

/**
 * Every legal placement of a pattern for a caster, with its result (for the UI's targeting
 * overlay). Arcs are built square by square instead (see `arcNextSquares`); combined patterns whose
 * secondary needs its own placement (Line, Arc, Close blast) are listed with the primary only and
 * marked illegal by `placeArea`, so they are left out here.
 */
export function enumerateAreaPlacements(
  bf: Battlefield,
  casterId: string,
  pattern: AreaPattern,
  opts: AreaOptions = {},
): { placement: AreaPlacement; result: AreaResult }[] {
  const caster = occupantById(bf, casterId);
  const candidates = areaCandidates(terrainOf(bf.map), caster, pattern, opts);
  const cache = newAreaEvalCache();
  const out: { placement: AreaPlacement; result: AreaResult }[] = [];
  for (const primary of candidates) {
    const placement: AreaPlacement = { primary };
    const result = placeArea(bf, casterId, pattern, placement, opts, cache);
    if (result.legal) out.push({ placement, result });
  }
  return out;
}

/**
 * Every placement of a pattern's primary shape worth judging for a caster on `origin`: the
 * squares its centre may take (within range and the height bonus's most), each line's start and
 * direction. Some may still be illegal (`shapeSquares` and line of sight decide); arcs are built
 * square by square and have none. Shared by the targeting overlay and the threat map.
 */
export function areaCandidates(
  t: Terrain,
  origin: Footprint,
  pattern: AreaPattern,
  opts: AreaOptions,
): ShapePlacement[] {
  const { x: ox, y: oy } = origin.cell;
  const s = origin.size;
  const X = pattern.primary.size;
  const ranged = opts.range !== undefined && !opts.self;
  // The height bonus (`heightRange`) can add up to the origin's own elevation to the range.
  const reachOut = (opts.range ?? 0) + (opts.heightRange ? elevationIn(t, origin) : 0);
  const candidates: ShapePlacement[] = [];
  const centers = (x0: number, y0: number, x1: number, y1: number, keep: (c: CellData) => boolean) => {
    for (let y = Math.max(0, y0); y <= Math.min(t.height - 1, y1); y++) {
      for (let x = Math.max(0, x0); x <= Math.min(t.width - 1, x1); x++)
        if (keep({ x, y })) candidates.push(...make({ x, y }));
    }
  };
  let make: (c: CellData) => ShapePlacement[] = () => [];
  switch (pattern.primary.kind) {
    case 'blast': {
      make = (center) => [{ kind: 'blast', center }];
      if (!ranged) centers(ox, oy, ox + s - 1, oy + s - 1, () => true);
      else {
        const r = reachOut;
        centers(
          ox - r,
          oy - r,
          ox + s - 1 + r,
          oy + s - 1 + r,
          (c) => footprintDistance(origin.cell, s, c, 1) > X,
        );
      }
      break;
    }
    case 'close-blast':
      make = (center) => [{ kind: 'close-blast', center }];
      centers(ox - X - 1, oy - X - 1, ox + s + X, oy + s + X, () => true);
      break;
    case 'cross':
      if (!ranged) candidates.push({ kind: 'cross' });
      else {
        const r = reachOut;
        make = (center) => [{ kind: 'cross', center }];
        centers(ox - r, oy - r, ox + s - 1 + r, oy + s - 1 + r, () => true);
      }
      break;
    case 'line':
      for (const step of ORTHOGONAL_STEPS) {
        for (let i = 0; i < s; i++) {
          const start =
            step.name === 'north'
              ? { x: ox + i, y: oy - 1 }
              : step.name === 'south'
                ? { x: ox + i, y: oy + s }
                : step.name === 'east'
                  ? { x: ox + s, y: oy + i }
                  : { x: ox - 1, y: oy + i };
          candidates.push({ kind: 'line', start, direction: step.name });
        }
      }
      break;
    case 'arc':
      return [];
  }
  return candidates;
}

/** Squares that may be added next to a partly built Arc (the UI offers these, one at a time). */
export function arcNextSquares(
  bf: Battlefield,
  casterId: string,
  size: number,
  squares: readonly CellData[],
  opts: AreaOptions = {},
): Cell[] {
  const caster = occupantById(bf, casterId);
  const ctx = shapeContext(terrainOf(bf.map), { cell: caster.cell, size: caster.size }, opts);
  return arcCandidates(ctx, size, squares);
}
