import type { AreaPattern } from '../schema/area';
import type { Battlefield } from './battlefield';
import { footprintDistance, footprintsAdjacent } from './battlefield';
import type { Cell } from './cell';
import { areHostile } from './occupant';
import type { AreaOptions } from './area/areaPlacement';
import { areaCandidates } from './area/enumerateAreaPlacements';
import type { ShapeContext } from './area/shapeSquares';
import { shapeContext, shapeSquares } from './area/shapeSquares';
import type { Footprint, SightOptions } from './sightCore';
import { BLOCKED, CLEAR, elevationIn, judgePair } from './sightCore';
import { SPACE, terrainOf } from './terrain';
import type { Terrain } from './terrain';

/**
 * How one attack reaches out from where its user stands (the rules turn an ability into this):
 * a single target within range (ranged: plus the height bonus) and in sight, or an area pattern
 * placed as the targeting overlay places it.
 */
export type AttackReach =
  | { readonly kind: 'single'; readonly ranged: boolean; readonly range: number }
  | {
      readonly kind: 'area';
      readonly pattern: AreaPattern;
      readonly opts: AreaOptions;
      /** The area's roll takes the ranged-next-to-a-foe curse (room setting `rangedAreaIsRangedAttack`). */
      readonly rangedRoll: boolean;
    };

/**
 * Where an attacker may stand when it attacks: north-west squares of its footprint, with the
 * facts that make one square better than another for the roll.
 */
export interface AttackPositions {
  readonly size: number;
  readonly cells: readonly Cell[];
  readonly elevation: Uint8Array;
  /** 1 where a hostile, not defeated, character stands next to the attacker: ranged rolls take a curse. */
  readonly nextToFoe: Uint8Array;
}

/** Builds AttackPositions for `attackerId` standing on each of `cells` (the others as they stand). */
export function attackPositions(
  bf: Battlefield,
  attackerId: string,
  cells: readonly Cell[],
): AttackPositions {
  const t = terrainOf(bf.map);
  const attacker = bf.occupants.find((o) => o.id === attackerId)!;
  const foes = bf.occupants.filter((o) => o.id !== attackerId && !o.incapacitated && areHostile(o, attacker));
  const elevation = new Uint8Array(cells.length);
  const nextToFoe = new Uint8Array(cells.length);
  cells.forEach((c, i) => {
    elevation[i] = elevationIn(t, { cell: c, size: attacker.size });
    nextToFoe[i] = foes.some((o) => footprintsAdjacent(c, attacker.size, o.cell, o.size)) ? 1 : 0;
  });
  return { size: attacker.size, cells, elevation, nextToFoe };
}

/**
 * The squares one attack threatens, per map square (index y × width + x): `attack[i]` is the
 * position (index into AttackPositions.cells) the square is best attacked from as the roll's
 * target, -1 when it cannot be; `area[i]` (areas only) a position whose placed area covers the
 * square, -1 when none does. `cover[i]` is 1 when that best single-target attack leaves the
 * target cover (ranged only). A square is a target footprint's north-west square (`targetSize`).
 */
export interface SquaresThreatened {
  readonly width: number;
  readonly attack: Int32Array;
  readonly area: Int32Array | null;
  readonly cover: Uint8Array;
}

/** The net of the battlefield's boons and curses (height, ranged next to a foe) from one position. */
function netAt(eA: number, eT: number, curse: boolean): number {
  return (eA > eT ? 1 : eA < eT ? -1 : 0) - (curse ? 1 : 0);
}

/**
 * Every square `reach` threatens from `positions` (rulebook: Attacks; Height advantage, cover,
 * and ranged attacks; Area of effect). Exact: a square counts when some position has it in range
 * (the height bonus judged per pair) and in sight by `judgePair`, or some legal placement of the
 * area from some position covers it (`areaCandidates` + `shapeSquares`, sight to a ranged
 * placement's centre). Among the positions that can attack a square, the one with the best roll
 * (height boon, no ranged curse) is kept, then one without cover.
 */
export function squaresThreatened(
  bf: Battlefield,
  positions: AttackPositions,
  reach: AttackReach,
  targetSize = 1,
): SquaresThreatened {
  const t = terrainOf(bf.map);
  const n = t.width * t.height;
  const attack = new Int32Array(n).fill(-1);
  const cover = new Uint8Array(n);
  if (reach.kind === 'single') {
    singleTarget(t, bf, positions, reach, targetSize, attack, cover);
    return { width: t.width, attack, area: null, cover };
  }
  const area = new Int32Array(n).fill(-1);
  areaSquares(t, bf, positions, reach, attack, area);
  return { width: t.width, attack, area, cover };
}

/** A footprint of `size` with north-west square (x, y) lies on the map with no impassable square. */
export function standableAt(t: Terrain, x: number, y: number, size: number): boolean {
  if (x < 0 || y < 0 || x + size > t.width || y + size > t.height) return false;
  for (let dy = 0; dy < size; dy++)
    for (let dx = 0; dx < size; dx++)
      if (t.type[(y + dy) * t.width + x + dx] === SPACE.impassable) return false;
  return true;
}

