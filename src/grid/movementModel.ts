import type { Battlefield } from './battlefield';
import { occupancyGrid, occupantById } from './battlefield';
import type { Occupant } from './occupant';
import { SPACE, terrainOf } from './terrain';
import type { Terrain } from './terrain';

/** A rectangle of map squares the movement arrays cover (reach only needs `budget` around the mover). */
export interface SearchBox {
  readonly x0: number;
  readonly y0: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Per-position facts for one mover, computed lazily. A position is the north-west square of the
 * mover's footprint, stored at window index (y - y0) * width + (x - x0). Shared by `reach` and
 * `checkPath` so both charge exactly the same costs.
 */
export interface MovementModel {
  readonly terrain: Terrain;
  /** Rulebook (Edges): crosses edges but may not end on one; no climbing cost, no falls. */
  readonly flying: boolean;
  /** Rulebook (Impassable): passes through impassable squares (but may not end inside one). */
  readonly phasing: boolean;
  readonly mover: Occupant;
  readonly moverIndex: number;
  readonly dash: boolean;
  readonly box: SearchBox;
  /** Bit flags per window position, see FLAG_*; 0 = not computed yet. */
  readonly flags: Uint8Array;
  /** Footprint elevation per window position (valid once computed). */
  readonly elevation: Uint8Array;
  /** 1 where a map square inside the window touches a hostile that engages. */
  readonly threat: Uint8Array;
  readonly occupancy: Int32Array;
  readonly bf: Battlefield;
}

export const FLAG_KNOWN = 1;
/** Whole footprint on the map (and window), no impassable square, no obstructing hostile. */
export const FLAG_PASSABLE = 2;
/** Some square of the footprint is difficult: leaving costs +1. */
export const FLAG_DIFFICULT = 4;
/** Footprint touches a hostile that engages: leaving costs +1 (unless dashing). */
export const FLAG_ENGAGED = 8;
/** No other character's square under the footprint: the move may end here. */
export const FLAG_ENDABLE = 16;
/** Some square of the footprint is an edge space. */
export const FLAG_EDGE = 32;
/** Some square of the footprint is an ally's: a move may end here, the turn may not. */
export const FLAG_ALLY = 64;
/** The mover's turn may not end here (an ally's space; an edge space for a flier). */
export const FLAG_NO_TURN_END = 128;

/**
 * How a character moves, beyond walking. Left out = the mover's own flags (Occupant.flying /
 * .phasing), which default to off.
 */
export interface MovementMode {
  flying?: boolean;
  phasing?: boolean;
}

/** SearchBox of squares a move of `budget` can touch: the footprint grown by `budget` on every side. */
export function windowAround(t: Terrain, mover: Occupant, budget: number): SearchBox {
  const x0 = Math.max(0, mover.cell.x - budget);
  const y0 = Math.max(0, mover.cell.y - budget);
  const x1 = Math.min(t.width - 1, mover.cell.x + mover.size - 1 + budget);
  const y1 = Math.min(t.height - 1, mover.cell.y + mover.size - 1 + budget);
  return { x0, y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

export function movementModel(
  bf: Battlefield,
  moverId: string,
  dash: boolean,
  budget?: number,
  mode: MovementMode = {},
): MovementModel {
  const mover = occupantById(bf, moverId);
  const terrain = terrainOf(bf.map);
  const box =
    budget === undefined
      ? { x0: 0, y0: 0, width: terrain.width, height: terrain.height }
      : windowAround(terrain, mover, budget);
  const n = box.width * box.height;
  const threat = new Uint8Array(n);
  if (!dash) {
    for (const o of bf.occupants) {
      // Rulebook: incapacitated characters don't cause engagement.
      if (o.side === mover.side || o.incapacitated) continue;
      const x0 = Math.max(box.x0, o.cell.x - 1);
      const y0 = Math.max(box.y0, o.cell.y - 1);
      const x1 = Math.min(box.x0 + box.width - 1, o.cell.x + o.size);
      const y1 = Math.min(box.y0 + box.height - 1, o.cell.y + o.size);
      // Outside the box: skip (fill() would read a negative end as counted from the back).
      if (x1 < x0 || y1 < y0) continue;
      for (let y = y0; y <= y1; y++) {
        const row = (y - box.y0) * box.width - box.x0;
        threat.fill(1, row + x0, row + x1 + 1);
      }
    }
  }
  return {
    terrain,
    flying: mode.flying ?? mover.flying ?? false,
    phasing: mode.phasing ?? mover.phasing ?? false,
    mover,
    moverIndex: bf.occupants.indexOf(mover) + 1,
    dash,
    box,
    flags: new Uint8Array(n),
    elevation: new Uint8Array(n),
    threat,
    occupancy: occupancyGrid(bf),
    bf,
  };
}

/** Flags of the position with north-west square (x, y) in map squares, computing them on first use. */
export function positionFlags(m: MovementModel, x: number, y: number): number {
  const { terrain: t, mover, box: w } = m;
  const size = mover.size;
  const lx = x - w.x0;
  const ly = y - w.y0;
  if (lx < 0 || ly < 0 || lx + size > w.width || ly + size > w.height) return FLAG_KNOWN;
  const p = ly * w.width + lx;
  const known = m.flags[p]!;
  if (known) return known;
  let flags = FLAG_KNOWN | FLAG_PASSABLE | FLAG_ENDABLE;
  let elevation = 0;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const i = (y + dy) * t.width + x + dx;
      const type = t.type[i]!;
      // Phasing passes through impassable squares but does not stop inside one.
      if (type === SPACE.impassable) flags &= m.phasing ? ~FLAG_ENDABLE : ~(FLAG_PASSABLE | FLAG_ENDABLE);
      else if (type === SPACE.difficult) flags |= FLAG_DIFFICULT;
      else if (type === SPACE.edge) flags |= FLAG_EDGE;
      if (t.level[i]! > elevation) elevation = t.level[i]!;
      if (m.threat[p + dy * w.width + dx]) flags |= FLAG_ENGAGED;
      const who = m.occupancy[i]!;
      if (who !== 0 && who !== m.moverIndex) {
        const other = m.bf.occupants[who - 1]!;
        // Rulebook (Movement): allies can be passed through, only the TURN cannot end on them
        // (docs/rules.md "Ending on an ally", setting `allySpaceForbids`).
        if (other.side === mover.side && m.bf.allySpaceForbids !== 'move-end') flags |= FLAG_ALLY;
        else flags &= ~FLAG_ENDABLE;
        if (obstructs(m, other)) flags &= ~FLAG_PASSABLE;
      }
    }
  }
  // Rulebook (Edges): flying characters may cross an edge area but not end their TURN there.
  if (flags & FLAG_ALLY || (m.flying && flags & FLAG_EDGE)) flags |= FLAG_NO_TURN_END;
  m.flags[p] = flags;
  m.elevation[p] = elevation;
  return flags;
}

/**
 * Rulebook (Movement; Victory and defeat): foes obstruct, allies do not. Defeated foes don't
 * obstruct; the text says so of foes only, so a defeated player character still obstructs foes
 * unless the room turns `defeatedPlayersObstruct` off (docs/rules.md "Defeated player characters").
 */
export function obstructs(m: Pick<MovementModel, 'mover' | 'bf'>, other: Occupant): boolean {
  if (other.side === m.mover.side) return false;
  if (!other.incapacitated) return true;
  return other.side === 'party' && m.bf.defeatedPlayersObstruct !== false;
}

/**
 * Whether a move may take a step out of a position with these flags. Rulebook (Edges): only
 * flying characters can cross an edge area, so a walker's move ends on the first edge space it
 * enters; its first step may still leave an edge it started on.
 */
export function mayLeave(m: MovementModel, flags: number, isStart: boolean): boolean {
  return isStart || m.flying || !(flags & FLAG_EDGE);
}

/**
 * Cost of one orthogonal step between two window positions (both passable), in squares of
 * movement. Rulebook (Movement): 1, +1 leaving a space next to a hostile (not when dashing), +1
 * leaving difficult terrain, +1 per level climbed; going down is free; all of these stack.
 */
export function stepCost(m: MovementModel, fromFlags: number, from: number, to: number): number {
  let cost = 1;
  if (fromFlags & FLAG_ENGAGED) cost += 1;
  if (fromFlags & FLAG_DIFFICULT) cost += 1;
  const climb = m.elevation[to]! - m.elevation[from]!;
  if (climb > 0 && !m.flying) cost += climb;
  return cost;
}

/**
 * How many hurts one step brings, for choosing between equally cheap paths: dangerous squares
 * newly under the footprint, plus 1 for a fall (down more than one level). `from`/`to` are window
 * indices of the positions (x, y) → (nx, ny), both already passable (flags known).
 */
export function stepHurts(
  m: MovementModel,
  x: number,
  y: number,
  nx: number,
  ny: number,
  from: number,
  to: number,
): number {
  const t = m.terrain;
  const size = m.mover.size;
  let hurts = !m.flying && m.elevation[from]! - m.elevation[to]! > 1 ? 1 : 0;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const sx = nx + dx;
      const sy = ny + dy;
      const wasUnder = sx >= x && sx < x + size && sy >= y && sy < y + size;
      if (!wasUnder && t.type[sy * t.width + sx] === SPACE.dangerous) hurts++;
    }
  }
  return hurts;
}
