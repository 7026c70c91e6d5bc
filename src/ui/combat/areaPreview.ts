import { areaOptionsOf } from '../../rules/areaOptions';
import type { AreaPlacement, ShapePlacement } from '../../grid/area/areaPlacement';
import type { AreaResult } from '../../grid/area/placeArea';
import { placeArea } from '../../grid/area/placeArea';
import type { Direction } from '../../grid/cell';
import type { Ability } from '../../schema/ability';
import type { AreaShape } from '../../schema/area';
import type { CellData } from '../../schema/cell';
import type { RoomSnapshot } from '../../table/snapshot';
import { battlefieldOf } from '../../table/battlefieldOf';

/** What the template ghost shows for one pointer position. */
export interface AreaPreview {
  placement: AreaPlacement;
  result: AreaResult;
  /** Arc only: squares placed so far (clicks), before the pointer's candidate square. */
  arcSquares: CellData[];
  /** The placement still needs clicks (an arc with fewer than X squares). */
  incomplete: boolean;
}

interface Footprint {
  cell: CellData;
  size: number;
}

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/** Which way the pointer lies from a footprint (the larger axis wins; ties go east/west). */
export function directionTo(from: Footprint, to: CellData): Direction {
  const dx = to.x < from.cell.x ? to.x - from.cell.x : Math.max(0, to.x - (from.cell.x + from.size - 1));
  const dy = to.y < from.cell.y ? to.y - from.cell.y : Math.max(0, to.y - (from.cell.y + from.size - 1));
  if (Math.abs(dx) >= Math.abs(dy) && dx !== 0) return dx > 0 ? 'east' : 'west';
  if (dy !== 0) return dy > 0 ? 'south' : 'north';
  return 'east';
}

/** A Line's first square: next to the footprint on the side facing the pointer, in line with it. */
export function lineStart(from: Footprint, to: CellData, direction: Direction): CellData {
  const { x, y } = from.cell;
  const s = from.size;
  switch (direction) {
    case 'east':
      return { x: x + s, y: clamp(to.y, y, y + s - 1) };
    case 'west':
      return { x: x - 1, y: clamp(to.y, y, y + s - 1) };
    case 'south':
      return { x: clamp(to.x, x, x + s - 1), y: y + s };
    case 'north':
      return { x: clamp(to.x, x, x + s - 1), y: y - 1 };
  }
}

/** How one shape is put down for a pointer square (arcs use the squares clicked so far). */
function shapeAt(
  shape: AreaShape,
  origin: Footprint,
  pointer: CellData,
  ranged: boolean,
  arc: readonly CellData[],
): ShapePlacement {
  switch (shape.kind) {
    case 'line': {
      const direction = directionTo(origin, pointer);
      return { kind: 'line', start: lineStart(origin, pointer, direction), direction };
    }
    case 'blast':
      // Without a listed range the blast is centred on (one square of) the origin itself.
      return ranged
        ? { kind: 'blast', center: pointer }
        : {
            kind: 'blast',
            center: {
              x: clamp(pointer.x, origin.cell.x, origin.cell.x + origin.size - 1),
              y: clamp(pointer.y, origin.cell.y, origin.cell.y + origin.size - 1),
            },
          };
    case 'close-blast':
      return { kind: 'close-blast', center: pointer };
    case 'arc': {
      const last = arc[arc.length - 1];
      const repeat = last && last.x === pointer.x && last.y === pointer.y;
      const squares = arc.length >= shape.size || repeat ? [...arc] : [...arc, pointer];
      return { kind: 'arc', squares };
    }
    case 'cross':
      return ranged ? { kind: 'cross', center: pointer } : { kind: 'cross' };
  }
}

/**
 * The template ghost for an area ability (rulebook: Area of effect, AoE patterns): the placement
 * the pointer implies, judged by the grid's `placeArea` — legality with the reason, attack space,
 * area squares and every affected character. A secondary Line keeps the primary's direction; a
 * secondary Arc or Close blast is not placed by pointer yet (the grid reports it as needing a
 * placement).
 */
export function areaPreview(
  snapshot: RoomSnapshot,
  casterId: string,
  ability: Ability,
  pointer: CellData,
  arcSquares: readonly CellData[] = [],
): AreaPreview | null {
  const caster = snapshot.tokensById[casterId];
  const pattern = ability.area;
  if (!caster || !pattern) return null;
  const bf = battlefieldOf(snapshot, [casterId]);
  if (!bf) return null;
  const ranged = ability.range !== null && !ability.self;
  const origin = { cell: caster.cell, size: caster.size };
  const primary = shapeAt(pattern.primary, origin, pointer, ranged, arcSquares);
  const placement: AreaPlacement = { primary };
  if (pattern.secondary?.kind === 'line' && primary.kind === 'line') {
    // Filled in by the grid from the attack space; we only need the direction.
    placement.secondary = { kind: 'line', start: pointer, direction: primary.direction };
  }
  const opts = areaOptionsOf(ability, snapshot.settings);
  let result = placeArea(bf, casterId, pattern, placement, opts);
  if (placement.secondary?.kind === 'line' && result.attackSpace) {
    // A secondary Line starts next to the attack space and runs on in the primary's direction.
    const from = result.attackSpace;
    const dir = placement.secondary.direction;
    const step = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] }[dir];
    placement.secondary = {
      kind: 'line',
      start: { x: from.x + step[0]!, y: from.y + step[1]! },
      direction: dir,
    };
    result = placeArea(bf, casterId, pattern, placement, opts);
  }
  const incomplete =
    pattern.primary.kind === 'arc' &&
    (primary.kind === 'arc' ? primary.squares.length : 0) < pattern.primary.size;
  return { placement, result, arcSquares: [...arcSquares], incomplete };
}
