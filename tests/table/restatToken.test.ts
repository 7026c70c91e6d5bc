import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { restatToken } from '../../src/table/writers/restatToken';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { TableWriteError } from '../../src/table/writers/locateToken';
import { encounter, foe, mapOf, party, pc, room } from './fixtures';

function seeded() {
  return room({
    map: mapOf(['......', '......']),
    party: party(pc('Ana')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc', { health: 10 }) }].map((f) => ({ ...f, cell: { x: 5, y: 0 } })),
      [{ x: 0, y: 0 }],
    ),
  });
}

const orc = (docs: ReturnType<typeof seeded>) => readSnapshot(docs.public, docs.secrets).tokensById['orc']!;

describe('restatToken: the GM saves a whole stat block from the editor', () => {
  it('writes the block, keeps the damage taken, and is one undo step', () => {
    const docs = seeded();
    updateCombatant(docs, 'orc', (s) => ({ ...s, hp: 32 }));
    const undo = createGmUndoManager(docs);
    const block = { ...orc(docs).statBlock!, health: 12, defense: 14, name: 'Orc Chief' };
    restatToken(docs, 'orc', block);
    expect(orc(docs).statBlock).toMatchObject({ health: 12, defense: 14 });
    expect(orc(docs).state).toMatchObject({ hp: 40 });
    expect(orc(docs).maxHp).toBe(48);
    undo.undo();
    expect(orc(docs).statBlock).toMatchObject({ health: 10, defense: 9 });
    expect(orc(docs).state).toMatchObject({ hp: 32 });
  });

  it('refuses a block the schema refuses, in words, and writes nothing', () => {
    const docs = seeded();
    const bad = { ...orc(docs).statBlock!, health: 0 };
    expect(() => restatToken(docs, 'orc', bad)).toThrow(TableWriteError);
    expect(() => restatToken(docs, 'orc', bad)).toThrow(/Health: at least 1/);
    expect(orc(docs).statBlock).toMatchObject({ health: 10 });
  });
});
