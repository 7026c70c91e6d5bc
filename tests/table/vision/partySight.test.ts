import * as Y from 'yjs';
import { EncounterSchema, migrateEncounter } from '../../../src/schema/encounter';
import { MapSchema } from '../../../src/schema/map';
import { sceneFromEncounter } from '../../../src/table/scenes/sceneSources';
import { activateScene, createScene, usedTokenIds } from '../../../src/table/scenes/sceneWriters';
import { describe, expect, it } from 'vitest';
import { GM_ORIGIN, publicRootsOf, secretRootsOf, SERVER_ORIGIN } from '../../../src/table/docLayout';
import { readSettings } from '../../../src/table/readDoc';
import { readSnapshot } from '../../../src/table/snapshot';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import { moveToken, placeToken, setTokenHidden } from '../../../src/table/writers/tokenWriters';
import { decodeSquares } from '../../../src/table/vision/squareSet';
import { followPartySight } from '../../../src/table/vision/followPartySight';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from '../fixtures';

/**
 * Fog of war shared by the party (room setting `vision: 'party'`, docs/ui/vision.md): a revealed
 * foe the party cannot see is not in the public doc; it comes back when seen; a move never tells
 * players where it went.
 */
function fogRoom() {
  // Ana at (0,1); a wall down column 3, rows 0–2; the ogre (6,0) behind it. From (2,3) Ana
  // sees past the wall's end to (6,0) and (7,0), but not (4,0) or (5,0) right behind it.
  const docs = room({
    map: mapOf(['...#....', '...#....', '...#....', '........']),
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'ogre', statBlock: foe('Ogre'), cell: { x: 6, y: 0 } }], [{ x: 0, y: 1 }]),
  });
  setTokenHidden(docs, 'ogre', false, { keepStatsHidden: true });
  setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'party' });
  return docs;
}
/** Every value players were sent in `updates`, decoded (JSON per item), so a square or a name can be looked for. */
const valuesSent = (updates: readonly Uint8Array[]): string[] =>
  updates.flatMap((u) =>
    Y.decodeUpdate(u).structs.map((s) =>
      JSON.stringify((s as { content?: { arr?: unknown } }).content?.arr ?? null),
    ),
  );
const playersSee = (docs: { public: Y.Doc }) => readSnapshot(docs.public).tokens.map((t) => t.id);

describe('fog of war shared by the party', () => {
  it('turning it on takes the unseen ogre from players, marked for its return, stats still the GM’s', () => {
    const docs = fogRoom();
    expect(playersSee(docs)).toEqual(['ana']);
    expect(secretRootsOf(docs.secrets).tokens.get('ogre')).toMatchObject({ outOfSight: 'stats-hidden' });
    expect(publicRootsOf(docs.public).statBlocks.has('ogre')).toBe(false);
  });

  it('Ana stepping past the wall’s end shows the ogre in the very update of her move', () => {
    const docs = fogRoom();
    const updates: Uint8Array[] = [];
    docs.public.on('update', (u: Uint8Array) => updates.push(u));
    const result = act(docs, player('ana'), move('ana', '0,2 0,3 1,3 2,3'));
    expect(result.ok).toBe(true);
    expect(updates).toHaveLength(1);
    expect(playersSee(docs)).toEqual(['ana', 'ogre']);
    // Back in the players' doc as it was revealed: its stat block still kept from them.
    expect(publicRootsOf(docs.public).statBlocks.has('ogre')).toBe(false);
    expect(publicRootsOf(docs.public).tokens.get('ogre')).not.toHaveProperty('outOfSight');
  });

  it('the GM moving the seen ogre behind the wall: players’ doc loses it, and never holds its new square', () => {
    const docs = fogRoom();
    act(docs, player('ana'), move('ana', '0,2 0,3 1,3 2,3'));
    // As on the GM's page: an undo manager keeps what the GM's steps delete (no garbage collection
    // to lean on), so the write itself must never put the new square in the players' doc.
    new Y.UndoManager([publicRootsOf(docs.public).tokens, secretRootsOf(docs.secrets).tokens], {
      trackedOrigins: new Set([GM_ORIGIN]),
    });
    const updates: Uint8Array[] = [];
    docs.public.on('update', (u: Uint8Array) => updates.push(u));
    moveToken(docs, 'ogre', { x: 4, y: 0 });
    expect(playersSee(docs)).toEqual(['ana']);
    // Nothing players were sent holds the new square: every value in the updates, decoded.
    const sent = valuesSent(updates);
    expect(sent.join(' ')).not.toContain('"x":4');
    // (The same decoding sees a square when one is sent: Ana's move back into the open.)
    act(docs, player('ana'), move('ana', '2,2'));
    const after = valuesSent(updates.slice(-1));
    expect(after.join(' ')).toContain('"x":2,"y":2');
    expect(secretRootsOf(docs.secrets).tokens.get('ogre')).toMatchObject({
      cell: { x: 4, y: 0 },
      outOfSight: 'stats-hidden',
    });
  });

  it('a foe the GM has not revealed is never shown, seen or not; fog off gives back what it took', () => {
    const docs = fogRoom();
    act(docs, player('ana'), move('ana', '0,2 0,3 1,3 2,3'));
    setTokenHidden(docs, 'ogre', true);
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'party' });
    expect(playersSee(docs)).toEqual(['ana']);
    setTokenHidden(docs, 'ogre', false);
    expect(playersSee(docs)).toEqual(['ana', 'ogre']);
    moveToken(docs, 'ogre', { x: 4, y: 0 });
    expect(playersSee(docs)).toEqual(['ana']);
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'off' });
    expect(playersSee(docs)).toEqual(['ana', 'ogre']);
  });
});

