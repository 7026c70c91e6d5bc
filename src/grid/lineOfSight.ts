import type { CellData } from '../schema/cell';
import type { MapData } from '../schema/map';
import type { Battlefield } from './battlefield';
import { footprintElevation, occupantById } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import { SPACE, terrainOf } from './terrain';
import { segmentTouchesSquare, traceLine } from './traceLine';

/** A footprint that looks or is looked at: north-west square and Size. Elevation comes from the map. */
export interface Footprint {
  cell: CellData;
  size: number;
}

export type SightBlockReason = 'impassable' | 'taller-terrain-next-to-viewer' | 'taller-terrain-next-to-target';

export interface SightResult {
  /** Some sight line is clear. */
  visible: boolean;
  /** Every clear line passes through terrain that gives the TARGET cover (ranged damage halved). */
  cover: boolean;
  /** Terrain squares giving that cover on the line shown. */
  coverCells: Cell[];
  /** When not visible: what blocks the centre-to-centre line, in order from the viewer. */
  blockedBy: { cell: Cell; reason: SightBlockReason }[];
  /** The line to draw, in squares (x 3.5 = middle of column 3): a clear one if any, else centre to centre. */
  line: { from: { x: number; y: number }; to: { x: number; y: number } };
}

/** Sight points of a footprint in half squares: centres of its squares first, then all corners. */
function sightPoints(f: Footprint): number[] {
  const pts: number[] = [];
  const x0 = 2 * f.cell.x;
  const y0 = 2 * f.cell.y;
  for (let j = 0; j < f.size; j++) for (let i = 0; i < f.size; i++) pts.push(x0 + 2 * i + 1, y0 + 2 * j + 1);
  for (let j = 0; j <= f.size; j++) for (let i = 0; i <= f.size; i++) pts.push(x0 + 2 * i, y0 + 2 * j);
  return pts;
}

/** Chebyshev distance from square (x, y) to a footprint: 0 inside, 1 adjacent. */
function ringDistance(f: Footprint, x: number, y: number): number {
  const gx = Math.max(0, f.cell.x - x, x - (f.cell.x + f.size - 1));
  const gy = Math.max(0, f.cell.y - y, y - (f.cell.y + f.size - 1));
  return Math.max(gx, gy);
}

/** Does the ring of squares around `f` hold terrain exactly as tall (relative) as f's Size? */
function hasCoverRing(map: MapData, f: Footprint, elevation: number): boolean {
  const t = terrainOf(map);
  for (let y = f.cell.y - 1; y <= f.cell.y + f.size; y++) {
    for (let x = f.cell.x - 1; x <= f.cell.x + f.size; x++) {
      if (x < 0 || y < 0 || x >= t.width || y >= t.height || ringDistance(f, x, y) !== 1) continue;
      if (t.level[y * t.width + x]! - elevation === f.size) return true;
    }
  }
  return false;
}

const CLEAR = 0;
const COVER = 1;
const BLOCKED = 2;

/**
 * Line of sight and cover between two footprints (rulebook: Height advantage, cover, and ranged
 * attacks; The battlefield). A character is as tall as its Size. Symmetric: a line may join ANY
 * sight point of one footprint (square centres and corners) to any of the other; sight exists if
 * one such line touches no blocking square. Blocking: impassable squares anywhere; terrain next
 * to either character that rises more than that character's Size above its elevation. Cover:
 * terrain next to the TARGET rising exactly its Size above it, touched by the line; the attacker
 * picks the best line, so the target has cover only if every clear line touches such terrain.
 * Squares under either footprint never block. See docs/rules-geometry.md "Line of sight".
 */
