import { describe, expect, it } from 'vitest';
import { createGmUndoManager } from '../../../src/table/createGmUndoManager';
import type { TableDocs } from '../../../src/table/docLayout';
import { publicRootsOf, SYSTEM_ORIGIN } from '../../../src/table/docLayout';
import { readSettings } from '../../../src/table/readDoc';
import { readSnapshot } from '../../../src/table/snapshot';
import { paintExplored } from '../../../src/table/vision/fogBrush';
import { decodeSquares, encodeSquares } from '../../../src/table/vision/squareSet';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import { EncounterSchema, migrateEncounter } from '../../../src/schema/encounter';
import { MapSchema } from '../../../src/schema/map';
import { sceneFromEncounter } from '../../../src/table/scenes/sceneSources';
import { activateScene, createScene, usedTokenIds } from '../../../src/table/scenes/sceneWriters';
import { cells, encounter, mapOf, party, pc, room } from '../fixtures';

/**
 * The GM's fog brush (docs/table/fog-of-war.md): a stroke adds squares to what the party has
 * explored of the active scene, or takes them away (never the squares the party sees now), in
 * one GM transaction of the public doc.
 */

/**
 * 8×4; a wall down column 3, rows 0–2; Ana at (0,1) sees up to the wall (the wall too) and row 3
 * as far as (5,3).
 */
function brushRoom(fog: boolean) {
  const docs = room({
    map: mapOf(['...#....', '...#....', '...#....', '........']),
    party: party(pc('Ana')),
    encounter: encounter([], [{ x: 0, y: 1 }]),
  });
  if (fog) setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'party' });
  return docs;
}

/** The room's explored set under `key` as rows: `o` explored, `.` not. */
function explored(docs: TableDocs, key = 'room', width = 8, height = 4): string[] | null {
  const text = readSnapshot(docs.public).explored[key];
  if (text === undefined) return null;
  const bits = decodeSquares(text, width, height);
  if (!bits) throw new Error(`explored.${key} is no ${width}×${height} set: ${text}`);
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => (bits[y * width + x] ? 'o' : '.')).join(''),
  );
}

/** Counts the updates the public doc sends from now on. */
function updatesOf(docs: TableDocs): () => number {
  let n = 0;
  docs.public.on('update', () => n++);
  return () => n;
}

