import type { ForcedMoveKindName } from '../schema/forcedMove';
import type { Battlefield } from './battlefield';
import { footprintDistance, footprintElevation, occupancyGrid, occupantById } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import type { MovementEvent } from './movementEvents';
import { movementEvents } from './movementEvents';
import type { Footprint } from './sightCore';
import { SPACE, terrainOf } from './terrain';
import { nameOf } from './occupant';

/**
 * Forced movement: push (straight away from the source), pull (straight toward it) and shove
 * (straight, in a direction the source picks). The rules text names shoves only under Falling;
 * every choice below is an interpretation written in docs/rules.md "Forced movement".
 */
export type ForcedMoveKind = ForcedMoveKindName;

/** The eight straight directions; diagonals move one square on each axis per step. */
export const DIRECTIONS_8 = {
  north: { dx: 0, dy: -1 },
  'north-east': { dx: 1, dy: -1 },
  east: { dx: 1, dy: 0 },
  'south-east': { dx: 1, dy: 1 },
  south: { dx: 0, dy: 1 },
  'south-west': { dx: -1, dy: 1 },
  west: { dx: -1, dy: 0 },
  'north-west': { dx: -1, dy: -1 },
} as const;
export type Direction8 = keyof typeof DIRECTIONS_8;

export interface ForcedMoveRequest {
  kind: ForcedMoveKind;
  targetId: string;
  /** Squares to move (N in "push N"). */
  distance: number;
  /** Where the force comes from: the user's footprint, or a square such as a Blast's centre. */
  source: Footprint;
  /** Shove only: the way the target goes. */
  direction?: Direction8;
  /** Overrides the target's own flag: a flier crosses edges and never falls. */
  flying?: boolean;
}

/**
 * Why the target stopped where it did. `at` is the first square that stopped it (for 'edge', the
 * edge square it entered; for 'map', the square just off the map).
 */
export type ForcedMoveStop =
  | { reason: 'complete' }
  | { reason: 'map'; at: Cell }
  | { reason: 'impassable'; at: Cell }
  | { reason: 'terrain'; at: Cell; height: number }
  | { reason: 'character'; at: Cell; characterId: string; name: string }
  /** A pull that cannot bring the target nearer; `adjacent` when it is next to the source. */
  | { reason: 'source'; at: Cell; adjacent: boolean }
  | { reason: 'edge'; at: Cell };

export type ForcedMove =
  | {
      ok: true;
      kind: ForcedMoveKind;
      targetId: string;
      direction: Direction8;
      requested: number;
      /** Squares actually moved (path.length). */
      moved: number;
      from: Cell;
      /** Footprint positions (north-west squares) after the start, in order. */
      path: Cell[];
      to: Cell;
      stop: ForcedMoveStop;
      /** Dangerous squares entered, falls (levels per step), ending on an edge: see movementEvents. */
      events: MovementEvent[];
      /** Sum of the levels of every fall (0 when none): the rules turn each fall into damage. */
      levelsFallen: number;
      /** One plain sentence for the log ("pushed 2 of 3 squares east to (4,0): (5,0) is impassable"). */
      text: string;
    }
  | { ok: false; reason: string };

const PAST = { push: 'pushed', pull: 'pulled', shove: 'shoved' } as const;
const where = (c: { x: number; y: number }) => `(${c.x},${c.y})`;

/** tan(22.5°): below this slope a line is straight along its main axis, above it diagonal. */
const TAN_22_5 = Math.SQRT2 - 1;

/**
 * The straight direction from footprint `a` toward footprint `b`, between their centres, snapped
 * to the nearest of the eight directions; null when the centres coincide.
 */
export function directionBetween(a: Footprint, b: Footprint): Direction8 | null {
  const vx = b.cell.x + b.size / 2 - (a.cell.x + a.size / 2);
  const vy = b.cell.y + b.size / 2 - (a.cell.y + a.size / 2);
  const ax = Math.abs(vx);
  const ay = Math.abs(vy);
  if (ax === 0 && ay === 0) return null;
  const dx = ay > ax / TAN_22_5 ? 0 : Math.sign(vx);
  const dy = ay < ax * TAN_22_5 ? 0 : Math.sign(vy);
  return (Object.keys(DIRECTIONS_8) as Direction8[]).find(
    (k) => DIRECTIONS_8[k].dx === dx && DIRECTIONS_8[k].dy === dy,
  )!;
}

/**
 * Moves a character N squares in a straight line by force, one square at a time, and reports
 * the path, where and why it stopped, and what happened on the way (dangerous squares, falls,
 * ending on an edge). Pure: nothing is written; the edge save and the damage are the caller's.
 */
