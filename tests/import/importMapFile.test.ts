import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importMapFile, importSummary } from '../../src/import/importMapFile';
import { MapSchema, migrateMap } from '../../src/schema/map';
import { serializeMap } from '../../src/ui/mapFile';

const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('"Import a map file…" reads this app\'s own map JSON first', () => {
  it.each(['arena.json', 'ruins.json', 'combat-test.json'])('maps/%s imports as it is', (name) => {
    const text = readFileSync(`maps/${name}`, 'utf8');
    const result = importMapFile(text, name);
    expect(result.own).toBe(true);
    expect(result.map).toEqual(MapSchema.parse(migrateMap(JSON.parse(text))));
    expect(result.wallSquares).toBe(0);
    expect(result.picture).toBeUndefined();
  });

  it('a file from "Save map file" comes back whole: heights, destructible squares, doors', () => {
    const map = MapSchema.parse({
      ...(JSON.parse(readFileSync('maps/arena.json', 'utf8')) as object),
      doors: [{ x: 3, y: 3, closed: false }],
    });
    const result = importMapFile(serializeMap(map), 'arena-of-the-broken-crown.json');
    expect(result.map).toEqual(map);
    expect(importSummary('arena.json', result)).toBe('arena.json: 12×10 squares, 1 door');
  });

  it('a broken map of this app is told in its own terms, never as a Tiled map', () => {
    const broken = { schemaVersion: 1, kind: 'map', name: 'Broken', width: 3, height: 2 };
    const said = message(() =>
      importMapFile(JSON.stringify({ ...broken, cells: ['...', '.X'], heights: ['000', '000'] }), 'b.json'),
    );
    expect(said).toMatch(/^b\.json:\n {2}cells\.1: /);
    expect(said).not.toMatch(/Tiled|tilewidth|orthogonal/);
  });

  it('a Tiled map saved as .json is still read by the Tiled importer', () => {
    const result = importMapFile(readFileSync('maps/imports/sample.tmj', 'utf8'), 'sample.json');
    expect(result.own).toBeUndefined();
    expect(result.map.name).toBe('sample');
    expect(result.picture?.fileName).toBeDefined();
  });

  it('a .json that is neither is read as a Tiled map, and says what one needs', () => {
    expect(message(() => importMapFile('{"name": "notes"}', 'notes.json'))).toMatch(
      /^notes\.json:\n {2}type: expected a Tiled map/,
    );
  });
});
