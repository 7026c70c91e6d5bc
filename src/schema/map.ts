import { z } from 'zod';
import { AssetHashSchema, MAX_IMAGE_SIDE } from './asset';
import { CellSchema } from './cell';
import { atMost, MAX_MAP_SIDE, MAX_NAME_CHARS } from './limits';

export { MAX_MAP_SIDE };

/** Bump when the stored map shape changes, and teach `migrateMap` the step from the old one. */
export const MAP_SCHEMA_VERSION = 1;

/**
 * One character per space in `cells` rows (rulebook space types). Terrain is not a code here:
 * any space whose `heights` digit is 1–3 is terrain of that height, and its code says what its
 * top is like (ground, difficult or dangerous).
 */
export const TERRAIN_CODES = {
  ground: '.',
  difficult: '~',
  dangerous: '!',
  impassable: '#',
  edge: '_',
} as const;
export type SpaceType = keyof typeof TERRAIN_CODES;
const CODE_TO_TYPE = new Map<string, SpaceType>(
  Object.entries(TERRAIN_CODES).map(([type, code]) => [code, type as SpaceType]),
);
/** The space type a `cells` character stands for, or undefined when it is not a code. */
export function spaceTypeOfCode(code: string): SpaceType | undefined {
  return CODE_TO_TYPE.get(code);
}

/** Terrain height levels per the rulebook (1–3); 0 = level ground. */
export const MAX_TERRAIN_HEIGHT = 3;

const CODES_TEXT = Object.values(TERRAIN_CODES).join(' ');

/** The map-size refusal, said the same way everywhere. */
export const SIDE_TEXT = `a map is at most ${MAX_MAP_SIDE}×${MAX_MAP_SIDE} squares`;

/** A map's width or height in squares. */
export const MapSideSchema = z
  .number()
  .int()
  .min(1, 'a map is at least 1 square wide and high')
  .max(MAX_MAP_SIDE, SIDE_TEXT);

/**
 * A painted battlemap under the grid. The image's top-left corner sits `offsetX`, `offsetY`
 * squares from the map's top-left (fractions and negatives allowed, so art with a border or a
 * shifted grid lines up), and `pixelsPerSquare` image pixels span one square.
 */
/** Terrain colours over a battlemap start at this opacity: the art reads, the terrain still shows. */
export const DEFAULT_TERRAIN_OPACITY = 0.35;
/** Pixels per square a battlemap may be aligned at. */
export const MIN_PIXELS_PER_SQUARE = 4;
export const MAX_PIXELS_PER_SQUARE = 2048;

export const MapBackgroundSchema = z.object({
  asset: AssetHashSchema,
  /** The image's size in pixels, as the server decoded it on upload. */
  imageWidth: z.number().int().min(1).max(MAX_IMAGE_SIDE, `at most ${MAX_IMAGE_SIDE} pixels`),
  imageHeight: z.number().int().min(1).max(MAX_IMAGE_SIDE, `at most ${MAX_IMAGE_SIDE} pixels`),
  pixelsPerSquare: z
    .number()
    .min(MIN_PIXELS_PER_SQUARE, `at least ${MIN_PIXELS_PER_SQUARE} pixels per square`)
    .max(MAX_PIXELS_PER_SQUARE, atMost(MAX_PIXELS_PER_SQUARE, 'pixels per square')),
  offsetX: z.number().min(-MAX_MAP_SIDE).max(MAX_MAP_SIDE),
  offsetY: z.number().min(-MAX_MAP_SIDE).max(MAX_MAP_SIDE),
  /** How opaque the terrain colours are drawn over the art (0 = art only, 1 = art hidden). */
  terrainOpacity: z.number().min(0).max(1).default(DEFAULT_TERRAIN_OPACITY),
});
export type MapBackground = z.infer<typeof MapBackgroundSchema>;

/** Most doors one map may carry (an imported dungeon has dozens; this is far above that). */
export const MAX_DOORS = 1_000;

/**
 * A door on one square (from an imported map's portals). A closed door blocks sight and movement
 * like an impassable square; an open one is the square as painted (docs/rules.md "Doors").
 */
export const DoorSchema = z.object({
  x: z
    .number()
    .int()
    .min(0)
    .max(MAX_MAP_SIDE - 1),
  y: z
    .number()
    .int()
    .min(0)
    .max(MAX_MAP_SIDE - 1),
  closed: z.boolean().default(true),
});
export type Door = z.infer<typeof DoorSchema>;

/**
 * A battlefield map, compact enough for 100×100 in a readable file: `cells[y]` is row y (north
 * first), one code per column; `heights[y]` the same row as digits 0–3; `destructible` lists the
 * terrain squares that can be destroyed (10 HP per height level).
 */
