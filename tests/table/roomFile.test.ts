import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import { applyIntent } from '../../src/table/applyIntent';
import { exportRoom, importRoom, RoomFileError } from '../../src/table/roomFile';
import { readSnapshot } from '../../src/table/snapshot';
import { paintCells } from '../../src/table/writers/mapWriters';
import { setNote } from '../../src/table/writers/roomWriters';
import { SchemaError } from '../../src/schema/formatIssues';
import { encounter, foe, mapOf, party, pc, room } from './fixtures';

function playedRoom() {
  const docs = room({
    map: mapOf(['......', '......', '......']),
    party: party(pc('Ana')),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 1, y: 0 } },
        { id: 'spy', statBlock: foe('Spy'), cell: { x: 5, y: 2 } },
      ],
      [{ x: 0, y: 0 }],
    ),
  });
  const gm = { role: 'gm' } as const;
  applyIntent(docs, gm, { kind: 'reveal', tokenId: 'orc' }, fixedDice([]), { now: 1 });
  applyIntent(docs, gm, { kind: 'start-combat' }, fixedDice([]), { now: 2 });
  applyIntent(docs, gm, { kind: 'start-turn', tokenId: 'ana' }, fixedDice([]), { now: 3 });
  applyIntent(
    docs,
    gm,
    { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-melee' },
    fixedDice([15, 4, 5]),
    { now: 4 },
  );
  applyIntent(
    docs,
    { role: 'player', characterIds: ['ana'] },
    { kind: 'chat', text: 'Take that' },
    fixedDice([]),
    { now: 5 },
  );
  paintCells(docs, [{ x: 3, y: 1 }], { code: '~' });
  setNote(docs, 'spy', 'Reveal when the door opens');
  return docs;
}

/** The snapshot without the parts that differ by nature between two rooms (none should). */
const gmView = (docs: { public: Y.Doc; secrets: Y.Doc }) =>
  JSON.stringify(readSnapshot(docs.public, docs.secrets));

describe('room files', () => {
  it('export → import into fresh docs reads back the same room (map paint folded in), hidden parts included', () => {
    const docs = playedRoom();
    const file = exportRoom(docs.public, docs.secrets, 99);
    expect(file.public.map.cells[1]).toBe('...~..');
    expect(file.public.tokens.map((t) => t.id).sort()).toEqual(['ana', 'orc']);
    expect(file.secrets.tokens.map((t) => t.id)).toEqual(['spy']);
    expect(file.secrets.notes).toEqual({ spy: 'Reveal when the door opens' });
    expect(file.public.combatants['orc']!.hp).toBe(20);

    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(file)));
    expect(gmView(copy)).toBe(gmView(docs));
    expect(exportRoom(copy.public, copy.secrets, 99)).toEqual(file);
    // The imported room keeps working.
    expect(
      applyIntent(
        copy,
        { role: 'player', characterIds: ['ana'] },
        { kind: 'move', tokenId: 'ana', path: [{ x: 0, y: 1 }] },
        fixedDice([]),
      ).ok,
    ).toBe(true);
  });

  it('a bad file is refused naming every bad path, and nothing is written', () => {
    const played = playedRoom();
    const file = structuredClone(exportRoom(played.public, played.secrets));
    file.public.tokens[0]!.cell.x = -2;
    file.secrets.tokens[0]!.size = 0;
    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    let error: unknown;
    try {
      importRoom(copy.public, copy.secrets, file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).message).toMatch(/^room file:\n/);
    expect((error as SchemaError).issues).toHaveLength(2);
    expect((error as SchemaError).issues[0]).toMatch(/^public\.tokens\.0\.cell\.x: /);
    expect((error as SchemaError).issues[1]).toMatch(/^secrets\.tokens\.0\.size: /);
    expect(Y.encodeStateAsUpdate(copy.public)).toEqual(Y.encodeStateAsUpdate(new Y.Doc()));
  });

  it('a file is not imported over a room that already has content', () => {
    const docs = playedRoom();
    const file = exportRoom(docs.public, docs.secrets);
    expect(() => importRoom(docs.public, docs.secrets, file)).toThrow(RoomFileError);
  });
});
