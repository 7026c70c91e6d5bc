import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importUvtt } from '../../src/import/uvtt';
import { importTiled } from '../../src/import/tiled';
import { MapSchema } from '../../src/schema/map';

const read = (name: string) => readFileSync(`maps/imports/${name}`, 'utf8');
const PNG = [0x89, 0x50, 0x4e, 0x47];
const sample = JSON.parse(read('sample.uvtt')) as Record<string, unknown>;
const tmj = JSON.parse(read('sample.tmj')) as Record<string, unknown>;
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('Universal VTT import', () => {
  it.each(['sample.dd2vtt', 'sample.uvtt', 'sample.df2vtt'])('%s imports: walls, door, picture', (name) => {
    const result = importUvtt(read(name), name);
    expect(MapSchema.safeParse(result.map).success).toBe(true);
    expect(result.map).toMatchObject({ name: 'sample', width: 12, height: 8 });
    // The wall along x = 6 marks column 6 (the squares to its right), except the doorway.
    expect(result.map.cells.map((row) => row[6]).join('')).toBe('###.####');
    expect(result.map.cells[3]![5]).toBe('.');
    // The pillar inside (3, 5).
    expect(result.map.cells[5]![3]).toBe('#');
    expect(result.wallSquares).toBe(8);
    expect(result.map.doors).toEqual([{ x: 6, y: 3, closed: true }]);
    expect(result.picture).toMatchObject({ pixelsPerSquare: 64, offsetX: 0, offsetY: 0 });
    expect(result.picture!.bytes!.length).toBeGreaterThan(1000);
    if (name !== 'sample.df2vtt') expect([...result.picture!.bytes!.slice(0, 4)]).toEqual(PNG);
  });

  it('a map origin off the grid keeps squares whole and shifts the picture', () => {
    const shifted = {
      ...sample,
      resolution: { map_origin: { x: 0.5, y: 0 }, map_size: { x: 12, y: 8 }, pixels_per_grid: 64 },
    };
    const result = importUvtt(JSON.stringify(shifted), 'shifted.uvtt');
    expect(result.map.width).toBe(13);
    expect(result.picture).toMatchObject({ offsetX: 0.5, offsetY: 0 });
  });

  it('bad files name the file, the place in it and what was expected', () => {
    expect(message(() => importUvtt('{"format": 0.3', 'broken.dd2vtt'))).toMatch(
      /^broken\.dd2vtt: not a JSON file/,
    );
    const tooBig = { ...sample, resolution: { map_size: { x: 500, y: 8 }, pixels_per_grid: 64 } };
    expect(message(() => importUvtt(JSON.stringify(tooBig), 'big.uvtt'))).toBe(
      'big.uvtt:\n  resolution.map_size.x: a map is at most 200×200 squares',
    );
    const badWall = { ...sample, line_of_sight: [[{ x: 'left', y: 1 }]] };
    expect(message(() => importUvtt(JSON.stringify(badWall), 'wall.uvtt'))).toMatch(
      /^wall\.uvtt:\n {2}line_of_sight\.0\.0\.x: /,
    );
    const badImage = { ...sample, image: 'not base64!!' };
    expect(message(() => importUvtt(JSON.stringify(badImage), 'pic.uvtt'))).toBe(
      'pic.uvtt:\n  image: expected a picture in base64',
    );
    const manyPortals = {
      ...sample,
      portals: Array.from({ length: 1001 }, () => (sample.portals as unknown[])[0]),
    };
    expect(message(() => importUvtt(JSON.stringify(manyPortals), 'doors.uvtt'))).toBe(
      'doors.uvtt:\n  portals: at most 1000 doors',
    );
  });
});

describe('Tiled import', () => {
  it('sample.tmj imports: terrain, heights, destructible from tile properties; the image layer names the picture', () => {
    const result = importTiled(read('sample.tmj'), 'sample.tmj');
    expect(MapSchema.safeParse(result.map).success).toBe(true);
    expect(result.map.cells[0]).toBe('......#.....');
    expect(result.map.cells[1]).toBe('.~~...#.....');
    expect(result.map.heights[1]).toBe('000000001100');
    expect(result.map.destructible).toEqual([{ x: 10, y: 5 }]);
    expect(result.map.cells[5]![9]).toBe('!');
    expect(result.map.cells[7]).toBe('......#.____');
    expect(result.picture).toEqual({ fileName: 'sample.png', pixelsPerSquare: 64, offsetX: 0, offsetY: 0 });
  });

  it('an external tileset, a bad property, or an encoded layer are refused with the place in the file', () => {
    const external = { ...tmj, tilesets: [{ firstgid: 1, source: 'terrain.tsx' }] };
    expect(message(() => importTiled(JSON.stringify(external), 'ext.tmj'))).toMatch(
      /^ext\.tmj:\n {2}tilesets\.0\.source: the tileset "terrain\.tsx" is a separate file; embed it/,
    );
    const tileset = (tmj.tilesets as Array<{ tiles: Array<{ properties: unknown[] }> }>)[0]!;
    const badTiles = structuredClone(tileset);
    badTiles.tiles[2]!.properties = [{ name: 'height', type: 'int', value: 7 }];
    expect(message(() => importTiled(JSON.stringify({ ...tmj, tilesets: [badTiles] }), 'h.tmj'))).toBe(
      'h.tmj:\n  tilesets.0.tiles.2.properties.height: expected a whole number 0–3',
    );
    const layers = structuredClone(tmj.layers) as Array<Record<string, unknown>>;
    layers[1]!.data = 'eJzt';
    layers[1]!.encoding = 'base64';
    expect(message(() => importTiled(JSON.stringify({ ...tmj, layers }), 'enc.tmj'))).toBe(
      'enc.tmj:\n  layers.1.data: expected the tiles as a list of numbers (Tiled: set the tile layer format to CSV)',
    );
    expect(
      message(() => importTiled(JSON.stringify({ ...tmj, orientation: 'isometric' }), 'iso.tmj')),
    ).toMatch(/^iso\.tmj:\n {2}orientation: /);
  });

  it('flip bits on a tile number still find the tile', () => {
    const layers = structuredClone(tmj.layers) as Array<{ data?: number[] }>;
    layers[1]!.data![0] = 2 + 0x80000000; // the wall tile, flipped horizontally
    expect(importTiled(JSON.stringify({ ...tmj, layers }), 'flip.tmj').map.cells[0]![0]).toBe('#');
  });
});