describe('fog of war and intents', () => {
  it('a foe’s move out of sight: its new square and its line stay with the GM', () => {
    const docs = fogRoom();
    act(docs, player('ana'), move('ana', '0,2 0,3 1,3 2,3'));
    // As if nothing were garbage-collected: the write itself must hold the square back.
    new Y.UndoManager([publicRootsOf(docs.public).tokens, publicRootsOf(docs.public).log], {
      trackedOrigins: new Set([SERVER_ORIGIN]),
    });
    const updates: Uint8Array[] = [];
    docs.public.on('update', (u: Uint8Array) => updates.push(u));
    const result = act(docs, GM, move('ogre', '5,0 4,0'));
    expect(result.ok).toBe(true);
    expect(playersSee(docs)).toEqual(['ana']);
    const sent = valuesSent(updates);
    expect(sent.join(' ')).not.toContain('"x":4');
    expect(sent.join(' ')).not.toContain('(4,0)');
    expect(readSnapshot(docs.public).log.some((e) => e.summary.includes('Ogre'))).toBe(false);
    expect(secretRootsOf(docs.secrets).tokens.get('ogre')).toMatchObject({ cell: { x: 4, y: 0 } });
    expect(readSnapshot(docs.public, docs.secrets).log.at(-1)!.summary).toContain('Ogre');
  });
});

describe('fog of war and the GM’s writes', () => {
  it('a foe placed or revealed where the party cannot see it is never written into players’ doc', () => {
    const docs = fogRoom();
    new Y.UndoManager([publicRootsOf(docs.public).tokens, publicRootsOf(docs.public).statBlocks], {
      trackedOrigins: new Set([GM_ORIGIN]),
    });
    const updates: Uint8Array[] = [];
    docs.public.on('update', (u: Uint8Array) => updates.push(u));
    placeToken(
      docs,
      {
        id: 'wolf',
        name: 'Grey Wolf',
        cell: { x: 5, y: 1 },
        size: 1,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      },
      { statBlock: foe('Grey Wolf') },
    );
    setTokenHidden(docs, 'ogre', true);
    setTokenHidden(docs, 'ogre', false);
    expect(playersSee(docs)).toEqual(['ana']);
    const sent = valuesSent(updates);
    expect(sent.join(' ')).not.toContain('Grey Wolf');
    expect(sent.join(' ')).not.toContain('Ogre');
    // Ana steps into view of both: they come.
    act(docs, player('ana'), move('ana', '0,2 0,3 1,3 2,3'));
    expect(playersSee(docs)).toEqual(['ana', 'ogre', 'wolf']);
  });
});

describe('what the party has explored', () => {
  it('grows with every step and stays: squares seen once are kept for this scene', async () => {
    const docs = fogRoom();
    // As on the server: what is explored grows in a task of its own, after the intent's answer.
    followPartySight(docs);
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const explored = () => decodeSquares(readSnapshot(docs.public).explored['room']!, 8, 4)!;
    const first = explored();
    expect(first[0 * 8 + 6]).toBe(0); // the ogre's square, behind the wall
    act(docs, player('ana'), move('ana', '0,2 0,3 1,3 2,3'));
    expect(explored()[0 * 8 + 6]).toBe(0); // not on the intent's path…
    await settled();
    expect(explored()[0 * 8 + 6]).toBe(1); // …right after it
    act(docs, player('ana'), move('ana', '1,3 0,3 0,2'));
    await settled();
    // Out of sight again, still explored; everything seen from the start is still there too.
    expect(playersSee(docs)).toEqual(['ana']);
    const later = explored();
    expect(later[0 * 8 + 6]).toBe(1);
    for (let k = 0; k < 32; k++) if (first[k]) expect(later[k]).toBe(1);
  });
});

describe('fog of war when the party moves on to another scene', () => {
  it('a revealed foe the party cannot see from its new squares is never written into players’ doc', () => {
    const docs = fogRoom();
    // The vault: the party arrives at (0,3); a wall hides the wight at (5,0); the bat at (5,3) is in view.
    const vault = MapSchema.parse(mapOf(['...#..', '...#..', '...#..', '......'], undefined, 'Vault'));
    const fight = EncounterSchema.parse(
      migrateEncounter({
        ...encounter([], [{ x: 0, y: 3 }]),
        schemaVersion: 2,
        foes: [
          { id: 'wight', statBlock: foe('Wight'), cell: { x: 5, y: 0 }, hidden: false },
          { id: 'bat', statBlock: foe('Bat'), cell: { x: 5, y: 3 }, hidden: false },
        ],
      }),
    );
    const id = createScene(docs, 'The vault', sceneFromEncounter(fight, vault, usedTokenIds(docs)));
    new Y.UndoManager([publicRootsOf(docs.public).tokens, publicRootsOf(docs.public).statBlocks], {
      trackedOrigins: new Set([GM_ORIGIN]),
    });
    const updates: Uint8Array[] = [];
    docs.public.on('update', (u: Uint8Array) => updates.push(u));
    activateScene(docs, id);
    expect(playersSee(docs)).toEqual(['ana', 'bat']);
    const sent = valuesSent(updates);
    expect(sent.join(' ')).toContain('Bat');
    expect(sent.join(' ')).not.toContain('Wight');
    expect(secretRootsOf(docs.secrets).tokens.get('wight')).toMatchObject({ outOfSight: 'stats-shown' });
  });
});