export function forcedMove(bf: Battlefield, request: ForcedMoveRequest): ForcedMove {
  const target = occupantById(bf, request.targetId);
  const t = terrainOf(bf.map);
  if (!Number.isInteger(request.distance) || request.distance < 0)
    return { ok: false, reason: `a ${request.kind} moves a whole number of squares, 0 or more` };
  const here: Footprint = { cell: target.cell, size: target.size };
  let direction: Direction8 | null;
  if (request.kind === 'shove') {
    if (!request.direction || !(request.direction in DIRECTIONS_8))
      return { ok: false, reason: `a shove needs a direction: ${Object.keys(DIRECTIONS_8).join(', ')}` };
    direction = request.direction;
  } else {
    const away = directionBetween(request.source, here);
    direction = away && (request.kind === 'push' ? away : opposite(away));
    if (!direction)
      return {
        ok: false,
        reason: `${nameOf(target)} is centred on the source of the ${request.kind}, so it has no direction to go`,
      };
  }
  const { dx, dy } = DIRECTIONS_8[direction];
  const flying = request.flying ?? target.flying ?? false;
  const grid = occupancyGrid(bf);
  const self = bf.occupants.indexOf(target) + 1;
  // No line is longer than the map, whatever N says.
  const steps = Math.min(request.distance, t.width + t.height);
  const path: Cell[] = [];
  let pos = cell(target.cell.x, target.cell.y);
  let elevation = footprintElevation(bf.map, pos, target.size);
  let stop: ForcedMoveStop = { reason: 'complete' };
  for (let k = 0; k < steps; k++) {
    const next = cell(pos.x + dx, pos.y + dy);
    const blocked = blocker(bf, grid, self, pos, next, target.size, elevation, request);
    if (blocked) {
      stop = blocked;
      break;
    }
    path.push(next);
    pos = next;
    elevation = footprintElevation(bf.map, pos, target.size);
    // Rulebook (Edges): only fliers cross an edge area; anyone else stops on the first one.
    const edge = flying ? null : edgeSquareUnder(t, pos, target.size);
    if (edge && k < steps - 1) {
      stop = { reason: 'edge', at: edge };
      break;
    }
  }
  const events = movementEvents(bf, target.size, cell(target.cell.x, target.cell.y), path, { flying });
  const levelsFallen = events.reduce((sum, e) => sum + (e.kind === 'fall' ? e.levels : 0), 0);
  return {
    ok: true,
    kind: request.kind,
    targetId: target.id,
    direction,
    requested: request.distance,
    moved: path.length,
    from: cell(target.cell.x, target.cell.y),
    path,
    to: pos,
    stop,
    events,
    levelsFallen,
    text: describe(request, direction, path.length, pos, stop),
  };
}

/** What stops the footprint from stepping onto `next`, or null when the step is free. */
function blocker(
  bf: Battlefield,
  grid: Int32Array,
  self: number,
  pos: Cell,
  next: Cell,
  size: number,
  elevation: number,
  request: ForcedMoveRequest,
): ForcedMoveStop | null {
  const t = terrainOf(bf.map);
  for (let sy = next.y; sy < next.y + size; sy++) {
    for (let sx = next.x; sx < next.x + size; sx++) {
      if (sx < 0 || sy < 0 || sx >= t.width || sy >= t.height) return { reason: 'map', at: cell(sx, sy) };
    }
  }
  // A pull only goes on while each step brings the target nearer: it ends next to the source at
  // best, and never slides past it along a line that misses it.
  if (request.kind === 'pull') {
    const { cell: sc, size: ss } = request.source;
    const now = footprintDistance(sc, ss, pos, size);
    if (now <= 1 || footprintDistance(sc, ss, next, size) >= now)
      return { reason: 'source', at: next, adjacent: now <= 1 };
  }
  for (let sy = next.y; sy < next.y + size; sy++) {
    for (let sx = next.x; sx < next.x + size; sx++) {
      const i = sy * t.width + sx;
      if (t.type[i] === SPACE.impassable) return { reason: 'impassable', at: cell(sx, sy) };
      const who = grid[i]!;
      // Interpretation: forced movement is not a walk, so nobody is passed through, not even allies.
      if (who !== 0 && who !== self)
        return {
          reason: 'character',
          at: cell(sx, sy),
          characterId: bf.occupants[who - 1]!.id,
          name: nameOf(bf.occupants[who - 1]!),
        };
    }
  }
  // Interpretation: force moves a character along and down, never up onto higher terrain.
  const higher = footprintElevation(bf.map, next, size);
  if (higher > elevation) {
    for (let sy = next.y; sy < next.y + size; sy++) {
      for (let sx = next.x; sx < next.x + size; sx++) {
        if (t.level[sy * t.width + sx]! === higher)
          return { reason: 'terrain', at: cell(sx, sy), height: higher };
      }
    }
  }
  return null;
}

function edgeSquareUnder(t: ReturnType<typeof terrainOf>, at: Cell, size: number): Cell | null {
  for (let sy = at.y; sy < at.y + size; sy++) {
    for (let sx = at.x; sx < at.x + size; sx++)
      if (t.type[sy * t.width + sx] === SPACE.edge) return cell(sx, sy);
  }
  return null;
}

function opposite(d: Direction8): Direction8 {
  const { dx, dy } = DIRECTIONS_8[d];
  return (Object.keys(DIRECTIONS_8) as Direction8[]).find(
    (k) => DIRECTIONS_8[k].dx === -dx && DIRECTIONS_8[k].dy === -dy,
  )!;
}

function describe(
  request: ForcedMoveRequest,
  direction: Direction8,
  moved: number,
  to: Cell,
  stop: ForcedMoveStop,
): string {
  const squares = (n: number) => `${n} square${n === 1 ? '' : 's'}`;
  const how =
    moved === request.distance
      ? `${PAST[request.kind]} ${squares(moved)} ${direction} to ${where(to)}`
      : `${PAST[request.kind]} ${moved} of ${squares(request.distance)} ${direction}, stopping at ${where(to)}`;
  switch (stop.reason) {
    case 'complete':
      return how;
    case 'map':
      return `${how}: the map ends`;
    case 'impassable':
      return `${how}: ${where(stop.at)} is impassable`;
    case 'terrain':
      return `${how}: ${where(stop.at)} is terrain of height ${stop.height}, higher than the target stands`;
    case 'character':
      return `${how}: ${stop.name} is in the way at ${where(stop.at)}`;
    case 'source':
      return stop.adjacent
        ? `${how}: it is next to the source`
        : `${how}: its straight line comes no nearer to the source`;
    case 'edge':
      return `${how}: it went over the edge at ${where(stop.at)}`;
  }
}
