import type { CellData } from '../schema/cell';
import type { MapData } from '../schema/map';
import type { Battlefield } from './battlefield';
import { occupantById } from './battlefield';
import type { Cell } from './cell';
import { cell } from './cell';
import type { Footprint, SightBlockReason, SightOptions } from './sightCore';
import {
  COVER,
  CLEAR,
  IMPASSABLE,
  elevationIn,
  judgePair,
  pair,
  pointX,
  pointY,
  ringDistance,
  tallTerrainReason,
  trace,
} from './sightCore';
import { terrainOf } from './terrain';

export type { Footprint, SightBlockReason, SightOptions } from './sightCore';

export interface SightResult {
  /** Some sight line is clear. */
  visible: boolean;
  /** Every clear line passes through terrain that gives the TARGET cover (ranged damage halved). */
  cover: boolean;
  /** Terrain squares giving that cover on the line shown. */
  coverCells: Cell[];
  /** When not visible: the first block on the centre-to-centre line (all of them: `sightBlockers`). */
  blockedBy: { cell: Cell; reason: SightBlockReason }[];
  /** The line to draw, in squares (x 3.5 = middle of column 3): a clear one if any, else centre to centre. */
  line: { from: { x: number; y: number }; to: { x: number; y: number } };
}

/**
 * Line of sight and cover between two footprints (rulebook: Height advantage, cover, and ranged
 * attacks; The battlefield). A character is as tall as its Size. Symmetric: a line may join ANY
 * sight point of one footprint (square centres and corners) to any of the other; sight exists if
 * one such line touches no blocking square. Blocking: impassable squares anywhere; terrain next
 * to either character that rises more than that character's Size above its elevation. Cover:
 * terrain next to the TARGET rising exactly its Size above it, touched by the line; the attacker
 * picks the best line, so the target has cover only if every clear line touches such terrain.
 * Squares under either footprint never block. With `tallTerrainBlocksSight: 'anywhere'` terrain
 * rising above BOTH characters also blocks wherever it stands. See docs/rules.md "Line of sight".
 */
export function sightBetween(
  map: MapData,
  viewer: Footprint,
  target: Footprint,
  options: SightOptions = {},
): SightResult {
  const t = terrainOf(map);
  const verdict = judgePair(t, viewer, target, options);
  const p = pair;
  if (verdict === CLEAR) return result(true, false, [], [], [p.lineAX, p.lineAY, p.lineBX, p.lineBY]);
  if (verdict === COVER) {
    const coverLine = [p.lineAX, p.lineAY, p.lineBX, p.lineBY];
    const [ax, ay, bx, by] = coverLine as [number, number, number, number];
    const { eT } = p;
    const cells: Cell[] = [];
    trace(ax, ay, bx, by, (x, y) => {
      if (x < 0 || y < 0 || x >= t.width || y >= t.height) return false;
      const h = t.level[y * t.width + x]!;
      if (
        h > 0 &&
        ringDistance(target, x, y) === 1 &&
        ringDistance(viewer, x, y) !== 0 &&
        h - eT === target.size
      ) {
        cells.push(cell(x, y));
      }
      return false;
    });
    return result(true, true, cells, [], coverLine);
  }
  // Not visible: the first line traced (centre to centre) explains it with its first block.
  const line = [pointX(viewer, 0), pointY(viewer, 0), pointX(target, 0), pointY(target, 0)];
  const blockedBy = p.firstX >= 0 ? [{ cell: cell(p.firstX, p.firstY), reason: p.firstReason }] : [];
  return result(false, false, [], blockedBy, line);
}

/**
 * Everything that blocks the centre-to-centre line between two footprints, in order from the
 * viewer (for the UI's line-of-sight tool; sightBetween reports only the first).
 */
export function sightBlockers(
  map: MapData,
  viewer: Footprint,
  target: Footprint,
  options: SightOptions = {},
): { cell: Cell; reason: SightBlockReason }[] {
  const anywhere = options.tallTerrainBlocksSight === 'anywhere';
  const t = terrainOf(map);
  const eV = elevationIn(t, viewer);
  const eT = elevationIn(t, target);
  const found: { cell: Cell; reason: SightBlockReason }[] = [];
  trace(pointX(viewer, 0), pointY(viewer, 0), pointX(target, 0), pointY(target, 0), (x, y) => {
    if (x < 0 || y < 0 || x >= t.width || y >= t.height) return false;
    const i = y * t.width + x;
    const h = t.level[i]!;
    const dV = ringDistance(viewer, x, y);
    const dT = ringDistance(target, x, y);
    if (t.type[i] === IMPASSABLE) {
      found.push({ cell: cell(x, y), reason: 'impassable' });
      return false;
    }
    const reason = tallTerrainReason(h, dV, dT, eV + viewer.size, eT + target.size, anywhere);
    if (reason !== null) found.push({ cell: cell(x, y), reason });
    return false;
  });
  return found;
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
  return sightBetween(bf.map, v, t, bf);
}

/** GM planning tool: sight from one square to another, as if a Size 1 character stood on each. */
export function lineOfSightBetweenCells(
  map: MapData,
  from: CellData,
  to: CellData,
  options: SightOptions = {},
): SightResult {
  return sightBetween(map, { cell: from, size: 1 }, { cell: to, size: 1 }, options);
}