function singleTarget(
  t: Terrain,
  sight: SightOptions,
  p: AttackPositions,
  reach: { ranged: boolean; range: number },
  targetSize: number,
  attack: Int32Array,
  cover: Uint8Array,
): void {
  const count = p.cells.length;
  if (count === 0) return;
  const s = p.size;
  let maxUp = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < count; i++) {
    const c = p.cells[i]!;
    if (p.elevation[i]! > maxUp) maxUp = p.elevation[i]!;
    x0 = Math.min(x0, c.x);
    y0 = Math.min(y0, c.y);
    x1 = Math.max(x1, c.x + s - 1);
    y1 = Math.max(y1, c.y + s - 1);
  }
  const out = reach.range + (reach.ranged ? maxUp : 0);
  // Positions sorted into buckets by the roll's net against this square (+1 … -2), best first.
  const buckets: number[][] = [[], [], [], []];
  const viewer: Footprint = { cell: { x: 0, y: 0 }, size: s };
  const target: Footprint = { cell: { x: 0, y: 0 }, size: targetSize };
  for (let y = Math.max(0, y0 - out - targetSize + 1); y <= Math.min(t.height - 1, y1 + out); y++) {
    for (let x = Math.max(0, x0 - out - targetSize + 1); x <= Math.min(t.width - 1, x1 + out); x++) {
      if (!standableAt(t, x, y, targetSize)) continue;
      target.cell = { x, y };
      const eT = elevationIn(t, target);
      for (const b of buckets) b.length = 0;
      for (let i = 0; i < count; i++) {
        const c = p.cells[i]!;
        const d = footprintDistance(c, s, target.cell, targetSize);
        if (d === 0) continue;
        const eA = p.elevation[i]!;
        if (d > reach.range + (reach.ranged ? Math.max(0, eA - eT) : 0)) continue;
        const curse = reach.ranged && (p.nextToFoe[i] === 1 || d === 1);
        buckets[1 - netAt(eA, eT, curse)]!.push(i);
      }
      let best = -1;
      let covered = 0;
      for (const bucket of buckets) {
        for (const i of bucket) {
          viewer.cell = p.cells[i]!;
          const verdict = judgePair(t, viewer, target, sight, reach.ranged);
          if (verdict === BLOCKED) continue;
          if (verdict === CLEAR) {
            best = i;
            covered = 0;
            break;
          }
          if (best < 0) {
            best = i;
            covered = 1;
          }
        }
        if (best >= 0) break;
      }
      const k = y * t.width + x;
      attack[k] = best;
      cover[k] = covered;
    }
  }
}

function areaSquares(
  t: Terrain,
  bf: Battlefield,
  p: AttackPositions,
  reach: Extract<AttackReach, { kind: 'area' }>,
  attack: Int32Array,
  area: Int32Array,
): void {
  const { pattern, opts } = reach;
  const affectsCaster = opts.range !== undefined && !opts.self;
  // The best net marked so far per attack square (a position with a better roll replaces it).
  const bestNet = new Int8Array(attack.length);
  const origin: Footprint = { cell: { x: 0, y: 0 }, size: p.size };
  const target: Footprint = { cell: { x: 0, y: 0 }, size: 1 };
  const inOrigin = (x: number, y: number) =>
    x >= origin.cell.x && x < origin.cell.x + p.size && y >= origin.cell.y && y < origin.cell.y + p.size;
  for (let i = 0; i < p.cells.length; i++) {
    origin.cell = p.cells[i]!;
    const eA = p.elevation[i]!;
    const ctx = shapeContext(t, origin, opts);
    for (const placement of areaCandidates(t, origin, pattern, opts)) {
      const shape = shapeSquares(ctx, pattern.primary, placement);
      if (!shape.ok) continue;
      if (shape.sightTo) {
        target.cell = shape.sightTo;
        if (judgePair(t, origin, target, bf, false) === BLOCKED) continue;
      }
      const attackSquares =
        shape.attack === 'first-character' || shape.attack === 'nearest-character'
          ? shape.ordered
          : [shape.attack];
      for (const c of shape.ordered) {
        const k = c.y * t.width + c.x;
        if (area[k] === -1 && t.type[k] !== SPACE.impassable && (affectsCaster || !inOrigin(c.x, c.y)))
          area[k] = i;
      }
      for (const a of attackSquares) {
        if (!affectsCaster && inOrigin(a.x, a.y)) continue;
        const k = a.y * t.width + a.x;
        // Nobody stands inside an impassable square: the area passes over it, no one there is hit.
        if (t.type[k] === SPACE.impassable) continue;
        const adjacent = footprintDistance(origin.cell, p.size, a, 1) === 1;
        const net = netAt(eA, t.level[k]!, reach.rangedRoll && (p.nextToFoe[i] === 1 || adjacent));
        if (attack[k] === -1 || net > bestNet[k]!) {
          attack[k] = i;
          bestNet[k] = net;
        }
        if (pattern.secondary) markSecondary(t, pattern, a, area, i);
      }
    }
  }
}

/** A combined pattern's secondary shape drawn from attack space `from` (as placeArea draws it). */
function markSecondary(t: Terrain, pattern: AreaPattern, from: Cell, area: Int32Array, i: number): void {
  const secondary = pattern.secondary!;
  const ctx: ShapeContext = { width: t.width, height: t.height, origin: { cell: from, size: 1 }, self: true };
  const placements =
    secondary.kind === 'blast'
      ? [{ kind: 'blast' as const, center: from }]
      : secondary.kind === 'cross'
        ? [{ kind: 'cross' as const }]
        : areaCandidates(t, { cell: from, size: 1 }, { primary: secondary }, { self: true });
  for (const placement of placements) {
    const shape = shapeSquares(ctx, secondary, placement);
    if (!shape.ok) continue;
    for (const c of shape.ordered) {
      const k = c.y * t.width + c.x;
      if (area[k] === -1 && t.type[k] !== SPACE.impassable) area[k] = i;
    }
  }
}
