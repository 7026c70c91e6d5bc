import { z } from 'zod';
import type { Door, MapData } from '../schema/map';
import { MAP_SCHEMA_VERSION, MAX_MAP_SIDE, SIDE_TEXT, TERRAIN_CODES } from '../schema/map';
import { MAX_NAME_CHARS, megabytes } from '../schema/limits';
import { parseOrThrow } from '../schema/formatIssues';
import {
  MAX_IMPORT_FILE_CHARS,
  MAX_IMPORT_IMAGE_BYTES,
  MAX_PORTALS,
  MAX_WALL_LINES,
  MAX_WALL_POINTS,
  MAX_WALL_POINTS_TOTAL,
} from './importLimits';
import type { MapImport } from './importResult';
import { decodeBase64, MapImportError, parseJsonFile } from './importResult';
import { polylineSquares, wallSquares } from './wallSquares';

/** Universal VTT files as Dungeondraft, DungeonFog and Arkenforge write them. */
export const UVTT_EXTENSIONS = ['.dd2vtt', '.uvtt', '.df2vtt'] as const;

const COORD = 10 * MAX_MAP_SIDE;
const PointSchema = z.object({ x: z.number().min(-COORD).max(COORD), y: z.number().min(-COORD).max(COORD) });
const WallsSchema = z
  .array(z.array(PointSchema).max(MAX_WALL_POINTS, `at most ${MAX_WALL_POINTS} points in one wall`))
  .max(MAX_WALL_LINES, `at most ${MAX_WALL_LINES} walls`)
  .default([]);

/** The parts of a UVTT file the import reads (lights and environment are ignored). */
export const UvttSchema = z
  .object({
    format: z.number().optional(),
    resolution: z.object({
      map_origin: PointSchema.default({ x: 0, y: 0 }),
      map_size: z.object({
        x: z.number().min(1, 'a map is at least 1 square wide').max(MAX_MAP_SIDE, SIDE_TEXT),
        y: z.number().min(1, 'a map is at least 1 square high').max(MAX_MAP_SIDE, SIDE_TEXT),
      }),
      pixels_per_grid: z
        .number()
        .int()
        .min(4, 'at least 4 pixels per square')
        .max(2048, 'at most 2,048 pixels per square'),
    }),
    line_of_sight: WallsSchema,
    objects_line_of_sight: WallsSchema,
    portals: z
      .array(
        z.object({
          position: PointSchema,
          bounds: z.array(PointSchema).max(8).default([]),
          rotation: z.number().default(0),
          closed: z.boolean().default(true),
          freestanding: z.boolean().default(false),
        }),
      )
      .max(MAX_PORTALS, `at most ${MAX_PORTALS} doors`)
      .default([]),
    image: z
      .string()
      .max(
        Math.ceil(MAX_IMPORT_IMAGE_BYTES / 3) * 4 + 64,
        `a picture of at most ${megabytes(MAX_IMPORT_IMAGE_BYTES)}`,
      )
      .optional(),
  })
  .superRefine((file, ctx) => {
    const points = [...file.line_of_sight, ...file.objects_line_of_sight].reduce((n, l) => n + l.length, 0);
    if (points > MAX_WALL_POINTS_TOTAL) {
      ctx.addIssue({
        code: 'custom',
        path: ['line_of_sight'],
        message: `at most ${MAX_WALL_POINTS_TOTAL} wall points in all (found ${points})`,
      });
    }
  });

/** A map's name from its file name: "Crypt of Ash.dd2vtt" → "Crypt of Ash". */
export function mapNameOf(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]+$/, '')
    .trim();
  return (base || 'Imported map').slice(0, MAX_NAME_CHARS);
}

/**
 * A Universal VTT file → an icon-vtt map. The map's squares lie on the file's whole grid squares
 * covering `map_size` from `map_origin`; every wall line (both `line_of_sight` and
 * `objects_line_of_sight`) marks squares impassable by the rule in wallSquares.ts; every portal
 * becomes a door on each square its bounds mark (or the square under its position), open or
 * closed as the file says. The picture spans the map from `map_origin`.
 */
export function importUvtt(text: string, fileName: string): MapImport {
  const file = parseOrThrow(UvttSchema, parseJsonFile(text, fileName, MAX_IMPORT_FILE_CHARS), fileName);
  const { map_origin: origin, map_size: size, pixels_per_grid: ppg } = file.resolution;
  const x0 = Math.floor(origin.x);
  const y0 = Math.floor(origin.y);
  const width = Math.ceil(origin.x + size.x - 1e-6) - x0;
  const height = Math.ceil(origin.y + size.y - 1e-6) - y0;
  if (width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    throw new MapImportError(`${fileName}:\n  resolution.map_size: ${SIDE_TEXT}`, []);
  }
  const local = (p: { x: number; y: number }) => ({ x: p.x - x0, y: p.y - y0 });
  const walls = new Set<number>();
  for (const line of [...file.line_of_sight, ...file.objects_line_of_sight]) {
    polylineSquares(line.map(local), width, height, walls);
  }
  const doorSquares = new Map<number, boolean>();
  for (const portal of file.portals) {
    let squares: number[] = [];
    for (let i = 1; i < portal.bounds.length; i++) {
      squares.push(...wallSquares(local(portal.bounds[i - 1]!), local(portal.bounds[i]!), width, height));
    }
    if (squares.length === 0) {
      const p = local(portal.position);
      const x = Math.floor(p.x);
      const y = Math.floor(p.y);
      squares = x >= 0 && y >= 0 && x < width && y < height ? [y * width + x] : [];
    }
    for (const s of squares) doorSquares.set(s, portal.closed);
  }
  // A doorway is a door, not a wall, even where the wall line runs through it.
  for (const s of doorSquares.keys()) walls.delete(s);
  const cells: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++)
      row += walls.has(y * width + x) ? TERRAIN_CODES.impassable : TERRAIN_CODES.ground;
    cells.push(row);
  }
  const doors: Door[] = [...doorSquares]
    .sort(([a], [b]) => a - b)
    .map(([s, closed]) => ({ x: s % width, y: Math.floor(s / width), closed }));
  const map: MapData = {
    schemaVersion: MAP_SCHEMA_VERSION,
    kind: 'map',
    name: mapNameOf(fileName),
    width,
    height,
    cells,
    heights: cells.map(() => '0'.repeat(width)),
    destructible: [],
    ...(doors.length ? { doors } : {}),
  };
  let bytes: Uint8Array | undefined;
  if (file.image) {
    const decoded = decodeBase64(file.image);
    if (!decoded) throw new MapImportError(`${fileName}:\n  image: expected a picture in base64`, []);
    bytes = decoded;
  }
  return {
    map,
    wallSquares: walls.size,
    picture: bytes
      ? { bytes, pixelsPerSquare: ppg, offsetX: origin.x - x0, offsetY: origin.y - y0 }
      : undefined,
  };
}