export function sightBetween(map: MapData, viewer: Footprint, target: Footprint): SightResult {
  const t = terrainOf(map);
  const { width, type, level } = t;
  const eV = footprintElevation(map, viewer.cell, viewer.size);
  const eT = footprintElevation(map, target.cell, target.size);
  // Cheap pre-check: without cover-height terrain around the target, COVER can never be judged.
  const targetMayHaveCover = hasCoverRing(map, target, eT);
  // Verdict of the line being traced, written by `judge` (CLEAR, COVER or BLOCKED).
  const state = { verdict: CLEAR };
  // Classifies one touched square for this pair; sets `state.verdict`, returns true to stop at a block.
  // Squares found blocking earlier lines of this pair (x, y pairs): nearby lines usually hit the
  // same ones, and testing a square is far cheaper than tracing a line.
  const blockers: number[] = [];
  const judge = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= t.height) return false;
    const i = y * width + x;
    if (type[i] === SPACE.impassable) {
      state.verdict = BLOCKED;
      blockers.push(x, y);
      return true;
    }
    const h = level[i]!;
    if (h === 0) return false;
    const dV = ringDistance(viewer, x, y);
    const dT = ringDistance(target, x, y);
    if (dV === 0 || dT === 0) return false;
    if ((dV === 1 && h - eV > viewer.size) || (dT === 1 && h - eT > target.size)) {
      state.verdict = BLOCKED;
      blockers.push(x, y);
      return true;
    }
    if (targetMayHaveCover && dT === 1 && h - eT === target.size) state.verdict = COVER;
    return false;
  };
  const pv = sightPoints(viewer);
  const pt = sightPoints(target);
  let coverLine: [number, number, number, number] | null = null;
  for (let a = 0; a < pv.length; a += 2) {
    for (let b = 0; b < pt.length; b += 2) {
      state.verdict = CLEAR;
      const ax = pv[a]!;
      const ay = pv[a + 1]!;
      const bx = pt[b]!;
      const by = pt[b + 1]!;
      let known = false;
      for (let k = 0; k < blockers.length && !known; k += 2) {
        known = segmentTouchesSquare(ax, ay, bx, by, blockers[k]!, blockers[k + 1]!);
      }
      if (known) continue;
      traceLine(ax, ay, bx, by, judge);
      if (state.verdict === CLEAR) return result(true, false, [], [], [ax, ay, bx, by]);
      if (state.verdict === COVER) {
        if (!coverLine) coverLine = [ax, ay, bx, by];
      }
    }
  }
  if (coverLine) {
    const [ax, ay, bx, by] = coverLine;
    const cells: Cell[] = [];
    traceLine(ax, ay, bx, by, (x, y) => {
      if (x < 0 || y < 0 || x >= width || y >= t.height) return false;
      const h = level[y * width + x]!;
      if (h > 0 && ringDistance(target, x, y) === 1 && ringDistance(viewer, x, y) !== 0 && h - eT === target.size) {
        cells.push(cell(x, y));
      }
      return false;
    });
    return result(true, true, cells, [], coverLine);
  }
  // Not visible: explain with the centre-to-centre line (first sight points of each).
  const explained: { cell: Cell; reason: SightBlockReason }[] = [];
  const line: [number, number, number, number] = [pv[0]!, pv[1]!, pt[0]!, pt[1]!];
  traceLine(line[0], line[1], line[2], line[3], (x, y) => {
    if (x < 0 || y < 0 || x >= width || y >= t.height) return false;
    const i = y * width + x;
    const h = level[i]!;
    const dV = ringDistance(viewer, x, y);
    const dT = ringDistance(target, x, y);
    if (type[i] === SPACE.impassable) explained.push({ cell: cell(x, y), reason: 'impassable' });
    else if (h > 0 && dV === 1 && dT !== 0 && h - eV > viewer.size) {
      explained.push({ cell: cell(x, y), reason: 'taller-terrain-next-to-viewer' });
    } else if (h > 0 && dT === 1 && dV !== 0 && h - eT > target.size) {
      explained.push({ cell: cell(x, y), reason: 'taller-terrain-next-to-target' });
    }
    return false;
  });
  return result(false, false, [], explained, line);
}

function result(
  visible: boolean,
  cover: boolean,
  coverCells: Cell[],
  blockedBy: SightResult['blockedBy'],
  [ax, ay, bx, by]: readonly number[],
): SightResult {
  return {
    visible,
    cover,
    coverCells,
    blockedBy,
    line: { from: { x: ax! / 2, y: ay! / 2 }, to: { x: bx! / 2, y: by! / 2 } },
  };
}

/** Line of sight between two characters on the battlefield (viewer → target; visibility is symmetric). */
export function lineOfSight(bf: Battlefield, viewerId: string, targetId: string): SightResult {
  const v = occupantById(bf, viewerId);
  const t = occupantById(bf, targetId);
  return sightBetween(bf.map, v, t);
}

/** GM planning tool: sight from one square to another, as if a Size 1 character stood on each. */
export function lineOfSightBetweenCells(map: MapData, from: CellData, to: CellData): SightResult {
  return sightBetween(map, { cell: from, size: 1 }, { cell: to, size: 1 });
}
