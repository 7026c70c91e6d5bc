import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { EncounterSchema, migrateEncounter } from '../../src/schema/encounter';
import { MapSchema } from '../../src/schema/map';
import { MAX_SCENES } from '../../src/schema/scene';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { readMapContent } from '../../src/table/mapContent';
import { readSnapshot, readTableState } from '../../src/table/snapshot';
import { readDrawings } from '../../src/table/readDrawings';
import { exportRoom, importRoom } from '../../src/table/roomFile';
import type { GmDocs } from '../../src/table/scenes/sceneContent';
import { sceneFromEncounter, sceneFromMap } from '../../src/table/scenes/sceneSources';
import {
  activateScene,
  copyActiveScene,
  createScene,
  deleteScene,
  renameScene,
  sceneList,
  usedTokenIds,
} from '../../src/table/scenes/sceneWriters';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { act, encounter, foe, GM, mapOf, party, pc, room } from './fixtures';

/** The first fight: an 8×4 yard, Ana and Bo against a visible wolf and a hidden sniper. */
function campaign(): GmDocs {
  const docs = room({
    map: mapOf(['........', '........', '........', '........'], undefined, 'The yard'),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [
        { id: 'wolf', statBlock: foe('Wolf'), cell: { x: 6, y: 1 } },
        { id: 'sniper', statBlock: foe('Sniper'), cell: { x: 7, y: 3 } },
      ],
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ],
    ),
  });
  act(docs, GM, { kind: 'reveal', tokenId: 'wolf' });
  return docs;
}

/** The next fight, prepared: a 6×6 crypt with a visible ghoul and a hidden lich (v2 encounter). */
const CRYPT = MapSchema.parse(
  mapOf(['......', '..#...', '......', '......', '......', '......'], undefined, 'Crypt'),
);
const CRYPT_FIGHT = EncounterSchema.parse(
  migrateEncounter({
    ...encounter(
      [
        { id: 'ghoul', statBlock: foe('Ghoul'), cell: { x: 3, y: 3 } },
        { id: 'lich', statBlock: foe('Lich'), cell: { x: 5, y: 5 } },
      ],
      [
        { x: 0, y: 5 },
        { x: 1, y: 5 },
      ],
    ),
    schemaVersion: 2,
    foes: [
      { id: 'ghoul', statBlock: foe('Ghoul'), cell: { x: 3, y: 3 }, hidden: false },
      { id: 'lich', statBlock: foe('Lich'), cell: { x: 5, y: 5 }, hidden: true },
    ],
  }),
);

const tokensOf = (docs: GmDocs) => readTableState(docs.public, docs.secrets).tokens;
const cellOf = (docs: GmDocs, id: string) => tokensOf(docs).find((t) => t.id === id)?.cell;