export const MapSchema = z
  .object({
    schemaVersion: z.literal(MAP_SCHEMA_VERSION),
    kind: z.literal('map'),
    name: z.string().min(1).max(MAX_NAME_CHARS),
    width: MapSideSchema,
    height: MapSideSchema,
    cells: z.array(z.string().max(MAX_MAP_SIDE, SIDE_TEXT)).max(MAX_MAP_SIDE, SIDE_TEXT),
    heights: z.array(z.string().max(MAX_MAP_SIDE, SIDE_TEXT)).max(MAX_MAP_SIDE, SIDE_TEXT),
    destructible: z
      .array(CellSchema)
      .max(MAX_MAP_SIDE * MAX_MAP_SIDE, SIDE_TEXT)
      .default([]),
    /** The GM's own art under the grid, when the map has one. */
    background: MapBackgroundSchema.optional(),
    /** Doors the GM opens and closes in the room; left out = none. */
    doors: z.array(DoorSchema).max(MAX_DOORS, `at most ${MAX_DOORS} doors`).optional(),
  })
  .superRefine(
    (parsed, ctx) => {
      // Runs even when other fields failed (see `when`), so every problem is reported at once:
      // read the raw value defensively.
      const map = parsed as unknown as Record<string, unknown>;
      const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
      const width = intOrNull(map.width);
      const height = intOrNull(map.height);
      const rowsOf = (v: unknown): string[] =>
        Array.isArray(v) ? v.map((r) => (typeof r === 'string' ? r : '')) : [];
      const cells = rowsOf(map.cells);
      const heights = rowsOf(map.heights);
      const rows = (field: 'cells' | 'heights', list: string[]) => {
        if (height !== null && Array.isArray(map[field]) && list.length !== height) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `expected ${height} rows (the map's height), found ${list.length}`,
          });
        }
        if (width === null) return;
        list.forEach((row, y) => {
          if (row.length !== width) {
            ctx.addIssue({
              code: 'custom',
              path: [field, y],
              message: `expected ${width} characters (the map's width), found ${row.length}`,
            });
          }
        });
      };
      rows('cells', cells);
      rows('heights', heights);
      cells.forEach((row, y) => {
        for (let x = 0; x < row.length; x++) {
          const code = row[x]!;
          const type = spaceTypeOfCode(code);
          if (!type) {
            ctx.addIssue({
              code: 'custom',
              path: ['cells', y, x],
              message: `'${code}' is not a space code (expected one of ${CODES_TEXT})`,
            });
            continue;
          }
          const level = heights[y]?.[x];
          if ((type === 'impassable' || type === 'edge') && level !== undefined && level !== '0') {
            ctx.addIssue({
              code: 'custom',
              path: ['heights', y, x],
              message: `an ${type} space ('${code}' in cells) must have height 0, found '${level}'`,
            });
          }
        }
      });
      heights.forEach((row, y) => {
        for (let x = 0; x < row.length; x++) {
          const digit = row[x]!;
          if (!/^[0-3]$/.test(digit)) {
            ctx.addIssue({
              code: 'custom',
              path: ['heights', y, x],
              message: `'${digit}' is not a height (expected a digit 0–${MAX_TERRAIN_HEIGHT})`,
            });
          }
        }
      });
      const seen = new Set<string>();
      const destructible = Array.isArray(map.destructible) ? (map.destructible as unknown[]) : [];
      destructible.forEach((raw, i) => {
        const parsedCell = CellSchema.safeParse(raw);
        if (!parsedCell.success) return; // the element schema reports it
        const cell = parsedCell.data;
        const key = `${cell.x},${cell.y}`;
        if ((width !== null && cell.x >= width) || (height !== null && cell.y >= height)) {
          ctx.addIssue({
            code: 'custom',
            path: ['destructible', i],
            message: `(${key}) is outside the ${width}×${height} map`,
          });
        } else if (!/^[1-3]$/.test(heights[cell.y]?.[cell.x] ?? '')) {
          ctx.addIssue({
            code: 'custom',
            path: ['destructible', i],
            message: `(${key}) is not terrain (expected a space of height 1–${MAX_TERRAIN_HEIGHT})`,
          });
        }
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: ['destructible', i], message: `(${key}) is listed twice` });
        }
        seen.add(key);
      });
      const doorsSeen = new Set<string>();
      const doors = Array.isArray(map.doors) ? (map.doors as unknown[]) : [];
      doors.forEach((raw, i) => {
        const parsedDoor = DoorSchema.safeParse(raw);
        if (!parsedDoor.success) return; // the element schema reports it
        const { x, y } = parsedDoor.data;
        const key = `${x},${y}`;
        if ((width !== null && x >= width) || (height !== null && y >= height)) {
          ctx.addIssue({
            code: 'custom',
            path: ['doors', i],
            message: `(${key}) is outside the ${width}×${height} map`,
          });
        } else {
          const type = spaceTypeOfCode(cells[y]?.[x] ?? '.');
          if (type === 'impassable' || type === 'edge') {
            ctx.addIssue({
              code: 'custom',
              path: ['doors', i],
              message: `(${key}) is ${type === 'edge' ? 'an edge' : 'impassable'} (a door stands on a square one can walk through)`,
            });
          }
        }
        if (doorsSeen.has(key)) {
          ctx.addIssue({ code: 'custom', path: ['doors', i], message: `(${key}) is listed twice` });
        }
        doorsSeen.add(key);
      });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type MapData = z.infer<typeof MapSchema>;
export type MapInput = z.input<typeof MapSchema>;

/**
 * Migration hook: brings any older stored map up to MAP_SCHEMA_VERSION before validation.
 * Version 1 is the first, so today this only passes current data through; a future version adds
 * `if (version === 1) data = upgradeV1toV2(data)` steps here, oldest first.
 */
export function migrateMap(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const version = (data as { schemaVersion?: unknown }).schemaVersion;
  if (version === MAP_SCHEMA_VERSION) return data;
  return data; // unknown versions fall through to validation, which names the expected version
}
