import { z } from 'zod';
import type { MapData, SpaceType } from '../schema/map';
import {
  MAP_SCHEMA_VERSION,
  MAX_MAP_SIDE,
  MAX_TERRAIN_HEIGHT,
  SIDE_TEXT,
  TERRAIN_CODES,
} from '../schema/map';
import { parseOrThrow } from '../schema/formatIssues';
import type { CellData } from '../schema/cell';
import type { MapImport } from './importResult';
import { MapImportError, parseJsonFile } from './importResult';
import { mapNameOf } from './uvtt';

/** Tiled's JSON map files. */
export const TILED_EXTENSIONS = ['.tmj', '.json'] as const;

/** A Tiled map file is text only (its pictures are separate files): 5 MB is far above any 200×200. */
const MAX_TILED_CHARS = 5 * 1024 * 1024;
const MAX_LAYERS = 100;
const MAX_TILES = 10_000;
/** Tiled keeps flip and rotation flags in a gid's top four bits. */
const GID_MASK = 0x0fffffff;

const TERRAIN_NAMES = Object.keys(TERRAIN_CODES) as SpaceType[];

const PropertySchema = z.object({
  name: z.string().max(200),
  type: z.string().max(40).optional(),
  value: z.unknown(),
});

/** What one tile of an ICON tileset says about its square (docs/maps.md). */
const IconTilePropertiesSchema = z.object({
  terrain: z.enum(TERRAIN_NAMES as [SpaceType, ...SpaceType[]]).default('ground'),
  height: z.number().int().min(0).max(MAX_TERRAIN_HEIGHT).default(0),
  destructible: z.boolean().default(false),
});
type IconTile = z.infer<typeof IconTilePropertiesSchema>;
const ICON_PROPERTIES = ['terrain', 'height', 'destructible'];

const TilesetSchema = z.object({
  firstgid: z.number().int().min(1),
  source: z.string().max(1000).optional(),
  name: z.string().max(200).optional(),
  tiles: z
    .array(
      z.object({
        id: z.number().int().min(0).max(GID_MASK),
        properties: z.array(PropertySchema).max(50).default([]),
      }),
    )
    .max(MAX_TILES)
    .default([]),
});

interface Layer {
  type: string;
  name?: string | undefined;
  data?: unknown;
  encoding?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  image?: string | undefined;
  offsetx?: number | undefined;
  offsety?: number | undefined;
  layers?: Layer[] | undefined;
}
const LayerSchema: z.ZodType<Layer> = z.lazy(() =>
  z.object({
    type: z.string().max(40),
    name: z.string().max(200).optional(),
    data: z.unknown().optional(),
    encoding: z.string().max(40).optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    image: z.string().max(1000).optional(),
    offsetx: z.number().optional(),
    offsety: z.number().optional(),
    layers: z.array(LayerSchema).max(MAX_LAYERS).optional(),
  }),
);

export const TiledMapSchema = z.object({
  type: z.literal('map', 'expected a Tiled map ("type": "map")'),
  orientation: z.literal('orthogonal', 'expected an orthogonal (square) map'),
  infinite: z.literal(false, 'expected a fixed-size map (Tiled: untick "Infinite")').default(false),
  width: z.number().int().min(1).max(MAX_MAP_SIDE, SIDE_TEXT),
  height: z.number().int().min(1).max(MAX_MAP_SIDE, SIDE_TEXT),
  tilewidth: z.number().int().min(4).max(2048),
  tileheight: z.number().int().min(4).max(2048),
  layers: z.array(LayerSchema).max(MAX_LAYERS, `at most ${MAX_LAYERS} layers`),
  tilesets: z.array(TilesetSchema).max(MAX_LAYERS, `at most ${MAX_LAYERS} tilesets`),
});

function fail(fileName: string, path: string, what: string): never {
  throw new MapImportError(`${fileName}:\n  ${path}: ${what}`, [`${path}: ${what}`]);
}

/** Every layer with its path in the file, groups opened, top to bottom as Tiled lists them. */
function flatLayers(layers: readonly Layer[], prefix = 'layers'): Array<{ layer: Layer; path: string }> {
  return layers.flatMap((layer, i) => {
    const path = `${prefix}.${i}`;
    return layer.type === 'group' ? flatLayers(layer.layers ?? [], `${path}.layers`) : [{ layer, path }];
  });
}

/**
 * A Tiled JSON map → an icon-vtt map. Tilesets must be embedded; tiles say what their square is
 * with the custom properties `terrain`, `height` and `destructible` (docs/maps.md). The first tile
 * layer using such tiles becomes the squares (a tile without them, or no tile, is level ground);
 * the first image layer becomes the picture, which the GM then supplies by file name.
 */
