import fc from 'fast-check';
import type { Battlefield, Cell, Footprint } from '../../src/grid';
import type { MapData } from '../../src/schema/map';
import { MAP_SCHEMA_VERSION } from '../../src/schema/map';
import { cell, footprintsOverlap as overlap, makeBattlefield, parseAsciiMap } from '../../src/grid';

/**
 * A battlefield from a picture (see parseAsciiMap): each letter is a character, UPPERCASE on the
 * party's side, lowercase a foe; a letter repeated in an N×N block is a Size N character.
 * `standOn` raises the terrain under a letter (a character standing on terrain of that height).
 */
export function field(
  picture: string,
  opts: { standOn?: Record<string, number>; incapacitated?: string[]; chapter?: number } = {},
): Battlefield {
  const { map, marks } = parseAsciiMap(picture);
  const occupants = [...marks.entries()].map(([id, cells]) => {
    const size = Math.round(Math.sqrt(cells.length));
    if (size * size !== cells.length) throw new Error(`mark '${id}' is not a square block`);
    const x = Math.min(...cells.map((c) => c.x));
    const y = Math.min(...cells.map((c) => c.y));
    const level = opts.standOn?.[id];
    if (level !== undefined) {
      for (const c of cells) {
        const row = map.heights[c.y]!;
        map.heights[c.y] = row.slice(0, c.x) + String(level) + row.slice(c.x + 1);
      }
    }
    return {
      id,
      cell: { x, y },
      size,
      side: id === id.toUpperCase() ? ('party' as const) : ('foes' as const),
      incapacitated: opts.incapacitated?.includes(id) ?? false,
    };
  });
  return makeBattlefield(map, occupants, opts.chapter ?? 1);
}

/** Draws costs on the map, one character per square: digit = cost, '.' = unreachable. */
export function drawCosts(bf: Battlefield, spaces: readonly { cell: Cell; cost: number }[]): string {
  const rows = Array.from({ length: bf.map.height }, () => Array.from({ length: bf.map.width }, () => '.'));
  for (const s of spaces) rows[s.cell.y]![s.cell.x] = s.cost > 9 ? '+' : String(s.cost);
  return rows.map((r) => r.join(' ')).join('\n');
}

/** Draws a set of squares as 'x' on a blank picture of the map's size. */
export function drawSquares(
  bf: Battlefield,
  squares: readonly { x: number; y: number }[],
  mark = 'x',
): string {
  const rows = Array.from({ length: bf.map.height }, () => Array.from({ length: bf.map.width }, () => '.'));
  for (const s of squares) rows[s.y]![s.x] = mark;
  return rows.map((r) => r.join(' ')).join('\n');
}

/** Picture text normalised like drawCosts output (trims the indentation of template literals). */
export function pic(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length)
    .join('\n');
}

export const c = cell;

/**
 * Random square maps (fast-check) drawn from `symbols`, one per square: a digit 1–3 is a level
 * square raised to that height, any other symbol is that terrain code at height 0.
 */
export function randomMapArb(side: number, symbols: readonly string[]): fc.Arbitrary<MapData> {
  return fc
    .array(fc.constantFrom(...symbols), { minLength: side * side, maxLength: side * side })
    .map((squares): MapData => {
      const rows = Array.from({ length: side }, (_, y) => squares.slice(y * side, (y + 1) * side));
      return {
        schemaVersion: MAP_SCHEMA_VERSION,
        kind: 'map',
        name: 'random',
        width: side,
        height: side,
        cells: rows.map((r) => r.map((s) => (/[1-3]/.test(s) ? '.' : s)).join('')),
        heights: rows.map((r) => r.map((s) => (/[1-3]/.test(s) ? s : '0')).join('')),
        destructible: [],
      };
    });
}

/** Whether two square footprints share a square (the geometry's own test, on Footprints). */
export function footprintsOverlap(a: Footprint, b: Footprint): boolean {
  return overlap(a.cell, a.size, b.cell, b.size);
}
