import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { overrideNumbers } from '../../src/ui/combat/gmCombatWrites';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, room } from './fixtures';

/** Ana (dazed) and the Orc on an open field, in combat. */
function seeded(): TableDocs {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 1 } }], [{ x: 0, y: 1 }]),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' });
  return docs;
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const state = (docs: TableDocs, id: string) => snap(docs).tokensById[id]!.state!;
const DEFEATED_PC = { hp: 0, defeated: true, incapacitated: true, wounds: 1, statuses: [] };

// Rulebook (Victory and defeat): 0 HP defeats, whatever brought it there (docs/rules/health-and-defeat.md#defeat-by-any-path).
describe('defeat through every path', () => {
  it("the GM's adjust-hp to 0 defeats Ana with a wound, as damage does, and the log says so", () => {
    const docs = seeded();
    expect(act(docs, GM, { kind: 'adjust-hp', tokenId: 'ana', amount: 50 }).ok).toBe(true);
    expect(state(docs, 'ana')).toMatchObject(DEFEATED_PC);
    expect(snap(docs).log.at(-1)!.summary).toBe(
      'GM: Ana 40 → 0 HP (GM adjustment): defeated and takes a wound',
    );
  });

  it('a GM doc write of 0 HP (the token panel) defeats Ana with a wound', () => {
    const docs = seeded();
    updateCombatant(docs, 'ana', (s) => ({ ...s, hp: 0 }));
    expect(state(docs, 'ana')).toMatchObject(DEFEATED_PC);
    updateCombatant(docs, 'orc', (s) => ({ ...s, hp: 0 }));
    expect(state(docs, 'orc')).toMatchObject({ hp: 0, defeated: true, incapacitated: true, wounds: 0 });
  });

  it("the GM's override of the numbers to 0 HP defeats Ana with a wound, one logged step", () => {
    const docs = seeded();
    overrideNumbers(docs, 'ana', { hp: 0, vigor: 0, wounds: 0 });
    expect(state(docs, 'ana')).toMatchObject(DEFEATED_PC);
    expect(snap(docs).log.at(-1)!.summary).toBe('GM sets Ana: HP 40 → 0: defeated and takes a wound');
  });

  it('a fourth wound by any path kills', () => {
    const docs = seeded();
    updateCombatant(docs, 'ana', (s) => ({ ...s, wounds: 3, hp: 10 }));
    updateCombatant(docs, 'ana', (s) => ({ ...s, hp: 0 }));
    expect(state(docs, 'ana')).toMatchObject({ hp: 0, dead: true, defeated: true, wounds: 3 });
  });
});
