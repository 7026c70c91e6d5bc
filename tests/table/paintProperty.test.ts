import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { MapSchema } from '../../src/schema/map';
import { readSnapshot } from '../../src/table/snapshot';
import { paintCells } from '../../src/table/writers/mapWriters';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { seedRoom } from '../../src/table/seedRoom';
import { mapOf } from './fixtures';

const W = 7;
const H = 5;
const paintArb = fc.record({
  cells: fc.array(
    fc.record({ x: fc.integer({ min: 0, max: W - 1 }), y: fc.integer({ min: 0, max: H - 1 }) }),
    {
      minLength: 1,
      maxLength: 6,
    },
  ),
  paint: fc.oneof(
    fc.record({ code: fc.constantFrom('.', '~', '!', '#', '_') }),
    fc.record({ height: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ code: fc.constantFrom('.', '~', '!'), height: fc.integer({ min: 0, max: 3 }) }),
  ),
});

function fresh() {
  const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
  seedRoom(docs.public, docs.secrets, { map: mapOf(Array.from({ length: H }, () => '.'.repeat(W))) });
  return docs;
}

describe('map painting (properties)', () => {
  it('two GMs painting concurrently converge to the same map, and it always passes MapSchema', () => {
    fc.assert(
      fc.property(
        fc.array(paintArb, { maxLength: 8 }),
        fc.array(paintArb, { maxLength: 8 }),
        (opsA, opsB) => {
          const a = fresh();
          const b = { public: new Y.Doc(), secrets: new Y.Doc() };
          Y.applyUpdate(b.public, Y.encodeStateAsUpdate(a.public));
          for (const op of opsA) paintCells(a, op.cells, op.paint);
          for (const op of opsB) paintCells(b, op.cells, op.paint);
          Y.applyUpdate(a.public, Y.encodeStateAsUpdate(b.public));
          Y.applyUpdate(b.public, Y.encodeStateAsUpdate(a.public));
          const mapA = readSnapshot(a.public).map;
          expect(readSnapshot(b.public).map).toEqual(mapA);
          expect(MapSchema.safeParse(mapA).success).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('undoing every paint restores the original map exactly', () => {
    fc.assert(
      fc.property(fc.array(paintArb, { minLength: 1, maxLength: 10 }), (ops) => {
        const docs = fresh();
        const before = readSnapshot(docs.public).map;
        const undo = createGmUndoManager(docs);
        for (const op of ops) paintCells(docs, op.cells, op.paint);
        let steps = 0;
        while (undo.undo()) steps++;
        expect(steps).toBe(ops.length);
        expect(readSnapshot(docs.public).map).toEqual(before);
        undo.destroy();
      }),
      { numRuns: 60 },
    );
  });
});
