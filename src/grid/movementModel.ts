import type { Battlefield } from './battlefield';
import { occupancyGrid, occupantById } from './battlefield';
import type { Occupant } from './occupant';
import { SPACE, terrainOf } from './terrain';
import type { Terrain } from './terrain';

/**
 * Per-position facts for one mover, computed lazily (a position = the north-west square of the
 * mover's footprint, as an index y * width + x). Shared by `reach` and `checkPath` so both
 * charge exactly the same costs.
 */
export interface MovementModel {
  readonly terrain: Terrain;
  readonly mover: Occupant;
  readonly moverIndex: number;
  readonly dash: boolean;
  /** Bit flags per position, see FLAG_*; 0 = not computed yet. */
  readonly flags: Uint8Array;
  /** Footprint elevation per position (valid once computed). */
  readonly elevation: Uint8Array;
  readonly occupancy: Int32Array;
  readonly bf: Battlefield;
}

export const FLAG_KNOWN = 1;
/** Whole footprint on the map, no impassable square, no obstructing hostile. */
export const FLAG_PASSABLE = 2;
/** Some square of the footprint is difficult: leaving costs +1. */
export const FLAG_DIFFICULT = 4;
/** Footprint touches a hostile that engages: leaving costs +1 (unless dashing). */
export const FLAG_ENGAGED = 8;
/** No other character's square under the footprint: the move may end here. */
export const FLAG_ENDABLE = 16;
/** Some square of the footprint is an edge space. */
export const FLAG_EDGE = 32;

/** Squares next to (or under) any hostile that engages: 1 = leaving a footprint touching it costs +1. */
function threatGrid(bf: Battlefield, mover: Occupant, t: Terrain): Uint8Array {
  const grid = new Uint8Array(t.width * t.height);
  for (const o of bf.occupants) {
    // Rulebook: incapacitated characters don't cause engagement.
    if (o.side === mover.side || o.incapacitated || o.id === mover.id) continue;
    const x0 = Math.max(0, o.cell.x - 1);
    const y0 = Math.max(0, o.cell.y - 1);
    const x1 = Math.min(t.width - 1, o.cell.x + o.size);
    const y1 = Math.min(t.height - 1, o.cell.y + o.size);
    for (let y = y0; y <= y1; y++) grid.fill(1, y * t.width + x0, y * t.width + x1 + 1);
  }
  return grid;
}

export function movementModel(bf: Battlefield, moverId: string, dash: boolean): MovementModel & { threat: Uint8Array } {
  const mover = occupantById(bf, moverId);
  const terrain = terrainOf(bf.map);
  const n = terrain.width * terrain.height;
  return {
    terrain,
    mover,
    moverIndex: bf.occupants.indexOf(mover) + 1,
    dash,
    flags: new Uint8Array(n),
    elevation: new Uint8Array(n),
    occupancy: occupancyGrid(bf),
    bf,
    threat: threatGrid(bf, mover, terrain),
  };
}

/** Flags of position (x, y), computing them on first use. */
export function positionFlags(m: MovementModel & { threat: Uint8Array }, x: number, y: number): number {
  const { terrain: t, mover } = m;
  const size = mover.size;
  if (x < 0 || y < 0 || x + size > t.width || y + size > t.height) return FLAG_KNOWN;
  const p = y * t.width + x;
  const known = m.flags[p]!;
  if (known) return known;
  let flags = FLAG_KNOWN | FLAG_PASSABLE | FLAG_ENDABLE;
  let elevation = 0;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const i = p + dy * t.width + dx;
      const type = t.type[i]!;
      if (type === SPACE.impassable) flags &= ~(FLAG_PASSABLE | FLAG_ENDABLE);
      else if (type === SPACE.difficult) flags |= FLAG_DIFFICULT;
      else if (type === SPACE.edge) flags |= FLAG_EDGE;
      if (t.level[i]! > elevation) elevation = t.level[i]!;
      if (!m.dash && m.threat[i]) flags |= FLAG_ENGAGED;
      const who = m.occupancy[i]!;
      if (who !== 0 && who !== m.moverIndex) {
        flags &= ~FLAG_ENDABLE;
        const other = m.bf.occupants[who - 1]!;
        // Rulebook: foes obstruct; allies can be passed through; the defeated don't obstruct.
        if (other.side !== mover.side && !other.incapacitated) flags &= ~FLAG_PASSABLE;
      }
    }
  }
  m.flags[p] = flags;
  m.elevation[p] = elevation;
  return flags;
}

/**
 * Cost of one orthogonal step from position `from` to `to` (both passable), in squares of
 * movement. Rulebook (Movement): 1, +1 leaving a space next to a hostile (not when dashing), +1
 * leaving difficult terrain, +1 per level climbed; going down is free; all of these stack.
 */
export function stepCost(m: MovementModel, fromFlags: number, from: number, to: number): number {
  let cost = 1;
  if (fromFlags & FLAG_ENGAGED) cost += 1;
  if (fromFlags & FLAG_DIFFICULT) cost += 1;
  const climb = m.elevation[to]! - m.elevation[from]!;
  if (climb > 0) cost += climb;
  return cost;
}