describe('scenes (docs/table/scenes.md)', () => {
  it('a prepared scene is kept in the secrets doc: players receive nothing of it', () => {
    const docs = campaign();
    const before = JSON.stringify(docs.public.toJSON());
    createScene(docs, 'The crypt', sceneFromEncounter(CRYPT_FIGHT, CRYPT, usedTokenIds(docs)));
    const after = JSON.stringify(docs.public.toJSON());
    for (const word of ['crypt', 'Crypt', 'Ghoul', 'Lich', 'ghoul', 'lich'])
      expect(after).not.toContain(word);
    // Not even that a scene was prepared: the public doc is as it was.
    expect(after).toBe(before);
    expect(
      readSnapshot(docs.public)
        .tokens.map((t) => t.id)
        .sort(),
    ).toEqual(['ana', 'bo', 'wolf']);
    expect(sceneList(docs).map((s) => [s.name, s.active])).toEqual([
      ['The yard', true],
      ['The crypt', false],
    ]);
  });

  it('the party moves on: new map and foes, old foes and drawings gone, wounds carried, party on its starts', () => {
    const docs = campaign();
    act(docs, GM, { kind: 'draw', shape: { kind: 'line', from: [0, 2], to: [3, 2] } });
    act(docs, GM, { kind: 'draw', shape: { kind: 'text', at: [5, 3], text: 'ambush' }, layer: 'gm' });
    updateCombatant(docs, 'ana', (s) => ({ ...s, hp: 4, wounds: 1, elixirs: 1 }));
    const id = createScene(docs, 'The crypt', sceneFromEncounter(CRYPT_FIGHT, CRYPT, usedTokenIds(docs)));
    activateScene(docs, id, 1_000);

    expect(readMapContent(docs.public)?.name).toBe('Crypt');
    const players = readSnapshot(docs.public);
    expect(players.tokens.map((t) => t.id).sort()).toEqual(['ana', 'bo', 'ghoul']);
    expect(
      tokensOf(docs)
        .map((t) => t.id)
        .sort(),
    ).toEqual(['ana', 'bo', 'ghoul', 'lich']);
    expect([readDrawings(docs.public), readDrawings(docs.secrets)]).toEqual([[], []]);
    const ana = tokensOf(docs).find((t) => t.id === 'ana')!;
    expect([ana.cell, cellOf(docs, 'bo')]).toEqual([
      { x: 0, y: 5 },
      { x: 1, y: 5 },
    ]);
    expect([ana.state?.hp, ana.state?.wounds, ana.state?.elixirs]).toEqual([4, 1, 1]);
    expect(players.log.at(-1)?.summary).toBe('The party moves on to The crypt');
    expect(players.log.at(-1)?.scene).toBe(id);
    expect(sceneList(docs).find((s) => s.active)?.name).toBe('The crypt');
    // The yard is kept as it was left, in the secrets doc only (the log keeps what happened there).
    const { log: _log, ...live } = docs.public.toJSON();
    expect(JSON.stringify(live)).not.toContain('Wolf');
  });

  it('going back finds the earlier scene as it was left; a log line says where it happened', () => {
    const docs = campaign();
    updateCombatant(docs, 'wolf', (s) => ({ ...s, hp: 3 }));
    act(docs, GM, { kind: 'draw', shape: { kind: 'line', from: [0, 2], to: [3, 2] } });
    const crypt = createScene(docs, 'The crypt', sceneFromMap(CRYPT));
    const yard = sceneList(docs).find((s) => s.active)!.id;
    activateScene(docs, crypt);
    expect(
      tokensOf(docs)
        .map((t) => t.id)
        .sort(),
    ).toEqual(['ana', 'bo']);
    act(docs, GM, { kind: 'move', tokenId: 'ana', path: [{ x: 1, y: 0 }], mode: 'move' });
    expect(readSnapshot(docs.public).log.at(-1)?.scene).toBe(crypt);
    activateScene(docs, yard);
    expect(readMapContent(docs.public)?.name).toBe('The yard');
    const wolf = tokensOf(docs).find((t) => t.id === 'wolf');
    expect([wolf?.cell, wolf?.state?.hp]).toEqual([{ x: 6, y: 1 }, 3]);
    expect(tokensOf(docs).find((t) => t.id === 'sniper')?.hidden).toBe(true);
    expect(readDrawings(docs.public).length).toBe(1);
    // No party starts on a scene made from a map: everyone stands where they stood.
    expect(cellOf(docs, 'ana')).toEqual({ x: 1, y: 0 });
  });

  it('one GM undo takes a whole switch back; a switch during combat or to the active scene is refused', () => {
    const docs = campaign();
    const id = createScene(docs, 'The crypt', sceneFromEncounter(CRYPT_FIGHT, CRYPT, usedTokenIds(docs)));
    const undo = createGmUndoManager(docs);
    activateScene(docs, id);
    expect(undo.undo()).toBe(true);
    expect(readMapContent(docs.public)?.name).toBe('The yard');
    expect(
      tokensOf(docs)
        .map((t) => t.id)
        .sort(),
    ).toEqual(['ana', 'bo', 'sniper', 'wolf']);
    expect(sceneList(docs).find((s) => s.active)?.name).toBe('The yard');
    undo.destroy();

    act(docs, GM, { kind: 'start-combat' });
    expect(() => activateScene(docs, id)).toThrow('end combat before the party moves on');
    act(docs, GM, { kind: 'end-combat' });
    activateScene(docs, id);
    expect(() => activateScene(docs, id)).toThrow('the party is in The crypt already');
    expect(() => deleteScene(docs, id)).toThrow('the party is in this scene');
  });

  it('a copy, a rename and a delete; the bound on scenes is a sentence', () => {
    const docs = campaign();
    const copy = copyActiveScene(docs);
    expect(sceneList(docs).map((s) => s.name)).toEqual(['The yard', 'Copy of The yard']);
    renameScene(docs, copy, 'The yard at night');
    const active = sceneList(docs).find((s) => s.active)!;
    renameScene(docs, active.id, 'The yard by day');
    // Before the party first moves on, players are told no scene name at all.
    expect(readSnapshot(docs.public).scene).toBeNull();
    deleteScene(docs, copy);
    expect(sceneList(docs).map((s) => s.name)).toEqual(['The yard by day']);
    for (let i = 1; i < MAX_SCENES; i++) createScene(docs, `Scene ${i}`, sceneFromMap(CRYPT));
    expect(() => createScene(docs, 'One too many', sceneFromMap(CRYPT))).toThrow(
      `a room keeps at most ${MAX_SCENES} scenes: delete one first`,
    );
    expect(() => renameScene(docs, active.id, '  ')).toThrow('a scene needs a name');
  });

  it('a room file carries every scene and comes back with them', () => {
    const docs = campaign();
    const id = createScene(docs, 'The crypt', sceneFromEncounter(CRYPT_FIGHT, CRYPT, usedTokenIds(docs)));
    activateScene(docs, id);
    const file = exportRoom(docs.public, docs.secrets, 1);
    const again = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(again.public, again.secrets, JSON.parse(JSON.stringify(file)));
    expect(sceneList(again).map((s) => [s.name, s.active])).toEqual(
      sceneList(docs).map((s) => [s.name, s.active]),
    );
    const yard = sceneList(again).find((s) => !s.active)!.id;
    activateScene(again, yard);
    expect(
      tokensOf(again)
        .map((t) => t.id)
        .sort(),
    ).toEqual(['ana', 'bo', 'sniper', 'wolf']);
  });

  it('a new scene’s foes never take an id the room or another scene uses', () => {
    const docs = campaign();
    const wolves = EncounterSchema.parse(
      migrateEncounter({
        ...encounter([{ id: 'wolf', statBlock: foe('Wolf'), cell: { x: 1, y: 1 } }], [{ x: 0, y: 0 }]),
      }),
    );
    const first = sceneFromEncounter(wolves, CRYPT, usedTokenIds(docs));
    expect(first.content.hiddenTokens.map((t) => t.id)).toEqual(['wolf-2']);
    createScene(docs, 'Den', first);
    const second = sceneFromEncounter(wolves, CRYPT, usedTokenIds(docs));
    expect(second.content.hiddenTokens.map((t) => t.id)).toEqual(['wolf-3']);
  });
});