export function importTiled(text: string, fileName: string): MapImport {
  const file = parseOrThrow(TiledMapSchema, parseJsonFile(text, fileName, MAX_TILED_CHARS), fileName);
  if (file.tilewidth !== file.tileheight) {
    fail(fileName, 'tilewidth', `expected square tiles (found ${file.tilewidth}×${file.tileheight} pixels)`);
  }
  // gid → what the tile says.
  const tiles = new Map<number, IconTile>();
  file.tilesets.forEach((set, s) => {
    if (set.source !== undefined) {
      fail(
        fileName,
        `tilesets.${s}.source`,
        `the tileset "${set.source}" is a separate file; embed it in the map (Tiled: Map › Embed Tileset) and save again`,
      );
    }
    set.tiles.forEach((tile, t) => {
      const props = Object.fromEntries(
        tile.properties.filter((p) => ICON_PROPERTIES.includes(p.name)).map((p) => [p.name, p.value]),
      );
      if (Object.keys(props).length === 0) return;
      const parsed = IconTilePropertiesSchema.safeParse(props);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const name = String(issue.path[0]);
        const expected: Record<string, string> = {
          terrain: `one of ${TERRAIN_NAMES.join(', ')}`,
          height: `a whole number 0–${MAX_TERRAIN_HEIGHT}`,
          destructible: 'true or false',
        };
        fail(
          fileName,
          `tilesets.${s}.tiles.${t}.properties.${name}`,
          `expected ${expected[name] ?? 'a valid value'}`,
        );
      }
      const tileInfo = parsed.data;
      if ((tileInfo.terrain === 'impassable' || tileInfo.terrain === 'edge') && tileInfo.height > 0) {
        fail(
          fileName,
          `tilesets.${s}.tiles.${t}.properties.height`,
          `an ${tileInfo.terrain} tile has height 0`,
        );
      }
      if (tileInfo.destructible && tileInfo.height === 0) {
        fail(
          fileName,
          `tilesets.${s}.tiles.${t}.properties.destructible`,
          'only terrain of height 1–3 is destructible',
        );
      }
      tiles.set(set.firstgid + tile.id, tileInfo);
    });
  });
  const layers = flatLayers(file.layers);
  const n = file.width * file.height;
  const tileLayer = layers.find(
    ({ layer }) =>
      layer.type === 'tilelayer' &&
      Array.isArray(layer.data) &&
      layer.data.some((gid) => typeof gid === 'number' && tiles.has(gid & GID_MASK)),
  );
  if (!tileLayer) {
    const encoded = layers.find(({ layer }) => layer.type === 'tilelayer' && typeof layer.data === 'string');
    if (encoded) {
      fail(
        fileName,
        `${encoded.path}.data`,
        'expected the tiles as a list of numbers (Tiled: set the tile layer format to CSV)',
      );
    }
    fail(
      fileName,
      'layers',
      'expected a tile layer whose tiles carry the properties terrain, height or destructible',
    );
  }
  const data = tileLayer.layer.data as unknown[];
  if (data.length !== n) {
    fail(
      fileName,
      `${tileLayer.path}.data`,
      `expected ${n} tiles (${file.width}×${file.height}), found ${data.length}`,
    );
  }
  const cells: string[] = [];
  const heights: string[] = [];
  const destructible: CellData[] = [];
  for (let y = 0; y < file.height; y++) {
    let row = '';
    let levels = '';
    for (let x = 0; x < file.width; x++) {
      const raw = data[y * file.width + x];
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 0xffffffff) {
        fail(fileName, `${tileLayer.path}.data.${y * file.width + x}`, 'expected a tile number');
      }
      const tile = tiles.get(raw & GID_MASK);
      row += TERRAIN_CODES[tile?.terrain ?? 'ground'];
      levels += String(tile?.height ?? 0);
      if (tile?.destructible) destructible.push({ x, y });
    }
    cells.push(row);
    heights.push(levels);
  }
  const map: MapData = {
    schemaVersion: MAP_SCHEMA_VERSION,
    kind: 'map',
    name: mapNameOf(fileName),
    width: file.width,
    height: file.height,
    cells,
    heights,
    destructible,
  };
  const imageLayer = layers.find(({ layer }) => layer.type === 'imagelayer' && layer.image);
  const px = file.tilewidth;
  return {
    map,
    wallSquares: 0,
    picture: imageLayer
      ? {
          fileName: imageLayer.layer.image!.replace(/^.*[\\/]/, ''),
          pixelsPerSquare: px,
          offsetX: (imageLayer.layer.offsetx ?? 0) / px,
          offsetY: (imageLayer.layer.offsety ?? 0) / px,
        }
      : undefined,
  };
}
