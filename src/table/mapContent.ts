import type * as Y from 'yjs';
import { z } from 'zod';
import type { Door, MapData } from '../schema/map';
import {
  MapBackgroundSchema,
  MAP_SCHEMA_VERSION,
  MAX_MAP_SIDE,
  MAX_TERRAIN_HEIGHT,
  SIDE_TEXT,
  TERRAIN_CODES,
} from '../schema/map';
import type { CellData } from '../schema/cell';
import { DESTRUCTIBLE_HP_PER_LEVEL } from '../grid/destructible';
import { emptyRecord } from '../lib/ownRecord';
import { cellKey, publicRootsOf } from './docLayout';

const CODES = Object.values(TERRAIN_CODES) as string[];
const CODE_SET = new Set(CODES);
const CODE_LIST = CODES.join(' ');

/**
 * How the map sits in the public doc, so painting one cell is one small update even on 100×100:
 * `mapRows` holds one row string pair per row (the map as seeded or resized, ~2 bytes per
 * square), `mapPaint` one entry per square painted since (last writer wins per square).
 */
export const MapRowSchema = z.object({
  cells: z
    .string()
    .max(MAX_MAP_SIDE, SIDE_TEXT)
    .refine((row) => [...row].every((c) => CODE_SET.has(c)), `expected space codes (${CODE_LIST})`),
  heights: z
    .string()
    .max(MAX_MAP_SIDE, SIDE_TEXT)
    .regex(/^[0-3]*$/, `expected height digits 0–${MAX_TERRAIN_HEIGHT}`),
});
export type MapRow = z.infer<typeof MapRowSchema>;

/** One painted square: its space code and terrain height 0–3. */
export const MapCellPaintSchema = z.object({
  code: z.string().refine((c) => CODES.includes(c), `expected one of ${CODES.join(' ')}`),
  height: z.number().int().min(0).max(MAX_TERRAIN_HEIGHT),
});
export type MapCellPaint = z.infer<typeof MapCellPaintSchema>;

/** Impassable and edge spaces have no height (the map schema insists); painting keeps that true. */
export function normalisePaint(paint: MapCellPaint): MapCellPaint {
  if (paint.code === TERRAIN_CODES.impassable || paint.code === TERRAIN_CODES.edge) {
    return { code: paint.code, height: 0 };
  }
  return paint;
}

/** Replaces the whole map in `doc` (seed, resize, import): rows rewritten, paint cleared. */
export function writeMapContent(doc: Y.Doc, map: MapData, chapter = 1): void {
  const roots = publicRootsOf(doc);
  roots.map.set('name', map.name);
  roots.map.set('width', map.width);
  roots.map.set('height', map.height);
  roots.map.set('chapter', chapter);
  if (map.background) roots.map.set('background', map.background);
  else roots.map.delete('background');
  roots.mapRows.clear();
  for (let y = 0; y < map.height; y++) {
    roots.mapRows.set(String(y), { cells: map.cells[y]!, heights: map.heights[y]! } satisfies MapRow);
  }
  roots.mapPaint.clear();
  const keep = new Set(map.destructible.map((c) => cellKey(c.x, c.y)));
  for (const key of [...roots.destructible.keys()]) if (!keep.has(key)) roots.destructible.delete(key);
  for (const c of map.destructible) {
    const key = cellKey(c.x, c.y);
    if (!roots.destructible.has(key)) roots.destructible.set(key, fullDestructibleHp(map, c));
  }
  roots.doors.clear();
  for (const d of map.doors ?? []) roots.doors.set(cellKey(d.x, d.y), d.closed);
}

/** HP of an undamaged destructible square ("Destructible terrain": per height level, see src/grid). */
export function fullDestructibleHp(map: MapData, at: CellData): number {
  return DESTRUCTIBLE_HP_PER_LEVEL * Number(map.heights[at.y]![at.x]);
}

/** Thrown when the map part of a doc cannot be read (the message names what is wrong). */
export class MapContentError extends Error {}

/**
 * The current map as a MapData value (rows with paint applied). Not validated against MapSchema
 * square by square (it is built only from validated writes); shape problems throw MapContentError.
 */
export function readMapContent(doc: Y.Doc): MapData | null {
  const roots = publicRootsOf(doc);
  const width = roots.map.get('width');
  const height = roots.map.get('height');
  if (typeof width !== 'number' || typeof height !== 'number') return null;
  const name = String(roots.map.get('name') ?? 'Untitled map');
  const cells: string[][] = [];
  const heights: string[][] = [];
  for (let y = 0; y < height; y++) {
    const parsed = MapRowSchema.safeParse(roots.mapRows.get(String(y)));
    const row = parsed.success ? parsed.data : { cells: '', heights: '' };
    // A short or missing row (should not happen) reads as ground rather than breaking the table.
    cells.push(row.cells.padEnd(width, '.').slice(0, width).split(''));
    heights.push(row.heights.padEnd(width, '0').slice(0, width).split(''));
  }
  roots.mapPaint.forEach((value, key) => {
    const [x, y] = key.split(',').map(Number) as [number, number];
    const paint = MapCellPaintSchema.safeParse(value);
    if (!paint.success || !(x < width && y < height)) return;
    cells[y]![x] = paint.data.code;
    heights[y]![x] = String(paint.data.height);
  });
  const destructible: { x: number; y: number }[] = [];
  roots.destructible.forEach((_hp, key) => {
    const [x, y] = key.split(',').map(Number) as [number, number];
    if (x < width && y < height && heights[y]![x] !== '0') destructible.push({ x, y });
  });
  destructible.sort((a, b) => a.y - b.y || a.x - b.x);
  // A door stands on a passable square: one painted over with a wall or an edge is gone.
  const doors: Door[] = [];
  roots.doors.forEach((closed, key) => {
    const [x, y] = key.split(',').map(Number) as [number, number];
    const code = cells[y]?.[x];
    if (typeof closed !== 'boolean' || code === undefined) return;
    if (code === TERRAIN_CODES.impassable || code === TERRAIN_CODES.edge) return;
    doors.push({ x, y, closed });
  });
  doors.sort((a, b) => a.y - b.y || a.x - b.x);
  // Written only through checked writes; a bad value reads as "no art" rather than breaking the table.
  const background = MapBackgroundSchema.safeParse(roots.map.get('background'));
  return {
    schemaVersion: MAP_SCHEMA_VERSION,
    kind: 'map',
    name,
    width,
    height,
    cells: cells.map((r) => r.join('')),
    heights: heights.map((r) => r.join('')),
    destructible,
    ...(background.success ? { background: background.data } : {}),
    ...(doors.length ? { doors } : {}),
  };
}

/** Chapter number (dangerous spaces deal piercing damage equal to it). */
export function readChapter(doc: Y.Doc): number {
  const chapter = publicRootsOf(doc).map.get('chapter');
  return typeof chapter === 'number' && chapter >= 1 ? chapter : 1;
}

/** Remaining HP of each destructible square, keyed "x,y". */
export function readDestructibleHp(doc: Y.Doc): Record<string, number> {
  const out = emptyRecord<number>(); // keys come from the doc: a '__proto__' key stays a key
  publicRootsOf(doc).destructible.forEach((hp, key) => {
    if (typeof hp === 'number') out[key] = hp;
  });
  return out;
}
