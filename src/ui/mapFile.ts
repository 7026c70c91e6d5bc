import { SchemaError, parseOrThrow } from '../schema/formatIssues';
import { MapSchema, migrateMap, TERRAIN_CODES, type MapData, type SpaceType } from '../schema/map';
import { migrateParty, PartySchema, type Party } from '../schema/party';

/**
 * Parse a JSON file's text with a migration and a schema: JSON syntax errors and schema errors
 * both become messages naming the file and the JSON path ("cells.3: expected 20 characters…").
 * Nothing is half-loaded.
 */
function parseJsonFile<T>(
  text: string,
  fileName: string,
  parse: (data: unknown) => T,
): { ok: true; value: T } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `${fileName}: not valid JSON (${(e as Error).message})` };
  }
  try {
    return { ok: true, value: parse(data) };
  } catch (e) {
    if (e instanceof SchemaError) return { ok: false, error: e.message };
    throw e;
  }
}

/** Parse a map file (old versions are migrated first). */
export function parseMapFile(
  text: string,
  fileName: string,
): { ok: true; map: MapData } | { ok: false; error: string } {
  const r = parseJsonFile(text, fileName, (d) => parseOrThrow(MapSchema, migrateMap(d), fileName));
  return r.ok ? { ok: true, map: r.value } : r;
}

/** Parse a party file the same way (used by the create-room screen). */
export function parsePartyFile(
  text: string,
  fileName: string,
): { ok: true; party: Party } | { ok: false; error: string } {
  const r = parseJsonFile(text, fileName, (d) => parseOrThrow(PartySchema, migrateParty(d), fileName));
  return r.ok ? { ok: true, party: r.value } : r;
}

/** The map as a file: pretty JSON with one row string per line, ready to download. */
export function serializeMap(map: MapData): string {
  return JSON.stringify(map, null, 2) + '\n';
}

/** A file-name-safe slug of the map name. */
export function mapFileName(map: Pick<MapData, 'name'>): string {
  return (
    (map.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'map') + '.json'
  );
}

/** Write cells into a map (pure: returns a new MapData). Impassable/edge spaces are forced to height 0. */
export function paintMap(
  map: MapData,
  cells: readonly { x: number; y: number }[],
  paint: { space?: SpaceType; height?: number },
): MapData {
  const rows = map.cells.map((r) => r.split(''));
  const hrows = map.heights.map((r) => r.split(''));
  for (const c of cells) {
    const row = rows[c.y];
    const hrow = hrows[c.y];
    if (!row || !hrow || c.x >= map.width) continue;
    if (paint.space) row[c.x] = TERRAIN_CODES[paint.space];
    if (paint.height !== undefined) hrow[c.x] = String(Math.max(0, Math.min(3, paint.height)));
    if (row[c.x] === '#' || row[c.x] === '_') hrow[c.x] = '0';
  }
  const heights = hrows.map((r) => r.join(''));
  const destructible = map.destructible.filter((d) => /^[1-3]$/.test(heights[d.y]?.[d.x] ?? ''));
  return { ...map, cells: rows.map((r) => r.join('')), heights, destructible };
}

/** Resize keeping the north-west part; new spaces are level ground. */
export function resizeMap(map: MapData, width: number, height: number): MapData {
  const row = (r: string | undefined, fill: string): string => (r ?? '').slice(0, width).padEnd(width, fill);
  const cells = Array.from({ length: height }, (_, y) => row(map.cells[y], '.'));
  const heights = Array.from({ length: height }, (_, y) => row(map.heights[y], '0'));
  const destructible = map.destructible.filter((d) => d.x < width && d.y < height);
  return { ...map, width, height, cells, heights, destructible };
}