describe('the GM’s fog brush', () => {
  it('Reveal adds the painted squares to an empty room’s explored set, exactly', () => {
    const docs = brushRoom(false);
    expect(explored(docs)).toBeNull();
    expect(paintExplored(docs, cells('5,0 6,0 5,1'), true)).toBe(3);
    expect(explored(docs)).toEqual(['.....oo.', '.....o..', '........', '........']);
    // Bits 5, 6 and 13, little-endian in bytes: 0b0110_0000, 0b0010_0000, 0, 0.
    expect(publicRootsOf(docs.public).explored.get('room')).toBe(
      encodeSquares(Uint8Array.from({ length: 32 }, (_, k) => (k === 5 || k === 6 || k === 13 ? 1 : 0))),
    );
  });

  it('adds to what fog explored, and Hide again takes painted squares away but not those the party sees', () => {
    const docs = brushRoom(true);
    const before = ['oooo....', 'oooo....', 'oooo....', 'oooooo..'];
    expect(explored(docs)).toEqual(before);
    paintExplored(docs, cells('4,0 5,0 4,1 5,1'), true);
    expect(explored(docs)).toEqual(['oooooo..', 'oooooo..', 'oooo....', 'oooooo..']);
    // (1,1) and (2,3) are in Ana's sight: they stay explored; (4,0) and (5,1) go dark again.
    expect(paintExplored(docs, cells('4,0 5,1 1,1 2,3'), false)).toBe(2);
    expect(explored(docs)).toEqual(['oooo.o..', 'ooooo...', 'oooo....', 'oooooo..']);
  });

  it('squares off the map are ignored, and a stroke that changes nothing writes nothing', () => {
    const docs = brushRoom(true);
    const sent = updatesOf(docs);
    const off = [
      { x: -1, y: 0 },
      { x: 8, y: 0 },
      { x: 0, y: 4 },
      { x: 1.5, y: 0 },
    ];
    expect(paintExplored(docs, off, true)).toBe(0);
    // Already explored, revealed again; never explored, hidden; seen, hidden: nothing changes.
    expect(paintExplored(docs, cells('0,0 5,3'), true)).toBe(0);
    expect(paintExplored(docs, cells('5,0 6,1'), false)).toBe(0);
    expect(paintExplored(docs, cells('0,1 1,1'), false)).toBe(0);
    expect(paintExplored(docs, [], true)).toBe(0);
    expect(sent()).toBe(0);
    expect(explored(docs)).toEqual(['oooo....', 'oooo....', 'oooo....', 'oooooo..']);
  });

  it('other scenes’ sets are left as they were; a set of another map’s size starts over at this one’s', () => {
    const docs = brushRoom(false);
    const other = encodeSquares(Uint8Array.from([1, 0, 1, 1, 0, 0]));
    const roots = publicRootsOf(docs.public);
    docs.public.transact(() => {
      roots.explored.set('scene-cellar', other);
      roots.explored.set('room', encodeSquares(new Uint8Array(6).fill(1))); // a 3×2 map's
    }, SYSTEM_ORIGIN);
    paintExplored(docs, cells('7,3'), true);
    expect(roots.explored.get('scene-cellar')).toBe(other);
    expect(explored(docs)).toEqual(['........', '........', '........', '.......o']);
  });

  it('paints the active scene’s set, on that scene’s map, and leaves the room’s first one alone', () => {
    const docs = brushRoom(true);
    const first = explored(docs);
    const vault = MapSchema.parse(mapOf(['....', '....'], undefined, 'Vault'));
    const fight = EncounterSchema.parse(
      migrateEncounter({ ...encounter([], [{ x: 0, y: 0 }]), schemaVersion: 2, foes: [] }),
    );
    const id = createScene(docs, 'The vault', sceneFromEncounter(fight, vault, usedTokenIds(docs)));
    activateScene(docs, id);
    paintExplored(docs, cells('3,1 9,9'), true);
    expect(explored(docs, id, 4, 2)).toEqual(['....', '...o']);
    expect(explored(docs)).toEqual(first);
  });

  it('one stroke is one step of the GM’s undo', () => {
    const docs = brushRoom(true);
    const undo = createGmUndoManager(docs);
    paintExplored(docs, cells('4,0 5,0 6,0 7,0'), true);
    paintExplored(docs, cells('4,0 5,0'), false);
    expect(explored(docs)![0]).toBe('oooo..oo');
    expect(undo.undo()).toBe(true);
    expect(explored(docs)![0]).toBe('oooooooo');
    expect(undo.undo()).toBe(true);
    expect(explored(docs)![0]).toBe('oooo....');
    expect(undo.canUndo()).toBe(false);
  });
});

describe('the fog brush under per-player fog', () => {
  it('paints one player’s explored squares (the GM’s playerExplored), never the party’s, and hides none they see', () => {
    const docs = brushRoom(false);
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'per-player' });
    const robin = { channel: 'a1b2c3d4e5f6', characterIds: ['ana'] };
    const mine = () => {
      const text = readSnapshot(docs.public, docs.secrets).playerExplored[`${robin.channel}:room`];
      return text === undefined ? null : decodeSquares(text, 8, 4);
    };
    expect(paintExplored(docs, cells('5,0 6,0'), true, robin)).toBe(2);
    expect(mine()?.[0 * 8 + 5]).toBe(1);
    expect(mine()?.[0 * 8 + 6]).toBe(1);
    expect(publicRootsOf(docs.public).explored.size).toBe(0); // nothing in the players' doc
    // Hide again: (6,0) goes; (0,0), which Ana sees now, is never taken (and never added).
    expect(paintExplored(docs, cells('6,0 0,0'), false, robin)).toBe(1);
    expect(mine()?.[0 * 8 + 6]).toBe(0);
    expect(mine()?.[0 * 8 + 5]).toBe(1);
  });
});
