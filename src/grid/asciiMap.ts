import type { MapData } from '../schema/map';
import { MAP_SCHEMA_VERSION, spaceTypeOfCode } from '../schema/map';
import type { Cell } from './cell';
import { cell } from './cell';

/**
 * Builds a map from a picture, one character per square (spaces between characters are ignored):
 * `. ~ ! # _` are the space codes, `1`–`3` ground-topped terrain of that height, and any letter
 * marks a square of level ground and is returned in `marks` (tests place characters there).
 * Used by tests and by anyone sketching a small map by hand.
 */
export function parseAsciiMap(
  picture: string,
  name = 'ascii map',
): { map: MapData; marks: Map<string, Cell[]> } {
  const rows = picture
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0);
  const width = Math.max(...rows.map((r) => r.length));
  const marks = new Map<string, Cell[]>();
  const cells: string[] = [];
  const heights: string[] = [];
  rows.forEach((row, y) => {
    if (row.length !== width)
      throw new Error(`${name}: row ${y} has ${row.length} squares, expected ${width}`);
    let codes = '';
    let levels = '';
    for (let x = 0; x < width; x++) {
      const ch = row[x]!;
      if (spaceTypeOfCode(ch)) {
        codes += ch;
        levels += '0';
      } else if (/[1-3]/.test(ch)) {
        codes += '.';
        levels += ch;
      } else if (/[a-zA-Z]/.test(ch)) {
        codes += '.';
        levels += '0';
        marks.set(ch, [...(marks.get(ch) ?? []), cell(x, y)]);
      } else {
        throw new Error(
          `${name}: '${ch}' at (${x},${y}) is not a square (expected . ~ ! # _ 1-3 or a letter)`,
        );
      }
    }
    cells.push(codes);
    heights.push(levels);
  });
  return {
    map: {
      schemaVersion: MAP_SCHEMA_VERSION,
      kind: 'map',
      name,
      width,
      height: rows.length,
      cells,
      heights,
      destructible: [],
    },
    marks,
  };
}
