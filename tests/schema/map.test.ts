import { describe, expect, it } from 'vitest';
import { MAP_SCHEMA_VERSION, MapSchema, migrateMap } from '../../src/schema/map';

const tiny = {
  schemaVersion: MAP_SCHEMA_VERSION,
  kind: 'map',
  name: 'tiny',
  width: 2,
  height: 2,
  cells: ['.~', '!_'],
  heights: ['01', '00'],
};

describe('MapSchema', () => {
  it('accepts a compact map and defaults destructible to none', () => {
    expect(MapSchema.parse(tiny)).toEqual({ ...tiny, destructible: [] });
  });

  it('names the expected version', () => {
    const result = MapSchema.safeParse({ ...tiny, schemaVersion: 99 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['schemaVersion'] });
  });

  it('reports row problems even when another field is also wrong', () => {
    const result = MapSchema.safeParse({ ...tiny, name: 7, cells: ['.', '!_'] });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['name', 'cells.0']);
  });

  it('migrateMap passes current data through unchanged (the hook for future versions)', () => {
    expect(migrateMap(tiny)).toBe(tiny);
  });
});
