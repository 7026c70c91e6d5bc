import { describe, expect, it } from 'vitest';
import {
  CELL_SIZE_PX,
  cell,
  cellCenterToWorld,
  cellToWorld,
  destructibleMaxHp,
  footprintElevation,
  heightAfterDamage,
  parseAsciiMap,
  withTerrainHeight,
  worldPoint,
  worldToCell,
} from '../../src/grid';
import { MapSchema } from '../../src/schema/map';

describe('cells ↔ world pixels (only grid/ converts)', () => {
  it('a square spans CELL_SIZE_PX pixels from its north-west corner', () => {
    expect(CELL_SIZE_PX).toBe(64);
    expect(cellToWorld(cell(3, 2))).toEqual({ x: 192, y: 128 });
    expect(cellCenterToWorld(cell(3, 2))).toEqual({ x: 224, y: 160 });
    expect(worldToCell(worldPoint(192, 128))).toEqual(cell(3, 2));
    expect(worldToCell(worldPoint(255.9, 191.9))).toEqual(cell(3, 2));
    expect(worldToCell(worldPoint(-0.1, 5))).toBeNull();
  });
});

describe('elevation of a footprint', () => {
  it('is the highest terrain under any of its squares', () => {
    const { map } = parseAsciiMap(`
      . 2 .
      1 . .`);
    expect(footprintElevation(map, cell(0, 0), 2)).toBe(2);
    expect(footprintElevation(map, cell(0, 1), 1)).toBe(1);
    expect(footprintElevation(map, cell(2, 0), 1)).toBe(0);
  });
});

describe('destructible terrain (rulebook: 10 HP per height)', () => {
  const map = MapSchema.parse({
    schemaVersion: 1,
    kind: 'map',
    name: 'crates',
    width: 3,
    height: 1,
    cells: ['...'],
    heights: ['301'],
    destructible: [{ x: 0, y: 0 }],
  });

  it('HP by height; squares not listed are not destructible', () => {
    expect(destructibleMaxHp(map, cell(0, 0))).toBe(30);
    expect(destructibleMaxHp(map, cell(2, 0))).toBeNull();
    expect(destructibleMaxHp(map, cell(1, 0))).toBeNull();
  });

  it('each full 10 damage removes a level; what is left rounds up', () => {
    expect([0, 9, 10, 25, 29, 30, 99].map((d) => heightAfterDamage(3, d))).toEqual([3, 3, 2, 1, 1, 0, 0]);
  });

  it('lowering terrain gives a new map; destroyed terrain leaves the destructible list', () => {
    const lowered = withTerrainHeight(map, cell(0, 0), 1);
    expect(lowered.heights).toEqual(['101']);
    expect(lowered.destructible).toEqual([{ x: 0, y: 0 }]);
    const gone = withTerrainHeight(map, cell(0, 0), 0);
    expect(gone.heights).toEqual(['001']);
    expect(gone.destructible).toEqual([]);
    expect(map.heights).toEqual(['301']);
    expect(MapSchema.safeParse(gone).success).toBe(true);
  });
});
