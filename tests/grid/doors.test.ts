import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { lineOfSight, makeBattlefield, parseAsciiMap, reach } from '../../src/grid';
import { MapSchema } from '../../src/schema/map';
import type { MapData } from '../../src/schema/map';
import { readMapContent, writeMapContent } from '../../src/table/mapContent';
import { publicRootsOf } from '../../src/table/docLayout';

/** Two rooms split by a wall with a doorway at (3, 2); A on the west, B on the east. */
function doorway(closed: boolean): MapData {
  const { map } = parseAsciiMap(`
    . . . # . . .
    . . . # . . .
    . . . . . . .
    . . . # . . .
    . . . # . . .`);
  return { ...map, doors: [{ x: 3, y: 2, closed }] };
}
const people = [
  { id: 'A', cell: { x: 0, y: 0 }, size: 1, side: 'party' as const },
  { id: 'B', cell: { x: 6, y: 4 }, size: 1, side: 'party' as const },
];

describe('doors', () => {
  it('a closed door blocks sight and movement like a wall', () => {
    const bf = makeBattlefield(doorway(true), people);
    expect(lineOfSight(bf, 'A', 'B').visible).toBe(false);
    const spaces = reach(bf, 'A', { budget: 40 }).spaces.map((s) => `${s.cell.x},${s.cell.y}`);
    expect(spaces).not.toContain('3,2');
    expect(spaces).not.toContain('4,2');
  });

  it('an open door lets sight and movement through', () => {
    const bf = makeBattlefield(doorway(false), people);
    expect(lineOfSight(bf, 'A', 'B').visible).toBe(true);
    const spaces = reach(bf, 'A', { budget: 40 }).spaces.map((s) => `${s.cell.x},${s.cell.y}`);
    expect(spaces).toContain('3,2');
    expect(spaces).toContain('6,4');
  });

  it('the map schema keeps doors on the map, on passable squares, once each', () => {
    const base = doorway(true);
    expect(MapSchema.safeParse(base).success).toBe(true);
    const bad = MapSchema.safeParse({
      ...base,
      doors: [
        { x: 9, y: 0, closed: true },
        { x: 3, y: 0, closed: true },
        { x: 3, y: 2, closed: true },
        { x: 3, y: 2, closed: false },
      ],
    });
    expect(bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'doors.0: (9,0) is outside the 7×5 map',
      'doors.1: (3,0) is impassable (a door stands on a square one can walk through)',
      'doors.3: (3,2) is listed twice',
    ]);
  });

  it('the room doc keeps each door open or closed by its square, and reads it back into the map', () => {
    const doc = new Y.Doc();
    writeMapContent(doc, doorway(true));
    expect(readMapContent(doc)!.doors).toEqual([{ x: 3, y: 2, closed: true }]);
    publicRootsOf(doc).doors.set('3,2', false);
    expect(readMapContent(doc)!.doors).toEqual([{ x: 3, y: 2, closed: false }]);
    // A map without doors clears them.
    const { map } = parseAsciiMap('. .');
    writeMapContent(doc, map);
    expect(readMapContent(doc)!.doors ?? []).toEqual([]);
    expect(publicRootsOf(doc).doors.size).toBe(0);
  });
});

describe('doors in the room snapshot', () => {
  it('the snapshot map follows a door opened after it was first read', async () => {
    const { readSnapshot } = await import('../../src/table/snapshot');
    const doc = new Y.Doc();
    writeMapContent(doc, doorway(true));
    expect(readSnapshot(doc).map!.doors).toEqual([{ x: 3, y: 2, closed: true }]);
    publicRootsOf(doc).doors.set('3,2', false);
    expect(readSnapshot(doc).map!.doors).toEqual([{ x: 3, y: 2, closed: false }]);
  });
});
