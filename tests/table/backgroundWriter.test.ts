import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { setBackground } from '../../src/table/writers/mapWriters';
import { resizeMap } from '../../src/table/writers/mapWriters';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { TableWriteError } from '../../src/table/writers/locateToken';
import { mapOf, room } from './fixtures';
import { replaceMap } from '../../src/table/writers/doorWriters';
import { placeToken } from '../../src/table/writers/tokenWriters';
import type { MapData } from '../../src/schema/map';

const ART = {
  asset: 'a'.repeat(64),
  imageWidth: 1000,
  imageHeight: 800,
  pixelsPerSquare: 100,
  offsetX: 0,
  offsetY: 0,
  terrainOpacity: 0.35,
};

describe('setBackground', () => {
  it('puts a battlemap under the map, one undo step per change, and removes it', () => {
    const docs = room({ map: mapOf(['....', '....']) });
    const undo = createGmUndoManager(docs);
    setBackground(docs, ART);
    expect(readSnapshot(docs.public).map!.background).toEqual(ART);
    setBackground(docs, { ...ART, offsetX: 0.25, pixelsPerSquare: 96.5 });
    expect(readSnapshot(docs.public).map!.background).toMatchObject({ offsetX: 0.25, pixelsPerSquare: 96.5 });
    setBackground(docs, undefined);
    expect(readSnapshot(docs.public).map!.background).toBeUndefined();
    undo.undo();
    expect(readSnapshot(docs.public).map!.background).toMatchObject({ offsetX: 0.25 });
    undo.undo();
    expect(readSnapshot(docs.public).map!.background).toEqual(ART);
    undo.destroy();
  });

  it('a resize keeps the battlemap', () => {
    const docs = room({ map: mapOf(['....', '....']) });
    setBackground(docs, ART);
    resizeMap(docs, 10, 8);
    expect(readSnapshot(docs.public).map!.background).toEqual(ART);
  });

  it('refuses a bad alignment in words and changes nothing', () => {
    const docs = room({ map: mapOf(['....', '....']) });
    setBackground(docs, ART);
    expect(() => setBackground(docs, { ...ART, pixelsPerSquare: 2 })).toThrow(TableWriteError);
    expect(() => setBackground(docs, { ...ART, pixelsPerSquare: 2 })).toThrow(/at least 4 pixels per square/);
    expect(() => setBackground(docs, { ...ART, terrainOpacity: 2 })).toThrow(TableWriteError);
    expect(readSnapshot(docs.public).map!.background).toEqual(ART);
  });
});

describe('replaceMap', () => {
  it('refuses a map that would leave a hidden token off it, naming the token, and changes nothing', () => {
    const docs = room({ map: mapOf(['......', '......']) });
    placeToken(
      docs,
      {
        id: 'lurker',
        name: 'Lurker',
        cell: { x: 5, y: 1 },
        size: 1,
        side: 'foes',
        ownerIds: [],
        combatant: false,
      },
      { hidden: true },
    );
    expect(() => replaceMap(docs, mapOf(['....', '....']) as MapData)).toThrow(
      'Lurker at (5,1) would be outside a 4×2 map; move it first',
    );
    expect(readSnapshot(docs.public).map!.width).toBe(6);
  });
});
