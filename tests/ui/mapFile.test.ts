import { describe, expect, it } from 'vitest';
import { mapFileName, paintMap, parseMapFile, resizeMap, serializeMap } from '../../src/ui/mapFile';
import { mapToTerrainGrid } from '../../src/ui/mapToTerrainGrid';
import type { MapData } from '../../src/schema/map';

const MAP: MapData = {
  schemaVersion: 1,
  kind: 'map',
  name: 'Test Yard',
  width: 4,
  height: 3,
  cells: ['....', '.~#.', '._!.'],
  heights: ['0000', '0200', '0001'],
  destructible: [{ x: 1, y: 1 }],
};

describe('map files in the UI', () => {
  it('round-trips through save and upload', () => {
    const text = serializeMap(MAP);
    const parsed = parseMapFile(text, 'test-yard.json');
    expect(parsed).toEqual({ ok: true, map: MAP });
    expect(mapFileName(MAP)).toBe('test-yard.json');
  });

  it('names the file and the JSON path of every problem', () => {
    const bad = { ...MAP, cells: ['....', '.~#', '._X.'] };
    const parsed = parseMapFile(JSON.stringify(bad), 'bad.json');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toContain('bad.json');
    expect(parsed.error).toContain('cells.1: expected 4 characters');
    expect(parsed.error).toContain("cells.2.2: 'X' is not a space code");
    expect(parseMapFile('{ nope', 'x.json')).toMatchObject({
      ok: false,
      error: expect.stringContaining('x.json: not valid JSON'),
    });
  });

  it('painting impassable flattens the height and drops destructible terrain there', () => {
    const painted = paintMap(MAP, [{ x: 1, y: 1 }], { space: 'impassable' });
    expect(painted.cells[1]).toBe('.##.');
    expect(painted.heights[1]).toBe('0000');
    expect(painted.destructible).toEqual([]);
    const raised = paintMap(
      MAP,
      [
        { x: 0, y: 0 },
        { x: 3, y: 0 },
      ],
      { height: 3 },
    );
    expect(raised.heights[0]).toBe('3003');
    expect(raised.cells[0]).toBe('....');
  });

  it('resizing keeps the north-west part and pads with level ground', () => {
    const r = resizeMap(MAP, 5, 2);
    expect(r.cells).toEqual(['.....', '.~#..']);
    expect(r.heights).toEqual(['00000', '02000']);
    expect(resizeMap(MAP, 1, 1).destructible).toEqual([]);
  });

  it('terrain grid for the renderer: flat arrays and 10 HP per level of destructible terrain', () => {
    const g = mapToTerrainGrid(MAP);
    expect(g.space.slice(4, 8)).toEqual(['ground', 'difficult', 'impassable', 'ground']);
    expect(g.heights[5]).toBe(2);
    expect(g.destructible.get(5)).toBe(20);
    expect(mapToTerrainGrid(MAP, { '1,1': 7 }).destructible.get(5)).toBe(7);
  });
});
