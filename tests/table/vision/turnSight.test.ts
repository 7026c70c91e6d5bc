import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { publicRootsOf, secretRootsOf } from '../../../src/table/docLayout';
import { readSettings } from '../../../src/table/readDoc';
import { exportRoom, importRoom } from '../../../src/table/roomFile';
import { readSnapshot } from '../../../src/table/snapshot';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import { setTokenHidden } from '../../../src/table/writers/tokenWriters';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from '../fixtures';

/**
 * The turn order under fog of war (src/table/vision/turnSight.ts): a foe acting out of the
 * party's sight is never named to players — its turn reads as "between turns" and it is not among
 * those who acted — while the GM and the rules read the whole order. Ana at (0,1); a wall down
 * column 3, rows 0–2; the ogre at (6,0) behind it.
 */
function foggyFight() {
  const docs = room({
    map: mapOf(['...#....', '...#....', '...#....', '........']),
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'ogre', statBlock: foe('Ogre'), cell: { x: 6, y: 0 } }], [{ x: 0, y: 1 }]),
  });
  setTokenHidden(docs, 'ogre', false);
  setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'party' });
  const sent: Uint8Array[] = [];
  docs.public.on('update', (u: Uint8Array) => sent.push(u));
  expect(act(docs, GM, { kind: 'start-combat' })).toMatchObject({ ok: true });
  expect(act(docs, player('ana'), { kind: 'start-turn', tokenId: 'ana' })).toMatchObject({ ok: true });
  expect(act(docs, player('ana'), { kind: 'end-turn', tokenId: 'ana' })).toMatchObject({ ok: true });
  expect(act(docs, GM, { kind: 'start-turn', tokenId: 'ogre' })).toMatchObject({ ok: true });
  return { docs, sent };
}

const playersOrder = (docs: { public: Y.Doc }) => readSnapshot(docs.public).turn;
const gmOrder = (docs: { public: Y.Doc; secrets: Y.Doc }) => readSnapshot(docs.public, docs.secrets).turn;
const textOf = (updates: readonly Uint8Array[]) =>
  updates
    .flatMap((u) =>
      Y.decodeUpdate(u).structs.map((s) => JSON.stringify((s as { content?: unknown }).content ?? null)),
    )
    .join(' ');

describe('the turn order under fog of war', () => {
  it('the ogre’s turn out of sight: players read "between turns", the GM and the rules the ogre', () => {
    const { docs, sent } = foggyFight();
    expect(gmOrder(docs)).toMatchObject({ currentId: 'ogre', acted: ['ana'] });
    expect(playersOrder(docs)).toMatchObject({ currentId: null, acted: ['ana'], lastSide: 'party' });
    // The rules read the whole order: the ogre ends its turn, and both sides have acted: round 2.
    expect(act(docs, GM, { kind: 'end-turn', tokenId: 'ogre' })).toMatchObject({ ok: true });
    expect(gmOrder(docs)).toMatchObject({ round: 2, acted: [] });
    expect(secretRootsOf(docs.secrets).turn.has('order')).toBe(false); // nothing left to keep
    // No update players were sent names it (with fog off the same decoding finds it: below).
    expect(textOf(sent)).not.toContain('ogre');
  });

  it('fog off gives players the whole order back', () => {
    const { docs } = foggyFight();
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'off' });
    expect(playersOrder(docs)).toMatchObject({ currentId: 'ogre', acted: ['ana'] });
    expect(secretRootsOf(docs.secrets).turn.has('order')).toBe(false);
    expect(JSON.stringify(publicRootsOf(docs.public).turn.get('order'))).toContain('ogre');
  });

  it('the room file carries the whole order, and an import under fog shows players only theirs', () => {
    const { docs } = foggyFight();
    const file = exportRoom(docs.public, docs.secrets, 1);
    expect(file.public.turn).toMatchObject({ currentId: 'ogre' });
    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(file)));
    expect(gmOrder(copy)).toMatchObject({ currentId: 'ogre' });
    expect(playersOrder(copy)).toMatchObject({ currentId: null });
  });

  it('the ogre stepping into sight on its turn: players read whose turn it is', () => {
    const { docs } = foggyFight();
    expect(act(docs, GM, move('ogre', '6,1 6,2 6,3 5,3'))).toMatchObject({ ok: true });
    expect(playersOrder(docs)).toMatchObject({ currentId: 'ogre', acted: ['ana'] });
    expect(secretRootsOf(docs.secrets).turn.has('order')).toBe(false);
  });
});
