import { footprintsOverlap } from '../../grid/battlefield';
import type { SightResult } from '../../grid/lineOfSight';
import { sightBetween } from '../../grid/lineOfSight';
import type { CellData } from '../../schema/cell';
import type { RoomSnapshot } from '../../table/snapshot';

/** The line-of-sight tool's answer for two picked squares. */
export interface SightReport {
  from: { cell: CellData; size: number; tokenName: string | null };
  to: { cell: CellData; size: number; tokenName: string | null };
  sight: SightResult;
  /** "Clear", "Blocked: …", "Clear, with cover: …" in words. */
  summary: string;
  lines: string[];
}

const REASON: Record<SightResult['blockedBy'][number]['reason'], string> = {
  impassable: 'impassable terrain',
  'taller-terrain-next-to-viewer': 'terrain next to the viewer taller than it',
  'taller-terrain-next-to-target': 'terrain next to the target taller than it',
  'taller-terrain-between': 'terrain taller than both characters',
};

/** The footprint standing on a square: a token's (any size) or a Size 1 stand-in. */
function footprintAt(snapshot: RoomSnapshot, c: CellData) {
  const token = snapshot.tokens.find((t) => footprintsOverlap(t.cell, t.size, c, 1));
  return token
    ? {
        cell: { x: token.cell.x, y: token.cell.y },
        size: token.size,
        tokenName: token.state?.name ?? token.name,
      }
    : { cell: { x: c.x, y: c.y }, size: 1, tokenName: null };
}

/**
 * Line of sight from any square or token to any other (rulebook: Height advantage, cover, and
 * ranged attacks): a token is judged by its whole footprint and Size, an empty square as a
 * Size 1 character standing there. Usable while planning, with no fight running.
 */
export function lineOfSightReport(snapshot: RoomSnapshot, from: CellData, to: CellData): SightReport | null {
  if (!snapshot.map) return null;
  const a = footprintAt(snapshot, from);
  const b = footprintAt(snapshot, to);
  const sight = sightBetween(snapshot.map, a, b, snapshot.settings);
  const where = (c: CellData) => `(${c.x},${c.y})`;
  const lines: string[] = [];
  let summary: string;
  if (!sight.visible) {
    summary = 'Blocked';
    for (const blocker of sight.blockedBy) lines.push(`${where(blocker.cell)}: ${REASON[blocker.reason]}`);
    if (sight.blockedBy.length === 0) lines.push('no clear line between the two footprints');
  } else if (sight.cover) {
    summary = 'Clear, target has cover';
    lines.push(
      `cover from ${sight.coverCells.map(where).join(', ') || 'terrain next to the target'} (ranged damage halved)`,
    );
  } else {
    summary = 'Clear, no cover';
  }
  return { from: a, to: b, sight, summary, lines };
}
