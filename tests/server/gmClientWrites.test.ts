import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  createGmUndoManager,
  moveToken,
  paintCells,
  placeToken,
  postChat,
  postLogNote,
  removeToken,
  resizeMap,
  setDestructible,
  setNote,
  setRoomSettings,
  setStatBlock,
  setTokenHidden,
  updateCombatant,
} from '../../src/table';
import { DEFAULT_ROOM_SETTINGS } from '../../src/schema/settings';
import { gmTable, SAMPLE_CHARACTERS, useTestServer, waitFor } from './helpers';

describe("the GM client's own writes pass the server's write check", () => {
  const server = useTestServer();

  it('map editing, tokens, stats, notes, settings, log, chat, hide/reveal, undo and redo all arrive', async () => {
    const { roomId, pub, sec, docs, closes } = await gmTable(server, 2);
    const undo = createGmUndoManager(docs);
    const foe = {
      ...(SAMPLE_CHARACTERS[0] as object),
      kind: 'foe',
      name: 'Ogre',
      size: 2,
      template: 'elite',
    };
    delete (foe as { basicAttacks?: unknown }).basicAttacks;
    delete (foe as { elixirs?: unknown }).elixirs;

    resizeMap(docs, 30, 20);
    paintCells(
      docs,
      [
        { x: 10, y: 10 },
        { x: 11, y: 10 },
      ],
      { code: '~', height: 2 },
    );
    setDestructible(docs, [{ x: 10, y: 10 }], true);
    placeToken(
      docs,
      {
        id: 'ogre',
        name: 'Ogre',
        cell: { x: 20, y: 5 },
        size: 2,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      },
      {
        hidden: true,
        statBlock: foe as never,
      },
    );
    moveToken(docs, 'ogre', { x: 22, y: 6 });
    setTokenHidden(docs, 'ogre', false, { keepStatsHidden: true });
    setStatBlock(docs, 'ogre', { ...(foe as object), defense: 12 } as never, true);
    updateCombatant(docs, 'ogre', (state) => ({ ...state, hp: state.hp - 3 }));
    setNote(docs, 'ogre', 'Hits hard, flees at half HP');
    setRoomSettings(docs, { ...DEFAULT_ROOM_SETTINGS, resistanceStacks: true });
    postLogNote(docs, 'The gate creaks', false);
    postLogNote(docs, 'Only the GM knows', true);
    postChat(docs, 'GM', 'Welcome');
    undo.undo(); // the chat line
    undo.undo(); // the GM-only note
    undo.redo();
    removeToken(docs, 'maren-stalwart');
    undo.undo();

    const server_ = server.room(roomId);
    await waitFor(
      () =>
        Buffer.compare(Y.encodeStateVector(server_.public.doc), Y.encodeStateVector(pub.doc)) === 0 &&
        Buffer.compare(Y.encodeStateVector(server_.secrets.doc), Y.encodeStateVector(sec.doc)) === 0,
      'the server to hold every write',
    );
    expect(closes).toEqual([]);
    expect(server_.public.doc.getMap('map').get('width')).toBe(30);
    expect(server_.public.doc.getMap('tokens').has('ogre')).toBe(true);
    expect(server_.public.doc.getMap('tokens').has('maren-stalwart')).toBe(true);
    expect(server_.secrets.doc.getMap('notes').get('ogre')).toBe('Hits hard, flees at half HP');
    expect(server_.public.doc.getArray('chat').length).toBe(0); // undone
    // The server holds exactly what the GM's client holds.
    for (const [mine, theirs] of [
      [pub.doc, server_.public.doc],
      [sec.doc, server_.secrets.doc],
    ] as const) {
      for (const name of theirs.share.keys()) {
        const read = (doc: Y.Doc) =>
          name === 'log' || name === 'chat' ? doc.getArray(name).toJSON() : doc.getMap(name).toJSON();
        expect(read(theirs)).toEqual(read(mine));
      }
    }
  });
});
