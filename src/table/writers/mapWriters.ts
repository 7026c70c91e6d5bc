import type { CellData } from '../../schema/cell';
import { MapBackgroundSchema, TERRAIN_CODES, type MapBackground } from '../../schema/map';
import type { TableDocs } from '../docLayout';
import { cellKey, GM_ORIGIN, publicRootsOf, rootsOf } from '../docLayout';
import type { MapCellPaint } from '../mapContent';
import {
  fullDestructibleHp,
  MapCellPaintSchema,
  normalisePaint,
  readMapContent,
  writeMapContent,
} from '../mapContent';
import { TableWriteError } from './locateToken';
import { issueSentences } from '../../schema/issueSentence';

/**
 * Paints squares: each gets `paint` (space code and/or height; missing parts keep the square's
 * current value). One transaction = one undo step, so a brush stroke should be one call.
 */
export function paintCells(docs: TableDocs, cells: readonly CellData[], paint: Partial<MapCellPaint>): void {
  const map = readMapContent(docs.public);
  if (!map) throw new TableWriteError('this room has no map yet');
  // Everything is checked before the transaction: a refused paint changes nothing.
  const entries: [string, MapCellPaint][] = cells.map((c) => {
    if (c.x >= map.width || c.y >= map.height) {
      throw new TableWriteError(`square (${c.x},${c.y}) is outside the ${map.width}×${map.height} map`);
    }
    const next = normalisePaint({
      code: paint.code ?? map.cells[c.y]![c.x]!,
      height: paint.height ?? Number(map.heights[c.y]![c.x]!),
    });
    // A height painted on an impassable/edge square turns it into ground terrain of that height.
    if (paint.height && paint.height > 0 && paint.code === undefined && next.height === 0) {
      next.code = TERRAIN_CODES.ground;
      next.height = paint.height;
    }
    const checked = MapCellPaintSchema.safeParse(next);
    if (!checked.success) {
      throw new TableWriteError(`paint for (${c.x},${c.y}): ${issueSentences(checked.error)}`);
    }
    return [cellKey(c.x, c.y), checked.data];
  });
  const roots = publicRootsOf(docs.public);
  docs.public.transact(() => {
    for (const [key, value] of entries) {
      roots.mapPaint.set(key, value);
      // Destructible terrain that is no longer terrain stops being destructible.
      if (value.height === 0 && roots.destructible.has(key)) roots.destructible.delete(key);
    }
  }, GM_ORIGIN);
}

/** Marks terrain squares destructible (full HP: 10 per height level) or not. */
export function setDestructible(docs: TableDocs, cells: readonly CellData[], destructible: boolean): void {
  const map = readMapContent(docs.public);
  if (!map) throw new TableWriteError('this room has no map yet');
  for (const c of cells) {
    const level = Number(map.heights[c.y]?.[c.x] ?? 0);
    if (destructible && level === 0) throw new TableWriteError(`(${c.x},${c.y}) is not terrain (height 0)`);
  }
  const roots = publicRootsOf(docs.public);
  docs.public.transact(() => {
    for (const c of cells) {
      const key = cellKey(c.x, c.y);
      if (destructible) roots.destructible.set(key, fullDestructibleHp(map, c));
      else roots.destructible.delete(key);
    }
  }, GM_ORIGIN);
}

/** Sets the remaining HP of a destructible square (0 or less = destroyed: the square becomes ground). */
export function setDestructibleHp(docs: TableDocs, at: CellData, hp: number): void {
  const roots = publicRootsOf(docs.public);
  const key = cellKey(at.x, at.y);
  if (!roots.destructible.has(key))
    throw new TableWriteError(`(${at.x},${at.y}) is not destructible terrain`);
  docs.public.transact(() => {
    if (hp > 0) {
      roots.destructible.set(key, Math.round(hp));
      return;
    }
    roots.destructible.delete(key);
    roots.mapPaint.set(key, { code: TERRAIN_CODES.ground, height: 0 } satisfies MapCellPaint);
  }, GM_ORIGIN);
}

/**
 * Refuses, naming the token, when a token of either doc (hidden ones too) would stand partly off
 * a `width`×`height` map: resizing or replacing the map never strands a token.
 */
export function checkTokensFit(docs: TableDocs, width: number, height: number): void {
  for (const doc of [docs.public, docs.secrets]) {
    if (!doc) continue;
    rootsOf(doc).tokens.forEach((raw, id) => {
      const t = raw as { cell?: CellData; size?: number; name?: string };
      if (!t.cell) return;
      const size = t.size ?? 1;
      if (t.cell.x + size > width || t.cell.y + size > height) {
        throw new TableWriteError(
          `${t.name ?? id} at (${t.cell.x},${t.cell.y}) would be outside a ${width}×${height} map; move it first`,
        );
      }
    });
  }
}

/**
 * Resizes the map, keeping the north-west corner: new squares are level ground. Refused when a
 * token (visible or hidden) would end up outside, naming it.
 */
export function resizeMap(docs: TableDocs, width: number, height: number): void {
  const map = readMapContent(docs.public);
  if (!map) throw new TableWriteError('this room has no map yet');
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 1 ||
    height < 1 ||
    width > 200 ||
    height > 200
  ) {
    throw new TableWriteError(`map size ${width}×${height} is not allowed (1–200 squares per side)`);
  }
  checkTokensFit(docs, width, height);
  const row = (src: string | undefined, fill: string) => (src ?? '').slice(0, width).padEnd(width, fill);
  const resized = {
    ...map,
    width,
    height,
    cells: Array.from({ length: height }, (_, y) => row(map.cells[y], TERRAIN_CODES.ground)),
    heights: Array.from({ length: height }, (_, y) => row(map.heights[y], '0')),
    destructible: map.destructible.filter((c) => c.x < width && c.y < height),
  };
  const chapter = publicRootsOf(docs.public).map.get('chapter');
  docs.public.transact(
    () => writeMapContent(docs.public, resized, typeof chapter === 'number' ? chapter : 1),
    GM_ORIGIN,
  );
}

/** Renames the map (shown in the UI and used as the file name when saved). */
export function renameMap(docs: TableDocs, name: string): void {
  if (!name.trim()) throw new TableWriteError('a map needs a name');
  docs.public.transact(
    () => publicRootsOf(docs.public).map.set('name', name.trim().slice(0, 120)),
    GM_ORIGIN,
  );
}

/**
 * Puts the GM's battlemap under the map, or changes its alignment or terrain opacity
 * (undefined removes it). Checked whole before writing: a refused value changes nothing.
 */
export function setBackground(docs: TableDocs, background: MapBackground | undefined): void {
  const roots = publicRootsOf(docs.public);
  if (background === undefined) {
    if (roots.map.has('background')) docs.public.transact(() => roots.map.delete('background'), GM_ORIGIN);
    return;
  }
  const checked = MapBackgroundSchema.safeParse(background);
  if (!checked.success) throw new TableWriteError(`battlemap: ${issueSentences(checked.error)}`);
  docs.public.transact(() => roots.map.set('background', checked.data), GM_ORIGIN);
}
