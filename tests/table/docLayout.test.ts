import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readSnapshot } from '../../src/table/snapshot';
import { migrateDoc, publicRootsOf, rootsOf, TableSchemaError } from '../../src/table/docLayout';
import { paintCells } from '../../src/table/writers/mapWriters';
import { moveToken } from '../../src/table/writers/tokenWriters';
import { observeTable } from '../../src/table/observeTable';
import type { TableChanges } from '../../src/table/observeTable';
import { seedRoom } from '../../src/table/seedRoom';
import { SchemaError } from '../../src/schema/formatIssues';
import { encounter, foe, mapOf, party, pc, room } from './fixtures';

const MAP = mapOf(
  [
    '......', //
    '.~~...',
    '...#..',
    '......',
  ],
  [
    '000000', //
    '000110',
    '000020',
    '000000',
  ],
);

function seeded(revealFoes = false) {
  return room({
    map: MAP,
    party: party(pc('Ana Vale'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc-1', statBlock: foe('Orc'), cell: { x: 5, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ],
    ),
    revealFoes,
  });
}

describe('doc layout and snapshot', () => {
  it('a seeded room reads back as the map, the PCs at the party starts and the foes hidden', () => {
    const docs = seeded();
    const gm = readSnapshot(docs.public, docs.secrets);
    expect(gm.schemaVersion).toBe(1);
    expect(gm.map?.cells).toEqual(MAP.cells);
    expect(gm.map?.heights).toEqual(MAP.heights);
    expect(gm.tokens.map((t) => [t.id, t.cell.x, t.cell.y, t.hidden, t.side])).toEqual([
      ['ana-vale', 0, 0, false, 'party'],
      ['bo', 0, 1, false, 'party'],
      ['orc-1', 5, 0, true, 'foes'],
    ]);
    expect(gm.tokensById['ana-vale']!.ownerIds).toEqual(['ana-vale']);
    expect(gm.tokensById['ana-vale']!.maxHp).toBe(40);
    expect(gm.tokensById['orc-1']!.state!.hp).toBe(32);
    expect(gm.problems).toEqual([]);

    const player = readSnapshot(docs.public);
    expect(player.view).toBe('player');
    expect(player.tokens.map((t) => t.id)).toEqual(['ana-vale', 'bo']);
    // Hiding = not sending: the foe is nowhere in the bytes a player receives.
    const bytes = new TextDecoder().decode(Y.encodeStateAsUpdate(docs.public));
    expect(bytes).not.toContain('orc-1');
    expect(bytes).not.toContain('Orc');
  });

  it('tokens report the elevation of the highest square under their footprint', () => {
    const docs = seeded(true);
    moveToken(docs, 'orc-1', { x: 4, y: 1 });
    expect(readSnapshot(docs.public).tokensById['orc-1']!.elevation).toBe(1);
    moveToken(docs, 'orc-1', { x: 4, y: 2 });
    expect(readSnapshot(docs.public).tokensById['orc-1']!.elevation).toBe(2);
  });

  it('snapshots are deeply frozen plain data', () => {
    const snap = readSnapshot(seeded().public);
    expect(Object.isFrozen(snap)).toBe(true);
    expect(Object.isFrozen(snap.tokens[0]!.cell)).toBe(true);
    expect(Object.isFrozen(snap.map!.cells)).toBe(true);
    expect(() => {
      (snap.tokens[0]!.cell as { x: number }).x = 5;
    }).toThrow(TypeError);
  });

  it('an invalid stored value is skipped and reported with its path, the rest still reads', () => {
    const docs = seeded();
    docs.public.transact(() =>
      rootsOf(docs.public).tokens.set('broken', { id: 'broken', name: 'X', cell: { x: -1, y: 0 } }),
    );
    const snap = readSnapshot(docs.public);
    expect(snap.tokens.map((t) => t.id)).toEqual(['ana-vale', 'bo']);
    expect(snap.problems).toHaveLength(1);
    expect(snap.problems[0]).toMatch(/^public\.tokens\.broken: cell\.x: /);
  });

  it('painting one square of a 100×100 map is a small update; the seeded map stays compact', () => {
    const width = 100;
    const cells = Array.from({ length: 100 }, (_, y) =>
      y % 7 === 0 ? '..~~..!!..'.repeat(10) : '.'.repeat(width),
    );
    const heights = Array.from({ length: 100 }, (_, y) =>
      y % 5 === 0 ? '0123'.repeat(25) : '0'.repeat(width),
    );
    const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
    seedRoom(docs.public, docs.secrets, { map: mapOf(cells, heights) });
    const seededSize = Y.encodeStateAsUpdate(docs.public).byteLength;
    expect(seededSize).toBeLessThan(30_000);
    const updates: Uint8Array[] = [];
    docs.public.on('update', (u: Uint8Array) => updates.push(u));
    paintCells(docs, [{ x: 40, y: 41 }], { code: '~', height: 2 });
    expect(updates).toHaveLength(1);
    expect(updates[0]!.byteLength).toBeLessThan(60);
    expect(readSnapshot(docs.public).map!.cells[41]![40]).toBe('~');
    expect(readSnapshot(docs.public).map!.heights[41]![40]).toBe('2');
  });

  it('a doc from a newer build is refused with the versions named', () => {
    const docs = seeded();
    expect(() => migrateDoc(docs.public)).not.toThrow();
    rootsOf(docs.public).meta.set('schemaVersion', 99);
    expect(() => migrateDoc(docs.public)).toThrow(TableSchemaError);
    expect(() => migrateDoc(docs.public)).toThrow('meta.schemaVersion is 99; this build reads up to 1');
  });

  it('seeding refuses bad input naming the file and path, and writes nothing', () => {
    const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
    const bad = { ...MAP, cells: ['......', '.~~...', '...#..', '.....'] };
    expect(() => seedRoom(docs.public, docs.secrets, { map: bad })).toThrow(SchemaError);
    expect(() => seedRoom(docs.public, docs.secrets, { map: bad })).toThrow(
      /map:\n {2}cells\.3: expected 6 characters/,
    );
    const onWall = encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 3, y: 2 } }], [{ x: 0, y: 0 }]);
    expect(() => seedRoom(docs.public, docs.secrets, { map: MAP, encounter: onWall })).toThrow(
      'This encounter does not fit the map: Orc (size 1) does not fit at (3,2): impassable ground is in the way at (3,2)',
    );
    expect(Y.encodeStateVector(docs.public)).toEqual(Y.encodeStateVector(new Y.Doc()));
    expect(publicRootsOf(docs.public).mapRows.size).toBe(0);
  });

  it('observeTable reports which squares and tokens changed, batched per burst', async () => {
    const docs = seeded(true);
    const seen: TableChanges[] = [];
    const stop = observeTable(docs, (c) => seen.push(c));
    paintCells(docs, [{ x: 2, y: 3 }], { code: '!' });
    moveToken(docs, 'bo', { x: 1, y: 0 });
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect([...seen[0]!.cells]).toEqual(['2,3']);
    expect([...seen[0]!.tokens]).toEqual(['bo']);
    expect(seen[0]!.mapAll).toBe(false);
    expect(seen[0]!.log).toBe(false);
    stop();
    moveToken(docs, 'bo', { x: 2, y: 0 });
    await Promise.resolve();
    expect(seen).toHaveLength(1);
  });

  it('a player doc fed only the public updates converges to the same public snapshot', () => {
    const docs = seeded();
    const playerDoc = new Y.Doc();
    Y.applyUpdate(playerDoc, Y.encodeStateAsUpdate(docs.public));
    docs.public.on('update', (u: Uint8Array) => Y.applyUpdate(playerDoc, u));
    moveToken(docs, 'ana-vale', { x: 2, y: 0 });
    const a = readSnapshot(docs.public);
    const b = readSnapshot(playerDoc);
    expect(JSON.stringify(b.tokens)).toBe(JSON.stringify(a.tokens));
    expect(b.tokensById['ana-vale']!.cell).toEqual({ x: 2, y: 0 });
  });
});
